import { expect } from 'chai';
import { createLogger } from '../../../shared/logging/logger.js';
import { warmUpEInvoiceReader } from './warm-up-e-invoice-reader.js';

describe('extractor: warming up the e-invoice reader at start-up', () => {
  it('given pdf.js, when warmed up, then a sample PDF is looked through and nothing is logged', async () => {
    const lines: unknown[] = [];
    await warmUpEInvoiceReader(createLogger('extractor-test', 'info', { write: (line: string) => lines.push(JSON.parse(line)) }));
    expect(lines).to.deep.equal([]);
  });
});
