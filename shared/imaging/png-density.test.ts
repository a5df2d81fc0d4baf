import { expect } from 'chai';
import sharp from 'sharp';
import { withPngDensity } from './png-density.js';

const chunkTypes = (png: Buffer): string[] => {
  const types: string[] = [];
  for (let offset = 8; offset < png.length; offset += 12 + png.readUInt32BE(offset))
    types.push(png.toString('latin1', offset + 4, offset + 8));
  return types;
};

describe('imaging: stating a PNG’s resolution', () => {
  it('given a PNG sharp encoded, when it is given 300 dpi, then it states 300 dpi, has no colour profile and the same pixels', async () => {
    const image = sharp({ create: { width: 40, height: 20, channels: 3, background: '#c04020' } });
    const png = await image.png().toBuffer();

    const stated = withPngDensity(png, 300);

    const { density, hasProfile } = await sharp(stated).metadata();
    expect({ density, hasProfile }).to.deep.equal({ density: 300, hasProfile: false });
    expect(chunkTypes(stated)).to.deep.equal(['IHDR', 'pHYs', 'IDAT', 'IEND']);
    expect(await sharp(stated).raw().toBuffer()).to.deep.equal(await sharp(png).raw().toBuffer());
  });
});
