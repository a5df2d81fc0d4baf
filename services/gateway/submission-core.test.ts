import { expect } from 'chai';
import { decideSubmission, type SubmitDocument } from './submission-core.js';

const command = (overrides: Partial<SubmitDocument> = {}): SubmitDocument => ({
  documentId: 'doc-1',
  tenantId: 'tenant-a',
  submittedAt: '2026-03-12T10:00:00.000Z',
  urls: [],
  uploads: [],
  customFields: {},
  documentType: null,
  extractLineItems: null,
  extractionProcess: null,
  ...overrides,
});

const upload = (hash: string, fileName: string) => ({ blob: { hash: hash.repeat(64), size: 10 }, fileName, mimeType: 'application/pdf' });

describe('gateway: deciding a submission', () => {
  it('when URLs and inline files are submitted, then URLs come first and inline files are stored at once', () => {
    const events = decideSubmission(
      command({ urls: ['https://a.example/1.pdf', 'https://a.example/2.pdf'], uploads: [upload('a', 'upload-1.pdf')] }),
    );

    expect(events.map((event) => event.type)).to.deep.equal(['DocumentSubmitted', 'SourceFileStored']);
    const submitted = events[0]!;
    expect(submitted.type === 'DocumentSubmitted' && submitted.data.sources).to.deep.equal([
      { index: 0, kind: 'url', url: 'https://a.example/1.pdf' },
      { index: 1, kind: 'url', url: 'https://a.example/2.pdf' },
      { index: 2, kind: 'upload' },
    ]);
    const stored = events[1]!;
    expect(stored.type === 'SourceFileStored' && stored.data.sourceIndex).to.equal(2);
  });

  it('keeps what the client asked for, and null for what it did not say', () => {
    const [submitted] = decideSubmission(
      command({ urls: ['https://a.example/1.pdf'], documentType: 'receipt', extractLineItems: true, customFields: { ref: 'A-1' } }),
    );

    expect(submitted!.type === 'DocumentSubmitted' && submitted!.data).to.include({
      documentType: 'receipt',
      extractLineItems: true,
      extractionProcess: null,
    });
  });
});
