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

interface GreyImage {
  data: Buffer;
  width: number;
  height: number;
}

/** One channel in and, with toColourspace('b-w') before raw(), one out: sharp would write a resized grey image as three. */
const rawGrey = (image: GreyImage) => sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } });

/** The frame's grey span, measured on a copy at most 1024 pixels long, median-filtered. */
async function greySpan(image: GreyImage): Promise<number> {
  const grey = await rawGrey(image).resize({ width: 1024, height: 1024, fit: 'inside', withoutEnlargement: true }).median(3).toColourspace('b-w').raw().toBuffer();
  let darkest = 255;
  let lightest = 0;
  for (const level of grey) {
    if (level < darkest) darkest = level;
    if (level > lightest) lightest = level;
  }
  return lightest - darkest;
}

/** The upload decoded once: turned upright from its EXIF orientation, transparency on white, greyscale. */
async function decodeUpright(bytes: Buffer): Promise<GreyImage> {
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_DOCUMENT_PIXELS, failOn: 'error' })
    .rotate()
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The image with its long side in LONG_SIDE's span. */
async function scaledForReading(image: GreyImage): Promise<GreyImage> {
  const longSide = Math.max(image.width, image.height);
  const target = Math.min(Math.max(longSide, LONG_SIDE.min), LONG_SIDE.max);
  if (target === longSide) return image;
  const { data, info } = await rawGrey(image).resize({ width: target, height: target, fit: 'inside' }).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * An upload ready for OCR: decoded once (upright, on white, greyscale), refused when it holds no ink, scaled
 * to a useful resolution, as an uncompressed greyscale image (PGM): nothing to compress here and nothing to
 * unpack in the OCR thread, which reads it about a quarter faster than a PNG. The header is read first, so
 * an image declaring more than MAX_DOCUMENT_PIXELS is refused before a single pixel is decoded; sharp's
 * limitInputPixels holds too. sharp works in libuv's thread pool, off the event loop.
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
  const scaled = await (async () => {
    const upright = await decodeUpright(bytes);
    return (await greySpan(upright)) < MIN_INK_CONTRAST ? null : scaledForReading(upright);
  })().catch(() => null);
  if (!scaled) throw new Unprocessable(UNREADABLE_DOCUMENT);
  return Buffer.concat([Buffer.from(`P5\n${scaled.width} ${scaled.height}\n255\n`), scaled.data]);
}
