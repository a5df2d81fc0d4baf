import { availableParallelism } from 'node:os';
import { expect } from 'chai';
import { ExtractorConfig } from './extractor-config.js';

describe('extractor config', () => {
  it('defaults to one OCR worker per core, at most four, reading English, German, French and Italian at once', () => {
    expect(ExtractorConfig.parse({})).to.deep.include({
      OCR_LANGUAGES: ['eng', 'deu', 'fra', 'ita'],
      OCR_WORKERS: Math.min(availableParallelism(), 4),
    });
  });

  it('takes the languages and workers from the environment', () => {
    expect(ExtractorConfig.parse({ OCR_LANGUAGES: 'deu+fra', OCR_WORKERS: '2' })).to.deep.include({
      OCR_LANGUAGES: ['deu', 'fra'],
      OCR_WORKERS: 2,
    });
  });

  it('refuses at start-up a language whose data is not installed, since nothing is downloaded at run time', () => {
    const result = ExtractorConfig.safeParse({ OCR_LANGUAGES: 'deu+spa' });

    expect(result.success).to.equal(false);
    expect(result.error?.issues[0]?.path).to.deep.equal(['OCR_LANGUAGES']);
  });

  it('refuses zero workers', () => {
    expect(ExtractorConfig.safeParse({ OCR_WORKERS: '0' }).success).to.equal(false);
  });

  it('gives a page two minutes of OCR time unless told otherwise, and refuses none', () => {
    expect(ExtractorConfig.parse({}).OCR_PAGE_BUDGET_SECONDS).to.equal(120);
    expect(ExtractorConfig.parse({ OCR_PAGE_BUDGET_SECONDS: '30' }).OCR_PAGE_BUDGET_SECONDS).to.equal(30);
    expect(ExtractorConfig.safeParse({ OCR_PAGE_BUDGET_SECONDS: '0' }).success).to.equal(false);
  });
});
