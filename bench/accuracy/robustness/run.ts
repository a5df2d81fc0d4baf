/**
 * Robustness of the party readers on documents they were tuned on: for each independent-generator document
 * of 0–199 whose party's company is read right from its recognized words, each perturbation of the party's
 * block (perturbations.ts) is applied to those words and the fields extracted again; the table counts the
 * documents whose company, whole party or contact the perturbation lost. A way to judge a rule's generality
 * without a fresh split of unseen documents.
 *
 *   npm run bench:robustness -- [--party sender|receiver] [--limit <n ≤ 200>] [--variant scanned|photographed]
 *                               [--recognition-cache <dir>] [--perturbation <part of its name>] [--losses]
 *
 * --perturbation keeps the perturbations whose name contains the text; --losses lists each try that lost a
 * field, with the party's values read before and after (to trace one perturbed document).
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
import { outcomeOf, PARTY_FIELDS, robustnessTable, type Trial } from './robustness-report.js';

/** Documents from 200 on are the fresh split judged apart: the probe never reads them. */
const TUNING_DOCUMENTS = 200;
const VARIANTS = ['scanned', 'photographed'] as const;

const { values: options } = parseArgs({
  options: {
    party: { type: 'string' },
    limit: { type: 'string', default: String(TUNING_DOCUMENTS) },
    variant: { type: 'string' },
    'recognition-cache': { type: 'string' },
    perturbation: { type: 'string' },
    losses: { type: 'boolean', default: false },
  },
});
const limit = Number(options.limit);
if (!Number.isInteger(limit) || limit < 1 || limit > TUNING_DOCUMENTS)
  throw new Error(`--limit must be 1 to ${TUNING_DOCUMENTS}: documents from ${TUNING_DOCUMENTS} on are never read here`);
const parties = PARTIES.filter((party) => (options.party ?? party) === party);
const variants = VARIANTS.filter((variant) => (options.variant ?? variant) === variant);
if (parties.length === 0) throw new Error(`--party must be one of ${PARTIES.join(', ')}`);
if (variants.length === 0) throw new Error(`--variant must be one of ${VARIANTS.join(', ')}`);

const perturbations = PERTURBATIONS.filter(({ name }) => name.includes(options.perturbation ?? ''));
if (perturbations.length === 0) throw new Error(`--perturbation matches none of: ${PERTURBATIONS.map(({ name }) => name).join('; ')}`);

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

/** The party's fields as one line: the truth's, or the extraction's. */
const expectedValues = (expected: ExpectedFields, party: Party) =>
  PARTY_FIELDS.map((field) => JSON.stringify(expected[`${party}_address.${field}`] ?? null)).join(' · ');
const readValues = (data: ExtractedData, party: Party) => {
  const address = party === 'sender' ? data.senderAddress : data.receiverAddress;
  const read = (field: string) =>
    field === 'street_and_number'
      ? [address?.street, address?.house_number].filter(Boolean).join(' ') || null
      : (address?.[field as keyof typeof address] ?? null);
  return PARTY_FIELDS.map((field) => JSON.stringify(read(field))).join(' · ');
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
      for (const { name, touches, tries, apply } of perturbations)
        for (let nth = 0; nth < tries; nth++) {
          const words = apply(block, input.words, nth);
          if (!words) continue;
          const perturbed = path.fieldsOf({ ...input, words });
          const trial: Trial = {
            document: sample.name,
            party,
            variant,
            perturbation: name,
            touches,
            before,
            after: rightFields(sample.expected, party, perturbed),
          };
          trials.push(trial);
          const outcome = outcomeOf(trial);
          if (options.losses && (outcome.company || outcome.whole || outcome.contact))
            console.log(
              [
                `${sample.name} ${variant} ${party} | ${name} #${nth}`,
                `  expected ${expectedValues(sample.expected, party)}`,
                `  read     ${readValues(perturbed, party)}`,
              ].join('\n'),
            );
        }
    }
  }
}
await path.stop();
console.log(
  robustnessTable(
    trials,
    variants,
    perturbations.map(({ name }) => name),
  ),
);
console.log(`\n${limit} documents per variant, ${trials.length} tries, ${((performance.now() - started) / 1000).toFixed(0)} s`);
