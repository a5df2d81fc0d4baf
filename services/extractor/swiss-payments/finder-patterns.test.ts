import { expect } from 'chai';
import sharp from 'sharp';
import { PAYMENT_PART_CODE, pageWithCodes } from '../../../test/support/qr-page.js';
import { corpusPath } from '../../../harness/corpora.js';
import { mayHoldQrCode } from './finder-patterns.js';
import { grayImageOf } from './gray-image.js';

const BILL = ['SPC', '0200', '1', 'CH4431999123000889012', 'S', 'Robert Schneider AG', '', '', '2501', 'Biel', 'CH'].join('\n');

/** As the decoder looks: the page at half resolution. */
const halfOf = (image: Buffer) => grayImageOf(image, 1240);

describe('swiss payments: the finder-pattern check before the QR search', function () {
  this.timeout(60_000);

  it('passes a page with a QR-bill code, upright, turned and as JPEG', async () => {
    const code = [{ text: BILL, ...PAYMENT_PART_CODE }];
    expect(mayHoldQrCode(await halfOf(await pageWithCodes(code)))).to.equal(true);
    expect(mayHoldQrCode(await halfOf(await pageWithCodes(code, { rotate: 90 })))).to.equal(true);
    expect(mayHoldQrCode(await halfOf(await pageWithCodes(code, { format: 'jpeg' })))).to.equal(true);
  });

  it('passes a code that fills its whole image, solid dark areas and all (no quiet zone)', async () => {
    const side = Math.round((46 / 25.4) * 300);
    const page = await pageWithCodes([{ text: BILL, left: 100, top: 100 }]);
    const codeOnly = await sharp(page).extract({ left: 100, top: 100, width: side, height: side }).png().toBuffer();
    expect(mayHoldQrCode(await halfOf(codeOnly))).to.equal(true);
  });

  it('stops a blank page', async () => {
    expect(mayHoldQrCode(await halfOf(await pageWithCodes([])))).to.equal(false);
  });

  it('stops a page of text', async () => {
    const page = await sharp(corpusPath('invoice2data/tests/compare/AmazonWebServices.png')).png().toBuffer();
    expect(mayHoldQrCode(await halfOf(page))).to.equal(false);
  });
});
