import type { DocumentView, FileEntry } from './document-view.js';

export const RELATIONSHIPS = ['accounting_document', 'sender_address', 'receiver_address'] as const;
export type RelationshipName = (typeof RELATIONSHIPS)[number];

export interface RenderOptions {
  /** Absolute URL of the tenant's API root as the client addressed it, e.g. `https://host/api/v1/acme`. */
  tenantBaseUrl: string;
  include: ReadonlySet<RelationshipName>;
  /** `documents`, or `document` when a client created the document with that spelling. */
  typeName?: 'documents' | 'document';
}

const fileObject = (documentUrl: string, entry: FileEntry) => ({
  url: `${documentUrl}/files/${entry.file_id}`,
  file_name: entry.file_name,
  mime_type: entry.mime_type,
});

const notIncluded = { meta: { included: false } } as const;

/** A document as a JSON:API resource, and the related records the client asked to include. */
export const renderDocument = (view: DocumentView, options: RenderOptions) => {
  const documentUrl = `${options.tenantBaseUrl}/documents/${view.id}`;
  const files = (entries: FileEntry[]) => entries.map((entry) => fileObject(documentUrl, entry));
  const { source_files, enhanced_pdf, signed_pdf, previews, thumbnail, ...plain } = view.document;
  const included: unknown[] = [];
  const relationships: Record<string, unknown> = {};
  for (const name of RELATIONSHIPS) {
    const record = view[name];
    if (!record || !options.include.has(name)) {
      relationships[name] = notIncluded;
      continue;
    }
    relationships[name] = { data: { type: name, id: view.id } };
    included.push({
      type: name,
      id: view.id,
      attributes: record,
      relationships: { document: notIncluded },
    });
  }
  return {
    resource: {
      type: options.typeName ?? 'documents',
      id: view.id,
      attributes: {
        ...plain,
        source_files: files(source_files),
        enhanced_pdf: enhanced_pdf ? files(enhanced_pdf) : null,
        signed_pdf: signed_pdf ? fileObject(documentUrl, signed_pdf) : null,
        previews: files(previews),
        thumbnail: thumbnail ? fileObject(documentUrl, thumbnail) : null,
      },
      relationships,
      links: { self: documentUrl },
    },
    included,
  };
};
