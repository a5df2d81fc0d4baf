import { expect } from 'chai';
import { runsOf, type PageWords, type Word } from './page-lines.js';
import { locatePartyBlock, type PartyBlock } from './party-block.js';
import { PERTURBATIONS } from './perturbations.js';

/*
 * The perturbations change a party's block as OCR and layouts do, on the page's words, and nothing else.
 * The page: a sender's block at the top left, its name again in the footer.
 */

const word = (text: string, left: number, top: number, width = 0.06): Word => ({
  text,
  box: [left, top, left + width, top + 0.012],
  confidence: 0.9,
});
const PAGE: PageWords = new Map([
  [
    1,
    [
      word('Muster', 0.1, 0.1),
      word('AG', 0.165, 0.1, 0.03),
      word('Bahnhofstrasse', 0.1, 0.12, 0.12),
      word('12', 0.225, 0.12, 0.02),
      word('8001', 0.1, 0.14, 0.04),
      word('Zürich', 0.145, 0.14),
      word('Rechnung', 0.1, 0.3, 0.1),
      word('Muster', 0.4, 0.95),
      word('AG', 0.465, 0.95, 0.03),
    ],
  ],
]);
const EXPECTED = {
  'sender_address.company_name': 'Muster AG',
  'sender_address.street_and_number': 'Bahnhofstrasse 12',
  'sender_address.postal_code': '8001',
  'sender_address.city_name': 'Zürich',
};
const BLOCK: PartyBlock = locatePartyBlock(PAGE, EXPECTED, 'sender')!;

const perturbation = (start: string) => PERTURBATIONS.find(({ name }) => name.startsWith(start))!;
const lines = (pages: PageWords | null) => runsOf(pages!.get(1)!).map((run) => run.map((w) => w.text).join(' '));
const applied = (start: string, nth = 0, block = BLOCK) => perturbation(start).apply(block, PAGE, nth);

describe('locatePartyBlock: the party’s block as the truth names it', () => {
  it('takes the topmost print of the name, and the lines under it to the postal line', () => {
    expect(BLOCK.name.words.map((w) => w.text)).to.deep.equal(['Muster', 'AG']);
    expect(BLOCK.prints).to.have.length(2);
    expect(BLOCK.lines.map((line) => line.map((w) => w.text).join(' '))).to.deep.equal(['Bahnhofstrasse 12', '8001 Zürich']);
    expect(BLOCK.street!.map((w) => w.text)).to.deep.equal(['Bahnhofstrasse', '12']);
    expect(BLOCK.postal!.map((w) => w.text)).to.deep.equal(['8001', 'Zürich']);
    expect(BLOCK.contact).to.equal(null);
    expect(BLOCK.nameAlone).to.equal(true);
  });

  it('finds none where OCR read no print of the name word for word', () => {
    expect(locatePartyBlock(PAGE, { ...EXPECTED, 'sender_address.company_name': 'Beispiel GmbH' }, 'sender')).to.equal(null);
  });
});

describe('the perturbations of a party’s block', () => {
  it('a logo mark beside the name: a bracketed mark on the name’s row, left of it', () => {
    expect(lines(applied('a logo mark beside'))[0]).to.equal('JA) Muster AG');
  });

  it('a logo mark glued to the name: a sign at the head of its first word', () => {
    expect(lines(applied('a logo mark glued'))[0]).to.equal('©Muster AG');
  });

  it('a logo’s garbage line: marks on a line of their own above the name', () => {
    expect(lines(applied('a logo’s garbage')).slice(0, 2)).to.deep.equal(['(@) Sa', 'Muster AG']);
  });

  it('adds no mark over a word already there (a contact’s line right above the name)', () => {
    const withContact: PageWords = new Map([[1, [...PAGE.get(1)!, word('Anna', 0.1, 0.0865, 0.04)]]]);
    expect(perturbation('a logo’s garbage').apply(BLOCK, withContact, 0)).to.equal(null);
  });

  it('the name split over two lines: its last word a line down, the block pushed down with it', () => {
    expect(lines(applied('the name split')).slice(0, 4)).to.deep.equal(['Muster', 'AG', 'Bahnhofstrasse 12', '8001 Zürich']);
  });

  it('one character of the name misread in every print alike', () => {
    const read = lines(applied('one character of the name misread, every print'));
    expect([read[0], read.at(-1)]).to.deep.equal(['Mnster AG', 'Mnster AG']);
  });

  it('one character of the name misread in its first print only', () => {
    const read = lines(applied('one character of the name misread in its first print'));
    expect([read[0], read.at(-1)]).to.deep.equal(['Mnster AG', 'Muster AG']);
  });

  it('the name’s first print not delivered: the footer’s print is left', () => {
    expect(lines(applied('the name’s first print'))).to.deep.equal(['Bahnhofstrasse 12', '8001 Zürich', 'Rechnung', 'Muster AG']);
  });

  it('a house number misread: a digit for a letter of its shape', () => {
    expect(lines(applied('one character of the house number'))[1]).to.equal('Bahnhofstrasse l2');
  });

  it('a postal code and a town misread', () => {
    expect(lines(applied('one character of the postal code'))[2]).to.equal('B001 Zürich');
    expect(lines(applied('one character of the town'))[2]).to.equal('8001 Zünich');
  });

  it('a street or postal line not delivered', () => {
    expect(lines(applied('the street line'))).to.deep.equal(['Muster AG', '8001 Zürich', 'Rechnung', 'Muster AG']);
    expect(lines(applied('the postal line'))).to.deep.equal(['Muster AG', 'Bahnhofstrasse 12', 'Rechnung', 'Muster AG']);
  });

  it('the block’s lines shifted sideways: each line under the name moved, the name kept', () => {
    const shifted = applied('the block’s lines shifted')!.get(1)!;
    expect(shifted.map((w) => Number(w.box[0].toFixed(4))).slice(0, 6)).to.deep.equal([0.1, 0.165, 0.1075, 0.2325, 0.0925, 0.1375]);
  });

  it('applies to nothing where the block has no such part: a print read once, no contact', () => {
    const printedOnce = { ...BLOCK, prints: [BLOCK.name] };
    expect(applied('one character of the name misread in its first print', 0, printedOnce)).to.equal(null);
    expect(applied('the name’s first print', 0, printedOnce)).to.equal(null);
    expect(applied('one character of the contact’s line')).to.equal(null);
  });

  it('leaves the words it was given as they were', () => {
    const before = JSON.stringify([...PAGE]);
    for (const { apply, tries } of PERTURBATIONS) for (let nth = 0; nth < tries; nth++) apply(BLOCK, PAGE, nth);
    expect(JSON.stringify([...PAGE])).to.equal(before);
  });
});
