import { Router, type Request } from 'express';
import { auditDocument, exportDocument, type AuditPorts, type DocumentAudit } from '../../shared/audit/document-audit.js';
import { methodNotAllowed } from '../../shared/http/error-handler.js';
import { sendDocument } from '../../shared/http/json-api.js';
import { tenantBaseUrl } from '../../shared/http/tenant-urls.js';
import type { SigningIdentity } from '../../shared/signing/p12-identity.js';

export interface AuditRouteOptions {
  publicBaseUrl: string | null;
  signingIdentity: SigningIdentity;
}

const UNCHAINED_NOTE = 'no chain: written before chaining';

const auditResource = (audit: DocumentAudit, documentUrl: string) => ({
  type: 'document_audits',
  id: audit.documentId,
  attributes: {
    chain_status: audit.chain.status,
    intact: audit.chain.status !== 'broken' && audit.blobs.missing.length === 0 && audit.blobs.mismatched.length === 0,
    events: audit.chain.events,
    first_chained_revision: audit.chain.firstChainedRevision,
    head_hash: audit.chain.headHash,
    breaks: audit.chain.breaks,
    note:
      audit.chain.status === 'unchained'
        ? UNCHAINED_NOTE
        : audit.chain.firstChainedRevision
          ? `revisions 0 to ${audit.chain.firstChainedRevision - 1} were written before chaining; the chain from revision ${audit.chain.firstChainedRevision} on seals them`
          : null,
    blobs: audit.blobs,
    checked_at: audit.checkedAt,
  },
  links: { self: `${documentUrl}/audit`, export: `${documentUrl}/export`, document: documentUrl },
});

/** The auditor's checks of one document: whether its history holds, and a signed archive of it. */
export const createAuditRouter = (ports: AuditPorts, options: AuditRouteOptions): Router => {
  const router = Router({ mergeParams: true });
  const tenantOf = (request: Request) => String(request.res!.locals.tenantId);
  const documentIdOf = (request: Request) => String(request.params.documentId);

  router.get('/documents/:documentId/audit', async (request, response) => {
    const audit = await auditDocument(ports, tenantOf(request), documentIdOf(request));
    const documentUrl = `${tenantBaseUrl(request, options.publicBaseUrl)}/documents/${audit.documentId}`;
    sendDocument(response, 200, { data: auditResource(audit, documentUrl) });
  });
  router.all('/documents/:documentId/audit', methodNotAllowed(['GET']));

  router.get('/documents/:documentId/export', async (request, response) => {
    const archive = await exportDocument(ports, options.signingIdentity, tenantOf(request), documentIdOf(request));
    response
      .status(200)
      .type('application/gzip')
      .setHeader('Content-Disposition', `attachment; filename="kontor-${tenantOf(request)}-${documentIdOf(request)}.tar.gz"`)
      .setHeader('Cache-Control', 'no-store')
      .send(archive);
  });
  router.all('/documents/:documentId/export', methodNotAllowed(['GET']));

  return router;
};
