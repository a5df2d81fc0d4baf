import { expect } from 'chai';
import type { PdfRegion } from '../../converter/index.js';
import { codePlaces } from './code-places.js';

const A4 = { widthPt: 595, heightPt: 842 };
const MM = 72 / 25.4;
/** A box `width` × `height` mm whose top left corner is `left`, `top` mm from the page's. */
const box = (left: number, top: number, width: number, height: number): PdfRegion => ({
  left: left * MM,
  top: top * MM,
  right: (left + width) * MM,
  bottom: (top + height) * MM,
});
const holds = (outer: PdfRegion, inner: PdfRegion) =>
  outer.left <= inner.left && outer.top <= inner.top && outer.right >= inner.right && outer.bottom >= inner.bottom;

describe('swiss payments: where a page with a text layer may hold a QR code', () => {
  it('given a page that draws nothing but text, then there is nowhere to search', () => {
    expect(codePlaces([], A4)).to.deep.equal([]);
  });

  it('given a QR-bill code drawn as one path, then its place holds it with a margin for the quiet zone', () => {
    const code = box(67, 240, 46, 46);
    const places = codePlaces([code, box(87, 260, 6, 6)], A4)!;
    expect(places).to.have.length(1);
    expect(holds(places[0]!, code)).to.equal(true);
    expect(places[0]!.left).to.be.below(code.left);
  });

  it('given a code drawn module by module, then the touching modules make one place', () => {
    const modules = Array.from({ length: 25 * 25 }, (_, index) =>
      box(20 + (index % 25) * 0.4, 200 + Math.floor(index / 25) * 0.4, 0.4, 0.4),
    );
    const places = codePlaces(modules, A4)!;
    expect(places).to.have.length(1);
    expect(holds(places[0]!, box(20, 200, 10, 10))).to.equal(true);
  });

  it('given a code drawn run by run, long runs among them, then its shorter runs make its place', () => {
    // Each row alternates dark and light runs of these lengths (in modules), shifted row by row; dark runs are drawn.
    const lengths = [7, 1, 3, 1, 9, 2, 1, 1];
    const runs = Array.from({ length: 25 }, (_, row) => {
      const drawn: PdfRegion[] = [];
      for (let left = 0, index = row; left < 25; index++) {
        const length = Math.min(lengths[index % lengths.length]!, 25 - left);
        if (index % 2 === 0) drawn.push(box(20 + left * 0.4, 200 + row * 0.4, length * 0.4, 0.4));
        left += length;
      }
      return drawn;
    }).flat();
    const places = codePlaces(runs, A4)!;
    expect(places).to.have.length(1);
    expect(holds(places[0]!, box(20, 200, 10, 10))).to.equal(true);
  });

  it('given table rules, cell borders and underlines, then nothing is searched: a line makes no code', () => {
    const cellBorders = Array.from({ length: 6 }, (_, row) => [
      box(12, 100 + row * 6.2, 0.7, 6.2),
      box(92, 100 + row * 6.2, 0.7, 6.2),
    ]).flat();
    const rules = [box(12, 100, 190, 0.3), box(12, 110, 190, 0.3), box(12, 137, 80, 1.4), box(30, 50, 60, 0.5), ...cellBorders];
    expect(codePlaces(rules, A4)).to.deep.equal([]);
  });

  it('given marks too small for a readable code (a bullet, a tick box), then nothing is searched', () => {
    expect(codePlaces([box(20, 30, 2, 2), box(100, 30, 3, 3)], A4)).to.deep.equal([]);
  });

  it('given a logo and a coloured header bar, then each is searched apart, and only they', () => {
    const logo = box(13, 20, 53, 19);
    const bar = box(13, 120, 190, 6.4);
    const places = codePlaces([logo, bar], A4)!;
    expect(places).to.have.length(2);
    expect(places.some((place) => holds(place, logo))).to.equal(true);
    expect(places.some((place) => holds(place, bar))).to.equal(true);
  });

  it('given a picture over most of the page (a scan under its text layer), then the whole page is searched', () => {
    expect(codePlaces([box(0, 0, 210, 297)], A4)).to.equal(null);
  });

  it('given many separate figures (a page of drawings), then the whole page is searched at once', () => {
    const figures = Array.from({ length: 12 }, (_, index) => box(10 + (index % 4) * 50, 20 + Math.floor(index / 4) * 60, 10, 10));
    expect(codePlaces(figures, A4)).to.equal(null);
  });
});
