import sharp, { type Metadata } from 'sharp';
import { MAX_DOCUMENT_PIXELS } from '../../../common/constants';
import { PayloadTooLarge, Unprocessable } from '../../errors';

/** Spec section 8's words for an image that cannot be read. */
export const UNREADABLE_DOCUMENT = 'Unable to process the medical document. Please try again.';

const TOO_MANY_PIXELS = `The image is too large: at most ${MAX_DOCUMENT_PIXELS / 1_000_000} megapixels. Take the photo at a lower resolution or scale it down.`;

/**
 * Tesseract reads best with letters 20-40 pixels high: a page about 300 dpi. Long sides are brought into
 * this span (a 1920-pixel phone photo of a page is left as it is, a 12-megapixel one is scaled down, a
 * small screenshot is enlarged).
 */
const LONG_SIDE = { min: 1600, max: 3300 };

/**
 * Grey levels between the darkest and the lightest part of a frame, its sensor noise smoothed away, below
 * which it holds no ink: a covered lens, a blank wall or page. Ink on paper spans well over 100. OCR would
 * spend most of a minute reading such a frame's noise as letters, to be refused by hasDocumentText anyway.
 */
const MIN_INK_CONTRAST = 64;

/** The frame's grey span, measured on a copy at most 1024 pixels long, median-filtered. */
async function greySpan(bytes: Buffer): Promise<number> {
  const grey = await sharp(bytes, { limitInputPixels: MAX_DOCUMENT_PIXELS, failOn: 'error' })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize({ width: 1024, height: 1024, fit: 'inside', withoutEnlargement: true })
    .median(3)
    .raw()
    .toBuffer();
  let darkest = 255;
  let lightest = 0;
  for (const level of grey) {
    if (level < darkest) darkest = level;
    if (level > lightest) lightest = level;
  }
  return lightest - darkest;
}

/**
 * An upload ready for OCR: turned upright from its EXIF orientation, transparency on white, greyscale,
 * scaled to a useful resolution, as an uncompressed greyscale image (PGM): nothing to compress here and
 * nothing to unpack in the OCR thread, which reads it about a quarter faster than a PNG. The header is read first, so an image declaring more than
 * MAX_DOCUMENT_PIXELS is refused before a single pixel is decoded; sharp's limitInputPixels holds too.
 * sharp works in libuv's thread pool, off the event loop.
 */
export async function prepareImage(bytes: Buffer): Promise<Buffer> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    throw new Unprocessable(UNREADABLE_DOCUMENT);
  }
  const { width, height } = metadata;
  if (!width || !height) throw new Unprocessable(UNREADABLE_DOCUMENT);
  if (width * height > MAX_DOCUMENT_PIXELS) throw new PayloadTooLarge(TOO_MANY_PIXELS);
  if ((await greySpan(bytes).catch(() => 0)) < MIN_INK_CONTRAST) throw new Unprocessable(UNREADABLE_DOCUMENT);
  const longSide = Math.max(width, height);
  const target = Math.min(Math.max(longSide, LONG_SIDE.min), LONG_SIDE.max);
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_DOCUMENT_PIXELS, failOn: 'error' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .greyscale()
      .resize(target === longSide ? undefined : { width: target, height: target, fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return Buffer.concat([Buffer.from(`P5\n${info.width} ${info.height}\n255\n`), data]);
  } catch {
    throw new Unprocessable(UNREADABLE_DOCUMENT);
  }
}
