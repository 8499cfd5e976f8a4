/** What the bytes of an upload are, read from their signature: the data URL's header is never trusted. */
export type DocumentKind =
  | { kind: 'image'; mimeType: 'image/png' | 'image/jpeg'; extension: 'png' | 'jpg' }
  | { kind: 'pdf'; mimeType: 'application/pdf'; extension: 'pdf' };

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

/** The kinds the scanner accepts (PNG, JPEG, PDF), each only when its signature opens the file. */
export function sniffDocument(bytes: Uint8Array): DocumentKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', mimeType: 'image/png', extension: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'image', mimeType: 'image/jpeg', extension: 'jpg' };
  if (ascii(bytes, 0, 5) === '%PDF-') return { kind: 'pdf', mimeType: 'application/pdf', extension: 'pdf' };
  return null;
}

/** HEIF brands of photos from phones (HEVC) and of AVIF stills. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

/** The name of a photo format people send that is not accepted (so the refusal can name it), or null. */
export function refusedImageFormat(bytes: Uint8Array): 'WebP' | 'HEIC' | 'AVIF' | 'GIF' | null {
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'WebP';
  if (ascii(bytes, 0, 4) === 'GIF8') return 'GIF';
  if (ascii(bytes, 4, 8) !== 'ftyp') return null;
  const brand = ascii(bytes, 8, 12);
  if (brand === 'avif' || brand === 'avis') return 'AVIF';
  return HEIC_BRANDS.has(brand) ? 'HEIC' : null;
}
