import { UnsupportedMediaType } from '../../errors';
import { refusedImageFormat, sniffDocument, type DocumentKind } from './sniff';

/**
 * The scanner takes photos as JPEG (what its camera makes) or PNG, and PDFs (spec: "file upload accepting
 * images or PDF"; security bar D.14: only PNG, JPEG and PDF). WebP, HEIC, AVIF and GIF are refused: phones'
 * browsers hand a file picker's HEIC photo over as JPEG, and each further decoder is more code reading
 * strangers' bytes (libwebp's CVE-2023-4863 was one such).
 */
const UNSUPPORTED_DOCUMENT = 'This file type cannot be read. Upload a photo (JPEG or PNG) or a PDF.';

const refusedFormat = (format: string) =>
  `${format} images are not accepted. Send the photo as JPEG or PNG (on an iPhone: Settings > Camera > Formats > Most Compatible), or as a PDF.`;

const BYTES_BEFORE_PDF_HEADER = 'This PDF has other data before its "%PDF-" header, so it was refused. Open it and print or save it as a new PDF, then upload that.';

const MARKUP_IN_FILE = 'This file also contains web page code (HTML or script), so it was refused. Save the document again as a plain JPEG, PNG or PDF (print to a new PDF, or take a screenshot) and upload that.';

const PDF_INSIDE_IMAGE = 'This image also contains a PDF, so it was refused. Upload the photo and the PDF as separate files.';

/** How far a browser's or a PDF reader's sniffing looks into a file for what it is. */
const SNIFFED_BYTES = 1024;

/** Tags by which a browser would take the start of a file for a web page or an SVG. */
const MARKUP = /<(html|head|body|script|iframe|svg|!doctype\s+html)[\s>/]/i;

/**
 * The upload's kind from its bytes, refused (415) unless it is exactly one allowed kind: its signature at
 * byte 0, and nothing in its first kilobyte that makes it also a web page, or an image also a PDF (readers
 * take a PDF header anywhere in that kilobyte). Whether it really decodes is left to its decoder (sharp for
 * images, pdf.js for PDFs), which reads every upload before anything is stored.
 */
export function acceptedKind(bytes: Buffer): DocumentKind {
  const head = bytes.toString('latin1', 0, Math.min(bytes.length, SNIFFED_BYTES));
  const kind = sniffDocument(bytes);
  if (!kind) {
    const format = refusedImageFormat(bytes);
    if (format) throw new UnsupportedMediaType(refusedFormat(format));
    if (head.includes('%PDF-')) throw new UnsupportedMediaType(MARKUP.test(head) ? MARKUP_IN_FILE : BYTES_BEFORE_PDF_HEADER);
    throw new UnsupportedMediaType(UNSUPPORTED_DOCUMENT);
  }
  if (MARKUP.test(head)) throw new UnsupportedMediaType(MARKUP_IN_FILE);
  if (kind.kind === 'image' && head.includes('%PDF-')) throw new UnsupportedMediaType(PDF_INSIDE_IMAGE);
  return kind;
}
