import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { drawObject, PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { embedPageImage } from './page-image-xobject.js';

const run = promisify(execFile);

/** How pdfimages lists the one image of a one-page PDF holding `png`: its encoding (`image` is Flate) and size. */
const embedded = async (png: Buffer) => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([200, 200]);
  page.pushOperators(drawObject(page.node.newXObject('Image', await embedPageImage(doc, png))));
  const directory = await mkdtemp(join(tmpdir(), 'kontor-xobject-'));
  try {
    const path = join(directory, 'image.pdf');
    await writeFile(path, await doc.save());
    const { stdout } = await run('pdfimages', ['-list', path]);
    const [, , , width, height, color, , , encoding] = stdout.trim().split('\n')[2]!.trim().split(/\s+/);
    return { width, height, color, encoding };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
};

const page = (background: string) => sharp({ create: { width: 400, height: 300, channels: 3, background } });

describe('converter: page images in the searchable PDF', () => {
  it('keeps the compressed data of a clean page raster as it is', async () => {
    const clean = await page('#ffffff')
      .composite([{ input: { create: { width: 200, height: 20, channels: 3, background: '#000000' } }, left: 50, top: 50 }])
      .removeAlpha()
      .png()
      .toBuffer();

    expect(await embedded(clean)).to.deep.equal({ width: '400', height: '300', color: 'rgb', encoding: 'image' });
  });

  it('stores a photographic page as JPEG, which keeps it far smaller', async () => {
    const photo = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .png()
      .toBuffer();

    expect(await embedded(photo)).to.deep.equal({ width: '400', height: '300', color: 'rgb', encoding: 'jpeg' });
  });

  it('decodes a PNG whose data a PDF cannot take as it is (interlaced)', async () => {
    const interlaced = await page('#ffffff').png({ progressive: true }).toBuffer();

    expect(await embedded(interlaced)).to.deep.equal({ width: '400', height: '300', color: 'rgb', encoding: 'jpeg' });
  });
});
