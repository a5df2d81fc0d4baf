/**
 * Robustness of the party readers on documents they were tuned on: for each independent-generator document
 * of 0–199 whose party's company is read right from its recognized words, each perturbation of the party's
 * block (perturbations.ts) is applied to those words and the fields extracted again; the table counts the
 * documents whose company, whole party or contact the perturbation lost. A way to judge a rule's generality
 * without a fresh split of unseen documents.
 *
 *   npm run bench:robustness -- [--party sender|receiver] [--limit <n ≤ 200>] [--variant scanned|photographed]
 *                               [--recognition-cache <dir>]
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createExtractionPath } from '../extraction-path.js';
import { independentCorpora } from '../independent-corpora.js';
import { compareAllFields } from '../judged-fields.js';
import { openRecognitionCache } from '../recognition-cache.js';
import type { ExtractedData } from '../../../contracts/events/extracted-data.js';
import type { ExpectedFields } from '../compare-fields.js';
import { locatePartyBlock, PARTIES, type Party } from './party-block.js';
import { PERTURBATIONS } from './perturbations.js';
import { PARTY_FIELDS, robustnessTable, type Trial } from './robustness-report.js';

/** Documents from 200 on are the fresh split judged apart: the probe never reads them. */
const TUNING_DOCUMENTS = 200;
const VARIANTS = ['scanned', 'photographed'] as const;

const { values: options } = parseArgs({
  options: {
    party: { type: 'string' },
    limit: { type: 'string', default: String(TUNING_DOCUMENTS) },
    variant: { type: 'string' },
    'recognition-cache': { type: 'string' },
  },
});
const limit = Number(options.limit);
if (!Number.isInteger(limit) || limit < 1 || limit > TUNING_DOCUMENTS)
  throw new Error(`--limit must be 1 to ${TUNING_DOCUMENTS}: documents from ${TUNING_DOCUMENTS} on are never read here`);
const parties = PARTIES.filter((party) => (options.party ?? party) === party);
const variants = VARIANTS.filter((variant) => (options.variant ?? variant) === variant);
if (parties.length === 0) throw new Error(`--party must be one of ${PARTIES.join(', ')}`);
if (variants.length === 0) throw new Error(`--variant must be one of ${VARIANTS.join(', ')}`);

const path = createExtractionPath({
  workers: 1,
  recognitionCache: options['recognition-cache'] ? openRecognitionCache(options['recognition-cache']) : null,
});
const corpora = independentCorpora({ cacheDirectory: join(import.meta.dirname, '../.generated') });

/** The party's fields read right. */
const rightFields = (expected: ExpectedFields, party: Party, data: ExtractedData) => {
  const judged = Object.fromEntries(
    PARTY_FIELDS.map((field) => `${party}_address.${field}`).flatMap((key) => (key in expected ? [[key, expected[key]!]] : [])),
  );
  return new Set(
    compareAllFields(judged, data).flatMap(({ field, outcome }) => (outcome === 'right' ? [field.slice(`${party}_address.`.length)] : [])),
  );
};

const started = performance.now();
const trials: Trial[] = [];
for (const variant of variants) {
  const corpus = corpora.find((candidate) => candidate.name === `independent-${variant}`)!;
  for (const sample of (await corpus.load()).slice(0, limit)) {
    const input = await path.input(await sample.files());
    const unperturbed = path.fieldsOf(input);
    for (const party of parties) {
      const before = rightFields(sample.expected, party, unperturbed);
      const block = before.has('company_name') ? locatePartyBlock(input.words, sample.expected, party) : null;
      if (!block) continue;
      for (const { name, touches, tries, apply } of PERTURBATIONS)
        for (let nth = 0; nth < tries; nth++) {
          const words = apply(block, input.words, nth);
          if (words)
            trials.push({
              document: sample.name,
              party,
              variant,
              perturbation: name,
              touches,
              before,
              after: rightFields(sample.expected, party, path.fieldsOf({ ...input, words })),
            });
        }
    }
  }
}
await path.stop();
console.log(
  robustnessTable(
    trials,
    variants,
    PERTURBATIONS.map(({ name }) => name),
  ),
);
console.log(`\n${limit} documents per variant, ${trials.length} tries, ${((performance.now() - started) / 1000).toFixed(0)} s`);
