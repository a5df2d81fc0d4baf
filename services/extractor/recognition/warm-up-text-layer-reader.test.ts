import { expect } from 'chai';
import { createLogger } from '../../../shared/logging/logger.js';
import { warmUpTextLayerReader } from './warm-up-text-layer-reader.js';

describe('extractor: warming up the text-layer reader at start-up', () => {
  it('given pdf.js, when warmed up, then the sample page is read and nothing is logged', async () => {
    const lines: unknown[] = [];
    await warmUpTextLayerReader(createLogger('extractor-test', 'info', { write: (line: string) => lines.push(JSON.parse(line)) }));
    expect(lines).to.deep.equal([]);
  });
});
