import { expect } from 'chai';
import { independentCorpora, independentCorpusSizeFor, INDEPENDENT_CORPUS_SIZE } from './independent-corpora.js';

/*
 * A run may read the independent generator beyond its 320 documents (a new tuning split, 320–399): the
 * corpus grows to the run's --limit, and the documents it already had stay the same, ids and truth.
 */

describe('bench: the independent corpora’s size', () => {
  it('given no limit or one within the corpus, when sized, then it keeps its 320 documents', () => {
    expect(independentCorpusSizeFor(null)).to.equal(INDEPENDENT_CORPUS_SIZE);
    expect(independentCorpusSizeFor(200)).to.equal(INDEPENDENT_CORPUS_SIZE);
  });

  it('given a limit beyond the corpus, when sized, then it grows to the limit', () => {
    expect(independentCorpusSizeFor(400)).to.equal(400);
  });

  it('given a grown corpus, when loaded, then its first 320 documents are the same ids and truth', async () => {
    const [usual] = independentCorpora({ cacheDirectory: '/nonexistent', size: INDEPENDENT_CORPUS_SIZE });
    const [grown] = independentCorpora({ cacheDirectory: '/nonexistent', size: independentCorpusSizeFor(400) });
    const [usualSamples, grownSamples] = await Promise.all([usual!.load(), grown!.load()]);
    expect(grownSamples).to.have.length(400);
    const summary = (samples: typeof usualSamples) => samples.map(({ name, expected, tags }) => ({ name, expected, tags }));
    expect(summary(grownSamples.slice(0, INDEPENDENT_CORPUS_SIZE))).to.deep.equal(summary(usualSamples));
  });
});
