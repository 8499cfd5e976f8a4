import zlib from 'node:zlib';
import { PDFDocument, PDFName } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { randomBytes } from 'node:crypto';
import { assertNoDecompressionBomb, MAX_UNPACKED_STREAM_BYTES, MAX_UNPACKED_TOTAL_BYTES, unpackedCeiling, unpackedSize } from '../../server/services/documents/pdf-unpacking';
import { PayloadTooLarge } from '../../server/errors';
import { pdfWithContentStream, pdfWithContentStreams } from '../support/document-fixtures';
import { ascii85Encoded, asciiHexEncoded, deflatedAfterEndstreamBytes, lzwEncoded, runLengthEncoded } from '../support/pdf-filters';

const LINES = Array.from({ length: 120 }, (_, i) => `BT /F1 10 Tf 20 ${780 - (i % 70) * 11} Td (Line ${i}: Hemoglobin 13.5 g/dL (13.5-17.5) aaaaaaaa) Tj ET`);
const CONTENT = Buffer.from(LINES.join('\n'), 'latin1');

const ENCODINGS: Array<[string, string[], (data: Buffer) => Buffer]> = [
  ['Flate', ['FlateDecode'], (data) => zlib.deflateSync(data)],
  ['ASCIIHex', ['ASCIIHexDecode'], asciiHexEncoded],
  ['ASCII85 then Flate', ['ASCII85Decode', 'FlateDecode'], (data) => ascii85Encoded(zlib.deflateSync(data))],
  ['ASCIIHex then Flate', ['ASCIIHexDecode', 'FlateDecode'], (data) => asciiHexEncoded(zlib.deflateSync(data))],
  ['RunLength', ['RunLengthDecode'], runLengthEncoded],
  ['LZW', ['LZWDecode'], (data) => lzwEncoded(data)],
  ['Brotli', ['BrotliDecode'], (data) => zlib.brotliCompressSync(data)],
];

describe('unpacking a PDF stream through its filters, bounded', () => {
  it.each(ENCODINGS)('measures a stream under %s at its true size, as pdf.js reads it', async (_name, filters, encode) => {
    const encoded = encode(CONTENT);
    expect(await unpackedSize(encoded, filters, MAX_UNPACKED_STREAM_BYTES)).toBe(CONTENT.length);
    const pdf = await pdfWithContentStream(encoded, filters);
    await expect(assertNoDecompressionBomb(pdf)).resolves.toBeUndefined();
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text.match(/Hemoglobin/g)).toHaveLength(LINES.length);
  });

  it.each(ENCODINGS)('refuses a stream under %s that unpacks past the limit, stopping there', async (_name, filters, encode) => {
    const zeros = Buffer.alloc(24 * 1024 * 1024);
    const bomb = encode(zeros);
    await expect(unpackedSize(bomb, filters, 8 * 1024 * 1024)).rejects.toBeInstanceOf(PayloadTooLarge);
    expect(await unpackedSize(bomb, filters, 32 * 1024 * 1024)).toBe(zeros.length);
  });

  it('reads LZW whichever way its codes widen (/EarlyChange 1 or 0), so parameters cannot make a bomb read short', async () => {
    for (const earlyChange of [1, 0]) {
      expect(await unpackedSize(lzwEncoded(CONTENT, earlyChange), ['LZWDecode'], MAX_UNPACKED_STREAM_BYTES)).toBe(CONTENT.length);
      const bomb = lzwEncoded(Buffer.alloc(80 * 1024 * 1024), earlyChange);
      // Parameters that say the other way: pdf.js pairs them with the filter or not, depending on how both are written.
      await expect(assertNoDecompressionBomb(await pdfWithContentStream(bomb, ['LZWDecode'], { EarlyChange: 1 - earlyChange }))).rejects.toThrow(/unpacks into far more data/);
    }
  }, 120_000); // two 80 MB bombs encoded and refused: CPU-bound

  it('refuses a whole PDF holding a wrapped bomb, whose bytes do not look compressed', async () => {
    const bomb = asciiHexEncoded(zlib.deflateSync(Buffer.alloc(100 * 1024 * 1024), { level: 9 }));
    await expect(assertNoDecompressionBomb(await pdfWithContentStream(bomb, ['ASCIIHexDecode', 'FlateDecode']))).rejects.toThrow(/unpacks into far more data/);
  });

  it("reads a stream to its /Length, or else to its own end, never only to the first 'endstream' bytes, which compressed data may hold", async () => {
    const bomb = await deflatedAfterEndstreamBytes(Buffer.alloc(100 * 1024 * 1024));
    expect(bomb.includes(Buffer.from('endstream'))).toBe(true);
    const pdf = await pdfWithContentStream(bomb, ['FlateDecode']);
    await expect(assertNoDecompressionBomb(pdf)).rejects.toThrow(/unpacks into far more data/);
    // A /Length that does not hold (here a reference to an object that is no length): unpacked to the data's own end.
    const lengthAt = pdf.indexOf(`/Length ${bomb.length}`);
    const unheld = Buffer.concat([pdf.subarray(0, lengthAt), Buffer.from('/Length 9 0 R'), pdf.subarray(lengthAt + `/Length ${bomb.length}`.length)]);
    await expect(assertNoDecompressionBomb(unheld)).rejects.toThrow(/unpacks into far more data/);
  });

  it("finds a stream's data where pdf.js does: on the line after 'stream', however that line ends", async () => {
    const bomb = zlib.deflateSync(Buffer.alloc(100 * 1024 * 1024), { level: 9 });
    const pdf = await pdfWithContentStream(bomb, ['FlateDecode']);
    const keyword = pdf.indexOf('stream\n');
    for (const line of ['stream\r', 'stream  \r\n']) {
      const variant = Buffer.concat([pdf.subarray(0, keyword), Buffer.from(line, 'latin1'), pdf.subarray(keyword + 'stream\n'.length)]);
      await expect(assertNoDecompressionBomb(variant)).rejects.toThrow(/unpacks into far more data/);
    }
  });

  it('follows a /Filter written as a reference to another object, as pdf.js does', async () => {
    const bomb = asciiHexEncoded(zlib.deflateSync(Buffer.alloc(100 * 1024 * 1024), { level: 9 }));
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([612, 792]);
    const filters = pdf.context.register(pdf.context.obj([PDFName.of('ASCIIHexDecode'), PDFName.of('FlateDecode')]));
    page.node.set(PDFName.of('Contents'), pdf.context.register(pdf.context.stream(bomb, { Filter: filters, Length: bomb.length })));
    await expect(assertNoDecompressionBomb(Buffer.from(await pdf.save({ useObjectStreams: false })))).rejects.toThrow(/unpacks into far more data/);
    // Inside an object stream the reference cannot be followed without parsing: refused, not guessed at.
    await expect(assertNoDecompressionBomb(Buffer.from(await pdf.save({ useObjectStreams: true })))).rejects.toThrow(/cannot be checked/);
  });

  it('counts what a zlib stream with a wrong checksum unpacks into (pdf.js does not check it)', async () => {
    const deflated = zlib.deflateSync(Buffer.alloc(100 * 1024 * 1024), { level: 9 });
    deflated.writeUInt32BE(0, deflated.length - 4);
    await expect(unpackedSize(deflated, ['FlateDecode'], MAX_UNPACKED_STREAM_BYTES)).rejects.toBeInstanceOf(PayloadTooLarge);
    const small = zlib.deflateSync(CONTENT);
    small.writeUInt32BE(0, small.length - 4);
    expect(await unpackedSize(small, ['FlateDecode'], MAX_UNPACKED_STREAM_BYTES)).toBe(CONTENT.length);
  });

  it('counts what damaged zlib data unpacks into before its damage, as pdf.js keeps that much', async () => {
    const damaged = zlib.deflateSync(Buffer.alloc(100 * 1024 * 1024), { level: 9 });
    const at = Math.floor(damaged.length * 0.3);
    damaged[at]! ^= 0xff;
    damaged[at + 1]! ^= 0x55;
    damaged[at + 2]! ^= 0xaa;
    expect(() => zlib.inflateSync(damaged)).toThrow();
    expect(await unpackedSize(damaged, ['FlateDecode'], MAX_UNPACKED_STREAM_BYTES)).toBeGreaterThan(25 * 1024 * 1024);
  });

  it('leaves image codecs to pdf.js, which bounds images by their pixels', async () => {
    const jpegLike = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    expect(await unpackedSize(jpegLike, ['DCTDecode'], MAX_UNPACKED_STREAM_BYTES)).toBe(jpegLike.length);
  });
});

