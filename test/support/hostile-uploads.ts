/**
 * Uploads that pass for an accepted type at a glance but are not only that: other photo formats, files that
 * are also a web page or also a PDF, PDFs that run something or carry files, the EICAR test string.
 */
import { PDFDocument, PDFName, PDFString, StandardFonts, type PDFDict } from 'pdf-lib';
import sharp from 'sharp';
import { pngChunk, textImage, textPdf } from './document-fixtures';

/** EICAR's anti-virus test string: harmless, and every scanner reports it (ClamAV as Eicar-Test-Signature). */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

export const LAB_PDF_LINES = ['Riverside Lab', 'Patient: Maria Lopez', 'Hemoglobin A1c: 6.1 %', 'Diagnosis: Prediabetes'];

const smallPhoto = () => textImage(['Hemoglobin 13.5'], { width: 200, height: 200 });
export const webpPhoto = () => sharp(smallPhoto()).webp().toBuffer();
export const avifPhoto = () => sharp(smallPhoto()).avif().toBuffer();

/** The start of an iPhone photo: an ISO-BMFF 'ftyp' box of brand 'heic' (this build of sharp cannot write HEVC). */
export const heicPhoto = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(512, 7)]);

/** `bytes` with `inserted` placed after its first line (a PDF's header line). */
function afterFirstLine(bytes: Buffer, inserted: string): Buffer {
  const lineEnd = bytes.indexOf(0x0a) + 1;
  return Buffer.concat([bytes.subarray(0, lineEnd), Buffer.from(inserted, 'latin1'), bytes.subarray(lineEnd)]);
}

/** A real PDF with a web page in front of it: a browser renders the page, a PDF reader the document. */
export const htmlThenPdf = async () => Buffer.concat([Buffer.from('<html><body><script>fetch("/api/auth/me")</script></body></html>\n'), await textPdf([LAB_PDF_LINES])]);

/** A real PDF with other bytes before its header (which PDF readers look for anywhere in the first kilobyte). */
export const junkThenPdf = async () => Buffer.concat([Buffer.from('XXXXXXXX some other format\n'), await textPdf([LAB_PDF_LINES])]);

/** A real PDF whose second line is a comment holding a script tag. */
export const pdfWithScriptComment = async () => afterFirstLine(await textPdf([LAB_PDF_LINES]), '%<script>alert(document.domain)</script>\n');

/** A real PNG whose first chunk after the header is a text chunk holding a script tag. */
export function pngWithScript(): Buffer {
  const png = smallPhoto();
  const afterHeader = 8 + 25; // signature, then IHDR (length, type, 13 bytes, CRC)
  return Buffer.concat([png.subarray(0, afterHeader), pngChunk('tEXt', Buffer.from('Comment\0<script>alert(1)</script>', 'latin1')), png.subarray(afterHeader)]);
}

/** A real JPEG whose first segment is a comment that starts a PDF. */
export async function jpegWithPdf(): Promise<Buffer> {
  const jpeg = await sharp(smallPhoto()).jpeg().toBuffer();
  const comment = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n', 'latin1');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(comment.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe]), length, comment, jpeg.subarray(2)]);
}

/** A text PDF whose catalog (and first page, for link annotations) `change` adds to; with object streams unless told otherwise. */
async function labPdfWith(change: (pdf: PDFDocument, catalog: PDFDict) => void | Promise<void>, useObjectStreams = true): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  LAB_PDF_LINES.forEach((line, index) => page.drawText(line, { x: 60, y: 720 - index * 22, size: 13, font }));
  await change(pdf, pdf.catalog);
  return Buffer.from(await pdf.save({ useObjectStreams }));
}

/** Runs JavaScript when opened; its catalog and the action sit inside a compressed object stream. */
export const pdfRunningJavaScript = () =>
  labPdfWith((pdf, catalog) => catalog.set(PDFName.of('OpenAction'), pdf.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of('app.alert("hi")') })));

/** The same, written out plainly with the action's name escaped as '/J#61vaScript' (which every reader decodes to /JavaScript). */
export async function pdfRunningEscapedJavaScript(): Promise<Buffer> {
  const plain = await labPdfWith((pdf, catalog) => catalog.set(PDFName.of('OpenAction'), pdf.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("hi")') })), false);
  const escaped = Buffer.from(plain.toString('latin1').replace('/JavaScript', '/J#61vaScript').replace('/JS ', '/J#53 '), 'latin1');
  if (escaped.includes('/JavaScript') || escaped.includes('/JS ')) throw new Error('the fixture kept an unescaped name');
  return escaped;
}

/** A link on the first page that launches a program. */
export const pdfLaunchingProgram = () =>
  labPdfWith((pdf) => {
    const link = pdf.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [50, 600, 300, 740], A: { S: 'Launch', F: PDFString.of('cmd.exe') } });
    pdf.getPage(0).node.set(PDFName.of('Annots'), pdf.context.obj([pdf.context.register(link)]));
  });

/** Opens a web address as soon as it is opened. */
export const pdfOpeningAddress = () => labPdfWith((pdf, catalog) => catalog.set(PDFName.of('OpenAction'), pdf.context.obj({ S: 'URI', URI: PDFString.of('https://evil.example/') })));

/** Carries another file (an attachment). */
export const pdfWithAttachment = () => labPdfWith((pdf) => pdf.attach(Buffer.from('MZ not really a program'), 'invoice.exe', { mimeType: 'application/octet-stream' }));

/** Opens at its first page fitted to the window: an /OpenAction that is a destination, as many PDF writers add. */
export const pdfOpeningAtFirstPage = () => labPdfWith((pdf, catalog) => catalog.set(PDFName.of('OpenAction'), pdf.context.obj([pdf.getPage(0).ref, PDFName.of('Fit')])));

/**
 * A real PDF followed by a comment carrying EICAR, padded so that the string straddles the 64 KB mark: a
 * client sending 64 KB chunks splits it, and a scanner finds it only in the stream put back together.
 */
export async function pdfCarryingEicar(): Promise<Buffer> {
  const pdf = Buffer.concat([await textPdf([LAB_PDF_LINES]), Buffer.from('\n%', 'latin1')]);
  const padding = Buffer.alloc(64 * 1024 - 20 - pdf.length, 'A');
  return Buffer.concat([pdf, padding, Buffer.from(`${EICAR}\n`, 'latin1')]);
}
