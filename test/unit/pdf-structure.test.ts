import zlib from 'node:zlib';
import { extractText, getDocumentProxy } from 'unpdf';
import { readPdfStructure } from '../../server/services/documents/pdf-structure';
import { assertNoDecompressionBomb } from '../../server/services/documents/pdf-unpacking';
import { LexingBudget, PdfLexer, PdfName, PdfParser, PdfRef, UNCHECKABLE_PDF } from '../../server/services/documents/pdf-syntax';
import { Unprocessable } from '../../server/errors';
import { encryptedPdf, pdfWithContentStream } from '../support/document-fixtures';
import { asciiHexEncoded } from '../support/pdf-filters';

const LINES = Array.from({ length: 40 }, (_, i) => `BT /F1 10 Tf 20 ${780 - i * 11} Td (Line ${i}: Hemoglobin 13.5 g/dL) Tj ET`);
const WRAPPED = ['ASCIIHexDecode', 'FlateDecode'];
/** How pdf-lib writes the filters of a stream wrapped in hex, then deflated. */
const WRITTEN = '/Filter [ /ASCIIHexDecode /FlateDecode ]';

/** `pdf` with its stream's filters written another way, padded to the same length so its cross-reference offsets hold. */
function rewritten(pdf: Buffer, filters: string): Buffer {
  const at = pdf.indexOf(WRITTEN);
  if (at < 0 || filters.length > WRITTEN.length) throw new Error('cannot rewrite this PDF');
  return Buffer.concat([pdf.subarray(0, at), Buffer.from(filters.padEnd(WRITTEN.length), 'latin1'), pdf.subarray(at + WRITTEN.length)]);
}

const parsed = (text: string) => new PdfParser(new PdfLexer(Buffer.from(text, 'latin1'), 0, new LexingBudget(1 << 20))).object();

describe("reading a PDF's objects as pdf.js reads them", () => {
  it('decodes escaped names, skips comments and strings whole, and reads references', () => {
    const { value, streamKeywordEnd } = parsed('<< /Fl#61te 1 % a comment /Hidden 2\n /S (a (nested) string \\) with /Hidden 3) /R 12 0 R /A [/B 3 0R] >>');
    expect(value).toBeInstanceOf(Map);
    const dictionary = value as Map<string, unknown>;
    expect([...dictionary.keys()]).toEqual(['Flate', 'S', 'R', 'A']);
    expect(dictionary.get('R')).toEqual(new PdfRef(12, 0));
    expect(dictionary.get('A')).toEqual([new PdfName('B'), new PdfRef(3, 0)]);
    expect(streamKeywordEnd).toBeNull();
  });

  it("tells where a dictionary's 'stream' keyword ends, and refuses a stream inside another value", () => {
    expect(parsed('<< /Length 3 >> % c\nstream\nabc').streamKeywordEnd).toBe('<< /Length 3 >> % c\nstream'.length);
    expect(() => parsed('<< /Contents << /Length 3 >> stream\nabc\nendstream >>')).toThrow(UNCHECKABLE_PDF);
  });

  it('refuses a file built to make its objects slow to read (reading is bounded by twice the file and a margin)', async () => {
    await expect(readPdfStructure(Buffer.from('1 0 obj << '.repeat(200_000), 'latin1'))).rejects.toBeInstanceOf(Unprocessable);
  });

  it.each([
    ['an escaped filter name', '/Filter [ /AHx /Fl#61teDecode ]'],
    ['an escaped key', '/Filt#65r [ /AHx /Fl ]'],
    ['a comment before the filters', '/Filter %x\n[ /AHx /Fl ]'],
    ["' obj' inside a string after the filters", '/Filter [/AHx /Fl] /X ( obj) /Y []'],
    ['the /F key (which pdf.js reads before /Filter)', '/F [ /AHx /Fl ]'],
    ['a filter pdf.js does not know first (it passes the data on)', '/Filter [ /Foo /AHx /Fl ]'],
  ])('sees filters written with %s, as pdf.js does, and refuses the bomb they hide', async (_way, filters) => {
    const text = rewritten(await pdfWithContentStream(asciiHexEncoded(zlib.deflateSync(Buffer.from(LINES.join('\n'), 'latin1'))), WRAPPED), filters);
    const { text: read } = await extractText(await getDocumentProxy(new Uint8Array(text)), { mergePages: true });
    expect(read.match(/Hemoglobin/g)).toHaveLength(LINES.length);

    const bomb = rewritten(await pdfWithContentStream(asciiHexEncoded(zlib.deflateSync(Buffer.alloc(100 * 1024 * 1024), { level: 9 })), WRAPPED), filters);
    await expect(assertNoDecompressionBomb(bomb)).rejects.toThrow(/unpacks into far more data/);
  });

  it('finds an /Encrypt entry whose name is escaped, which pdf.js reads as encrypted', async () => {
    const pdf = await encryptedPdf();
    const disguised = Buffer.from(pdf.toString('latin1').replace('/Encrypt', '/Encr#79pt'), 'latin1');
    await expect(getDocumentProxy(new Uint8Array(disguised))).rejects.toMatchObject({ name: 'PasswordException' });
    expect((await readPdfStructure(pdf)).encrypted).toBe(true);
    expect((await readPdfStructure(disguised)).encrypted).toBe(true);
    expect((await readPdfStructure(await pdfWithContentStream(Buffer.from('BT ET'), []))).encrypted).toBe(false);
  });

  it('weighs each definition of an object a file writes more than once, up to a bound', async () => {
    const stream = "2 0 obj << /Filter 1 0 R /Length 3 >> stream\nabc\nendstream endobj\n";
    const written = (definitions: string[]) => Buffer.from(definitions.map((filter) => `1 0 obj ${filter} endobj\n`).join('') + stream, 'latin1');
    const bomb = zlib.deflateSync(Buffer.alloc(100 * 1024 * 1024), { level: 9 });
    const pdf = Buffer.concat([written(['/AHx', '/Fl']).subarray(0, -stream.length), Buffer.from(`2 0 obj << /Filter 1 0 R /Length ${bomb.length} >> stream\n`, 'latin1'), bomb, Buffer.from('\nendstream endobj\n', 'latin1')]);
    await expect(assertNoDecompressionBomb(pdf)).rejects.toThrow(/unpacks into far more data/);
    await expect(assertNoDecompressionBomb(written(['/AHx', '/Fl']))).resolves.toBeUndefined();
    await expect(assertNoDecompressionBomb(written(Array(17).fill('/Fl')))).rejects.toThrow(/cannot be checked/);
  });

  it('refuses more stream objects than any 50-page document holds (each costs the check something)', async () => {
    const streams = (count: number) => Buffer.from('1 0 obj <</Filter /LZW>> stream\nabc\n'.repeat(count), 'latin1');
    expect((await readPdfStructure(streams(10_000))).streams).toHaveLength(10_000);
    await expect(assertNoDecompressionBomb(streams(10_000))).resolves.toBeUndefined();
    await expect(readPdfStructure(streams(10_001))).rejects.toThrow(UNCHECKABLE_PDF);
  });
});
