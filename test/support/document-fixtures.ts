/**
 * Documents the tests make for themselves (no binaries in the repository): text drawn to a PNG with
 * @napi-rs/canvas (Skia), PDFs written with pdf-lib, and hostile files built byte by byte.
 */
import zlib from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { asciiHexEncoded } from './pdf-filters';

export const CLINIC_NOTE_LINES = [
  'Riverside Family Clinic',
  'Consultation Note',
  'Patient Name: Maria Lopez',
  'Age: 52   Gender: Female',
  'Date of Visit: 03/14/2025',
  'Chief Complaint: Persistent headache',
  'Diagnosis: Essential hypertension',
  'Treatment Plan: Lisinopril 10 mg once daily',
  'Metformin 500 mg twice daily',
  'Follow-up: Return in 4 weeks',
  'Dr. Sarah Chen',
];

export const LAB_SHEET_LINES = [
  'City Medical Laboratory',
  'Complete Blood Count Report',
  'Collection Date: 2025-02-03',
  'Hemoglobin 13.5 g/dL (13.5-17.5)',
  'Platelets 250 10^3/uL (150-400)',
  'Hematocrit 39.5 % (41-53)',
  'Ordered by: Dr. James Okafor',
];

/** Black text on white, one line per entry, at about 300 dpi for a letter page (1700 x 2200). */
function drawPage(lines: string[], { width = 1700, height = 2200, fontPx = 44 } = {}) {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000000';
  context.font = `${fontPx}px sans-serif`;
  lines.forEach((line, index) => context.fillText(line, 120, 160 + index * fontPx * 1.8));
  return canvas;
}

export const textImage = (lines: string[], options?: { width?: number; height?: number; fontPx?: number }): Buffer => drawPage(lines, options).toBuffer('image/png');

/** The same page as a phone would send it: a JPEG. */
export const textJpeg = (lines: string[]): Buffer => drawPage(lines).toBuffer('image/jpeg', 90);

/** The photo as a phone stores it when held sideways: pixels turned a quarter left, EXIF orientation 6 to turn them back. */
export const sidewaysWithExif = (jpeg: Buffer): Promise<Buffer> => sharp(jpeg).rotate(270).withMetadata({ orientation: 6 }).jpeg().toBuffer();

/**
 * Near-Gaussian noise around `mean` (the sum of four uniform draws), from a fixed seed so that every run
 * makes (and OCR reads) the same frame. No Math calls: under jest's VM they cost seconds for one frame.
 */
function seededNoise(length: number, mean: number, spread: number, seed: number): Buffer {
  let state = seed;
  // xorshift32
  const uniform = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i += 1) {
    const level = mean + spread * 1.732 * (uniform() + uniform() + uniform() + uniform() - 2);
    bytes[i] = level < 0 ? 0 : level > 255 ? 255 : level;
  }
  return bytes;
}

const FRAME = { width: 1280, height: 720 } as const;

/** A camera frame with the lens covered: near black with sensor noise, as the camera's JPEG (quality 80) keeps it. */
export const coveredLensFrame = (): Promise<Buffer> => sharp(seededNoise(FRAME.width * FRAME.height, 12, 4, 1), { raw: { ...FRAME, channels: 1 } }).jpeg({ quality: 80 }).toBuffer();

/**
 * A grainy camera frame with no document in it (colour noise, softened): OCR reads it as 'The', 'he',
 * 'AS' and the like at confidence 55 or below, which the old two-letters test took for a note.
 */
export async function frameWithoutDocument(): Promise<Buffer> {
  const small = { width: 320, height: 180, channels: 3 } as const;
  return sharp(seededNoise(small.width * small.height * 3, 128, 120, 9), { raw: small }).blur(4).normalise().resize(FRAME.width, FRAME.height).jpeg({ quality: 80 }).toBuffer();
}

/** A PDF whose pages carry a real text layer. */
export async function textPdf(pages: string[][]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([612, 792]);
    lines.forEach((line, index) => page.drawText(line, { x: 60, y: 720 - index * 22, size: 13, font }));
  }
  return Buffer.from(await pdf.save());
}

/** A 'scanned' PDF: each page only an image, no text layer. */
export async function scannedPdf(images: Buffer[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (const png of images) {
    const image = await pdf.embedPng(png);
    const page = pdf.addPage([612, 792]);
    page.drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
  }
  return Buffer.from(await pdf.save());
}

/** A PDF with a standard security handler and a user password nobody knows. */
export async function encryptedPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage().drawText('Secret lab results', { x: 60, y: 700, size: 14, font });
  const context = pdf.context;
  const encrypt = context.obj({
    Filter: 'Standard',
    V: 2,
    R: 3,
    Length: 128,
    P: -3904,
    O: PDFString.of('0123456789abcdef0123456789abcdef'),
    U: PDFString.of('fedcba9876543210fedcba9876543210'),
  });
  context.trailerInfo.Encrypt = context.register(encrypt);
  context.trailerInfo.ID = context.obj([PDFString.of('0123456789abcdef'), PDFString.of('0123456789abcdef')]);
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

/** A PDF of `count` pages with a line of text each. */
export function manyPagesPdf(count: number): Promise<Buffer> {
  return textPdf(Array.from({ length: count }, (_, i) => [`Page ${i + 1} of a very long record`]));
}

/** A PDF of one page per stream in `streams`, each its content stream under the filters named (applied by pdf.js in this order), with their /DecodeParms if given. */
export async function pdfWithContentStreams(streams: Uint8Array[], filters: string[], decodeParms?: Record<string, number>): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = (await pdf.embedFont(StandardFonts.Helvetica)).ref;
  const parameters = decodeParms ? { DecodeParms: pdf.context.obj(decodeParms) } : {};
  for (const data of streams) {
    const page = pdf.addPage([612, 792]);
    page.node.setFontDictionary(PDFName.of('F1'), font);
    const raw = pdf.context.stream(data, { Filter: pdf.context.obj(filters.map((name) => PDFName.of(name))), ...parameters, Length: data.length });
    page.node.set(PDFName.of('Contents'), pdf.context.register(raw));
  }
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

/** A one-page PDF whose content stream is `data` under the filters named, with their /DecodeParms if given. */
export const pdfWithContentStream = (data: Uint8Array, filters: string[], decodeParms?: Record<string, number>) => pdfWithContentStreams([data], filters, decodeParms);

/**
 * A PDF whose one content stream inflates to `megabytes` MB of zeros (a few hundred kB on disk); with
 * `asciiHex`, the compressed bytes are wrapped in ASCIIHexDecode first, so they do not look like zlib.
 */
export function flateBombPdf(megabytes: number, { asciiHex = false } = {}): Promise<Buffer> {
  const bomb = zlib.deflateSync(Buffer.alloc(megabytes * 1024 * 1024), { level: 9 });
  return asciiHex ? pdfWithContentStream(asciiHexEncoded(bomb), ['ASCIIHexDecode', 'FlateDecode']) : pdfWithContentStream(bomb, ['FlateDecode']);
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header declaring width x height (greyscale), with one tiny compressed row: a pixel bomb. */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(width + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export const dataUrl = (mimeType: string, bytes: Buffer) => `data:${mimeType};base64,${bytes.toString('base64')}`;
