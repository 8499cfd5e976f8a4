/** What the bytes of an upload are, read from their signature: the data URL's header is never trusted. */
export type DocumentKind =
  | { kind: 'image'; mimeType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/heic' | 'image/avif'; extension: string }
  | { kind: 'pdf'; mimeType: 'application/pdf'; extension: 'pdf' };

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** HEIF brands of photos from phones (HEVC) and of AVIF stills. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

export function sniffDocument(bytes: Uint8Array): DocumentKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', mimeType: 'image/png', extension: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'image', mimeType: 'image/jpeg', extension: 'jpg' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return { kind: 'image', mimeType: 'image/webp', extension: 'webp' };
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (brand === 'avif' || brand === 'avis') return { kind: 'image', mimeType: 'image/avif', extension: 'avif' };
    if (HEIC_BRANDS.has(brand)) return { kind: 'image', mimeType: 'image/heic', extension: 'heic' };
  }
  // PDF readers accept the header anywhere in the first kilobyte; so do we.
  const head = ascii(bytes, 0, Math.min(bytes.length, 1024));
  if (head.includes('%PDF-')) return { kind: 'pdf', mimeType: 'application/pdf', extension: 'pdf' };
  return null;
}
