import sharp from 'sharp';
import { prepareImage } from '../../server/services/documents/image';

/** A white page of `width` x `height` with a black bar on it: ink enough to be read. */
async function pageWithInk(width: number, height: number): Promise<Buffer> {
  const bar = await sharp({ create: { width: Math.round(width / 2), height: Math.round(height / 20), channels: 3, background: '#000' } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#fff' } }).composite([{ input: bar, top: Math.round(height / 4), left: Math.round(width / 4) }]).png().toBuffer();
}

/** The PGM's size from its header, and how many bytes of pixels follow it. */
function pgm(prepared: Buffer): { width: number; height: number; pixelBytes: number } {
  const header = /^P5\n(\d+) (\d+)\n255\n/.exec(prepared.toString('latin1', 0, 32))!;
  return { width: Number(header[1]), height: Number(header[2]), pixelBytes: prepared.length - header[0].length };
}

describe('an image prepared for OCR', () => {
  it.each([
    ['enlarged from a small photo', 800, 600, 1600],
    ['kept at its size', 2000, 1500, 2000],
    ['scaled down from a large photo', 4000, 3000, 3300],
  ])('is one grey byte a pixel when %s', async (_how, width, height, longSide) => {
    const prepared = pgm(await prepareImage(await pageWithInk(width, height)));
    expect(Math.max(prepared.width, prepared.height)).toBe(longSide);
    expect(prepared.pixelBytes).toBe(prepared.width * prepared.height);
  });
});
