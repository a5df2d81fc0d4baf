import { expect } from 'chai';
import sharp from 'sharp';
import { decodePageRaster } from '../../../shared/imaging/page-raster.js';
import { croppableImage, cropPageRegion, cropRegion, placedOnPage } from './crop-page-region.js';

const greyPage = () =>
  sharp({ create: { width: 200, height: 100, channels: 3, background: '#808080' } })
    .withMetadata({ density: 300 })
    .png()
    .toBuffer();

const pixelAt = async (png: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x + 1) * info.channels)];
};

describe('extractor: cutting a region out of a page image', () => {
  it('given a region and a white margin, when it is cut out, then the PNG holds the region framed in white, at the page’s density', async () => {
    const raster = await decodePageRaster(await greyPage());

    const crop = (await cropPageRegion(raster, { left: 50.4, top: 20.6, right: 100.2, bottom: 60 }, 5))!;

    const { width, height, density } = await sharp(crop.png).metadata();
    expect({ width, height, density }).to.deep.equal({ width: 61, height: 50, density: 300 });
    expect(await pixelAt(crop.png, 0, 0), 'the margin').to.deep.equal([255, 255, 255]);
    expect(await pixelAt(crop.png, 30, 25), 'the region').to.deep.equal([128, 128, 128]);
  });

  it('given the encoded page image, when a region is cut out of it, then the PNG is the one cut out of the decoded page', async () => {
    const page = await greyPage();
    const region = { left: 50.4, top: 20.6, right: 100.2, bottom: 60 };

    const fromImage = (await cropRegion(await croppableImage(page), region, 5))!;

    const fromRaster = (await cropPageRegion(await decodePageRaster(page), region, 5))!;
    expect({ left: fromImage.left, top: fromImage.top }).to.deep.equal({ left: fromRaster.left, top: fromRaster.top });
    expect(await sharp(fromImage.png).raw().toBuffer()).to.deep.equal(await sharp(fromRaster.png).raw().toBuffer());
    expect((await sharp(fromImage.png).metadata()).density).to.equal(300);
  });

  it('given words read from a crop, when they are placed on the page, then they move by where the crop lies', async () => {
    const raster = await decodePageRaster(await greyPage());
    const crop = (await cropPageRegion(raster, { left: 50, top: 20, right: 100, bottom: 60 }, 5))!;

    const [word] = placedOnPage([{ text: 'Musterfirma', left: 10, top: 8, right: 40, bottom: 18, confidence: 0.9 }], crop);

    expect(word).to.deep.equal({ text: 'Musterfirma', left: 55, top: 23, right: 85, bottom: 33, confidence: 0.9 });
  });

  it('given a region off the page, when it is cut out, then there is nothing to cut', async () => {
    const raster = await decodePageRaster(await greyPage());

    expect(await cropPageRegion(raster, { left: 300, top: 20, right: 400, bottom: 60 })).to.equal(null);
  });
});