describe('the most a stream could unpack into, told from its size and filters alone', () => {
  it.each(ENCODINGS)('is never less than what %s unpacks its most compressible data (zeros) into', (_name, filters, encode) => {
    const zeros = Buffer.alloc(16 * 1024 * 1024);
    expect(unpackedCeiling(encode(zeros).length, filters)).toBeGreaterThanOrEqual(zeros.length);
  });

  it('stops counting at an image codec, which pdf.js bounds by its pixels', () => {
    expect(unpackedCeiling(100, ['DCTDecode', 'FlateDecode'])).toBe(100);
  });

  // It inflates about a gigabyte: a few seconds on a quiet machine, far more beside other CPU-heavy work.
  it('refuses streams that each stay within the limit but together unpack past the total', async () => {
    const stream = zlib.deflateSync(Buffer.alloc(63 * 1024 * 1024), { level: 9 });
    const count = Math.ceil(MAX_UNPACKED_TOTAL_BYTES / (63 * 1024 * 1024));
    await expect(assertNoDecompressionBomb(await pdfWithContentStreams(Array(count).fill(stream), ['FlateDecode']))).rejects.toThrow(/unpacks into far more data/);
    await expect(assertNoDecompressionBomb(await pdfWithContentStreams(Array(count - 1).fill(stream), ['FlateDecode']))).resolves.toBeUndefined();
  }, 240_000);

  it('unpacks the streams to tell when their sizes alone could add up past the total', async () => {
    // Random bytes do not compress: each stream could be 60 MB, all together over 1 GB; each is in truth 60 kB.
    const streams = Array.from({ length: 20 }, () => zlib.deflateSync(randomBytes(60 * 1024)));
    expect(streams.reduce((sum, stream) => sum + unpackedCeiling(stream.length, ['FlateDecode']), 0)).toBeGreaterThan(MAX_UNPACKED_TOTAL_BYTES);
    await expect(assertNoDecompressionBomb(await pdfWithContentStreams(streams, ['FlateDecode']))).resolves.toBeUndefined();
  });
});
