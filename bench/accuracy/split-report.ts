/**
 * `npx tsx bench/accuracy/split-report.ts <results.json> [from-to …]`: the independent corpora of an accuracy run by
 * document range and split (`0-100 100-140 140-200`): fields other than items (right / wrong / missing / extra), line
 * items (recall and precision: an expected item counts when its title and amount are right) and the address fields,
 * so a range no rule was written from can be judged apart from the documents read while writing them; `all` pools
 * both splits, with the fields missed most often.
 */
import { readFile } from 'node:fs/promises';
import { independentDocument, INDEPENDENT_SEED } from './independent-generator/independent-corpus.js';
import { expectedFieldsOf } from './judged-fields.js';

interface Problem {
  field: string;
  outcome: 'wrong' | 'missing' | 'extra';
  actual: string | null;
}
interface DocumentResult {
  name: string;
  tags: Record<string, string>;
  headerCounts: Record<'right' | 'wrong' | 'missing' | 'extra', number>;
  problems: Problem[];
}

const ADDRESS_FIELDS = ['company_name', 'street_and_number', 'postal_code', 'city_name', 'country_code', 'contact_person_name'].flatMap(
  (field) => [`sender_address.${field}`, `receiver_address.${field}`],
);
const ITEM_TITLE_OR_AMOUNT = /^accounting_document\.items\.(\d+)\.(?:title|amount_total)$/;
const percent = (part: number, whole: number) => `${((100 * part) / Math.max(whole, 1)).toFixed(1)} %`;

const [file, ...rangeArguments] = process.argv.slice(2);
if (!file) throw new Error('usage: split-report.ts <results.json> [from-to …]');
const results = JSON.parse(await readFile(file, 'utf8')) as { corpora: { name: string; documents: DocumentResult[] }[] };
const ranges = (rangeArguments.length > 0 ? rangeArguments : ['0-1000']).map((range) => range.split('-').map(Number) as [number, number]);
const indexOf = (document: DocumentResult) => Number(/^i(\d+)/.exec(document.name)![1]);
const truths = new Map<number, Record<string, unknown>>();
const expectedOf = (index: number) => {
  if (!truths.has(index)) truths.set(index, expectedFieldsOf(independentDocument(INDEPENDENT_SEED, index).truth));
  return truths.get(index)!;
};

for (const corpus of results.corpora.filter((candidate) => candidate.name.startsWith('independent-'))) {
  for (const [from, to] of ranges) {
    for (const split of ['tuning', 'held-out', 'all']) {
      const documents = corpus.documents.filter(
        (document) => (split === 'all' || document.tags.split === split) && indexOf(document) >= from && indexOf(document) < to,
      );
      if (documents.length === 0) continue;
      const fields = { right: 0, wrong: 0, missing: 0, extra: 0 };
      const items = { expected: 0, read: 0, right: 0 };
      const addresses = new Map<string, { right: number; judged: number }>();
      const missed = new Map<string, number>();
      for (const document of documents) {
        for (const outcome of Object.keys(fields) as (keyof typeof fields)[]) fields[outcome] += document.headerCounts[outcome];
        const expected = expectedOf(indexOf(document));
        const expectedItems = Number(expected['accounting_document.items.count'] ?? 0);
        const wrongItems = new Set<number>();
        let readItems = expectedItems;
        for (const problem of document.problems) {
          const field = problem.field.replace(/\.items\.\d+\./, '.items.*.');
          missed.set(field, (missed.get(field) ?? 0) + 1);
          const item = ITEM_TITLE_OR_AMOUNT.exec(problem.field);
          if (item && problem.outcome !== 'extra') wrongItems.add(Number(item[1]));
          if (problem.field === 'accounting_document.items.count') readItems = problem.actual ? Number(problem.actual) : 0;
        }
        items.expected += expectedItems;
        items.read += readItems;
        items.right += Array.from({ length: expectedItems }, (_, index) => index).filter((index) => !wrongItems.has(index)).length;
        for (const field of ADDRESS_FIELDS.filter((candidate) => expected[candidate] !== undefined && expected[candidate] !== null)) {
          const tally = addresses.get(field) ?? { right: 0, judged: 0 };
          tally.judged++;
          if (!document.problems.some((problem) => problem.field === field)) tally.right++;
          addresses.set(field, tally);
        }
      }
      const judged = fields.right + fields.wrong + fields.missing;
      console.log(
        `${corpus.name} ${from}-${to} ${split} (${documents.length} documents): fields ${percent(fields.right, judged)} ` +
          `(${fields.right}/${fields.wrong}/${fields.missing}/${fields.extra}); items recall ${percent(items.right, items.expected)}, ` +
          `precision ${percent(items.right, items.read)} (${items.right} of ${items.expected}, ${items.read} read)`,
      );
      console.log(`  ${[...addresses].map(([field, { right, judged: count }]) => `${field} ${percent(right, count)}`).join('; ')}`);
      if (split === 'all') {
        const most = [...missed].sort((a, b) => b[1] - a[1]).slice(0, 10);
        console.log(`  missed most often: ${most.map(([field, count]) => `${field} ${count}`).join('; ')}`);
      }
    }
  }
}
