import { setImmediate as pause } from 'node:timers/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { PayloadTooLarge, Unprocessable } from '../../errors';
import { readPdfStructure, type PdfStream, type PdfStructure } from './pdf-structure';
import { PdfName, PdfRef, type PdfDictionary, type PdfValue } from './pdf-syntax';

/**
 * Bounds for what a PDF's streams may unpack into. A scanned A3 page at 300 dpi in colour is about 52 MB;
 * a stream beyond 64 MB, or more than 1 GB in all, is a decompression bomb.
 */
export const MAX_UNPACKED_STREAM_BYTES = 64 * 1024 * 1024;
export const MAX_UNPACKED_TOTAL_BYTES = 1024 * 1024 * 1024;

const DECOMPRESSION_BOMB = 'This PDF unpacks into far more data than any document needs, so it was refused.';

/** The two compressions zlib unpacks for pdf.js's filters: deflate (FlateDecode, read raw) and Brotli (BrotliDecode). */
const UNPACKERS = {
  deflate: { sync: zlib.inflateRawSync, async: promisify(zlib.inflateRaw), stream: () => zlib.createInflateRaw(INFLATE_OPTIONS) },
  brotli: { sync: zlib.brotliDecompressSync, async: promisify(zlib.brotliDecompress), stream: () => zlib.createBrotliDecompress() },
};
type Compression = keyof typeof UNPACKERS;
const isZlib = (bytes: Uint8Array) => bytes.length > 2 && (bytes[0]! & 0x0f) === 8 && ((bytes[0]! << 8) | bytes[1]!) % 31 === 0;

/**
 * Most streams (page contents, fonts) unpack to a few kilobytes: those are unpacked right here, which
 * costs microseconds; a bigger one goes to the thread pool, off the event loop.
 */
const INLINE_INFLATE_BYTES = 256 * 1024;

const tooLarge = (err: unknown) => (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
const INFLATE_OPTIONS = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
const OPTIONS: Record<Compression, zlib.ZlibOptions | zlib.BrotliOptions> = { deflate: INFLATE_OPTIONS, brotli: {} };

/** What damaged compressed data unpacks into before the damage (pdf.js keeps that much too), never past `limit`. */
function unpackedUntilDamage(compression: Compression, packed: Uint8Array, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const inflater = UNPACKERS[compression].stream();
    const chunks: Buffer[] = [];
    let length = 0;
    inflater.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) {
        inflater.destroy();
        reject(new PayloadTooLarge(DECOMPRESSION_BOMB));
      } else chunks.push(chunk);
    });
    const done = () => resolve(Buffer.concat(chunks));
    inflater.on('error', done);
    inflater.on('end', done);
    inflater.end(packed);
  });
}

/** Compressed data unpacked, never past `limit` (beyond it: a bomb); damaged data, as far as it unpacks. */
async function unpacked(compression: Compression, packed: Uint8Array, limit: number): Promise<Buffer> {
  const { sync, async } = UNPACKERS[compression];
  try {
    return sync(packed, { ...OPTIONS[compression], maxOutputLength: Math.min(limit, INLINE_INFLATE_BYTES) });
  } catch (inline) {
    if (tooLarge(inline) && limit <= INLINE_INFLATE_BYTES) throw new PayloadTooLarge(DECOMPRESSION_BOMB);
    if (!tooLarge(inline)) return unpackedUntilDamage(compression, packed, limit);
  }
  try {
    return await async(packed, { ...OPTIONS[compression], maxOutputLength: limit });
  } catch (err) {
    if (tooLarge(err)) throw new PayloadTooLarge(DECOMPRESSION_BOMB);
    return unpackedUntilDamage(compression, packed, limit);
  }
}

/**
 * A zlib stream unpacked, never past `limit` (beyond it: a bomb); null when it is not zlib after all. Its
 * deflate data is unpacked raw, as pdf.js reads it: to its last block, whatever follows, and whether or
 * not its checksum is right; damaged data counts what it unpacks into before the damage. Neither a wrong
 * checksum nor damage at the end may hide what pdf.js would unpack.
 */
async function inflated(data: Uint8Array, limit: number): Promise<Buffer | null> {
  return isZlib(data) ? unpacked('deflate', data.subarray(2), limit) : null;
}

const bounded = (length: number, limit: number) => {
  if (length > limit) throw new PayloadTooLarge(DECOMPRESSION_BOMB);
};

const isSpace = (byte: number) => byte === 0x20 || (byte >= 0x09 && byte <= 0x0d) || byte === 0x00;

function asciiHexDecoded(data: Uint8Array): Buffer {
  const end = Buffer.from(data.buffer, data.byteOffset, data.byteLength).indexOf(0x3e); // '>' ends the data
  const digits = Buffer.from(data.subarray(0, end < 0 ? data.length : end)).toString('latin1').replace(/[^0-9a-f]/gi, '');
  return Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex');
}

function ascii85Decoded(whole: Uint8Array): Buffer {
  const end = Buffer.from(whole.buffer, whole.byteOffset, whole.byteLength).indexOf(0x7e); // '~>' ends the data
  const data = whole.subarray(0, end < 0 ? whole.length : end);
  // At most four bytes for each character ('z' is four zero bytes).
  const out = Buffer.alloc(data.length * 4);
  let length = 0;
  const group: number[] = [];
  const flush = () => {
    let value = 0;
    for (let i = 0; i < 5; i++) value = value * 85 + (group[i] ?? 84);
    for (let i = 0; i < group.length - 1; i++) out[length++] = Math.floor(value / 2 ** (24 - 8 * i)) & 0xff;
    group.length = 0;
  };
  for (const byte of data) {
    if (isSpace(byte)) continue;
    if (byte === 0x7a && group.length === 0) length += 4;
    else if (byte >= 0x21 && byte <= 0x75) {
      group.push(byte - 0x21);
      if (group.length === 5) flush();
    }
  }
  if (group.length > 1) flush();
  return out.subarray(0, length);
}

function runLengthDecoded(data: Uint8Array, limit: number): Buffer {
  const parts: Buffer[] = [];
  let length = 0;
  for (let at = 0; at < data.length; ) {
    const count = data[at]!;
    if (count === 128) break;
    const part = count < 128 ? Buffer.from(data.subarray(at + 1, at + 2 + count)) : Buffer.alloc(257 - count, data[at + 1] ?? 0);
    at += count < 128 ? count + 2 : 2;
    bounded((length += part.length), limit);
    parts.push(part);
  }
  return Buffer.concat(parts);
}

/** Output between two turns of the event loop while LZW is unpacked here in JavaScript (other requests go on meanwhile). */
const LZW_SLICE_BYTES = 4 * 1024 * 1024;

/**
 * LZW as PDF writes it (codes of 9-12 bits, most significant bit first; with EarlyChange 1, the default,
 * codes widen one entry early), never past `limit`.
 */
async function lzwDecoded(data: Uint8Array, limit: number, earlyChange: number): Promise<Buffer> {
  // Grown as it fills: data read past its stream (to the end of the file) may end at its first codes.
  let output = Buffer.alloc(Math.min(limit, 4096));
  let length = 0;
  // Each entry is an earlier entry (its prefix) and one byte; its first byte is kept to make the next entry.
  const prefix = new Int32Array(4096);
  const last = new Uint8Array(4096);
  const first = new Uint8Array(4096);
  const entryLength = new Int32Array(4096);
  for (let code = 0; code < 256; code++) {
    last[code] = code;
    first[code] = code;
    entryLength[code] = 1;
  }
  let next = 258;
  let width = 9;
  let previous = -1;
  let buffer = 0;
  let bits = 0;
  let yieldAt = LZW_SLICE_BYTES;
  const write = (code: number) => {
    const size = entryLength[code]!;
    bounded(length + size, limit);
    if (length + size > output.length) {
      const grown = Buffer.alloc(Math.min(limit, Math.max(output.length * 2, length + size)));
      output.copy(grown, 0, 0, length);
      output = grown;
    }
    for (let at = length + size - 1, walk = code; at >= length; at--, walk = prefix[walk]!) output[at] = last[walk]!;
    length += size;
  };
  for (const byte of data) {
    if (length >= yieldAt) {
      yieldAt = length + LZW_SLICE_BYTES;
      await pause();
    }
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= width) {
      const code = (buffer >>> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      if (code === 257) return output.subarray(0, length);
      if (code === 256) {
        next = 258;
        width = 9;
        previous = -1;
        continue;
      }
      if (code > next || (code === next && previous < 0)) return output.subarray(0, length);
      if (previous >= 0 && next < 4096) {
        // The new entry is the previous string and the first byte of this one (of the previous, when this is the new entry).
        prefix[next] = previous;
        last[next] = first[code === next ? previous : code]!;
        first[next] = first[previous]!;
        entryLength[next] = entryLength[previous]! + 1;
        next += 1;
      }
      write(code);
      previous = code;
      if (next + earlyChange >= 1 << width && width < 12) width += 1;
    }
    buffer &= (1 << bits) - 1;
  }
  return output.subarray(0, length);
}

/**
 * LZW read both ways its codes may widen, the longer kept: whether pdf.js applies an /EarlyChange depends on
 * how the stream's parameters pair with its filters, and guessing wrong would read a bomb short.
 */
async function lzwEitherWay(data: Uint8Array, limit: number): Promise<Buffer> {
  const [early, late] = [await lzwDecoded(data, limit, 1), await lzwDecoded(data, limit, 0)];
  return early.length >= late.length ? early : late;
}

/** Filters pdf.js decodes as images, bounding them by their pixels rather than their bytes. */
const IMAGE_CODECS = new Set(['DCTDecode', 'DCT', 'JPXDecode', 'JPX', 'CCITTFaxDecode', 'CCF', 'JBIG2Decode']);

/**
 * The stream's data after `filter`; null for an image codec. A filter pdf.js does not know leaves the data
 * as it is (pdf.js passes it on to the next filter).
 */
async function unpackedBy(filter: string, data: Uint8Array, limit: number): Promise<Uint8Array | null> {
  if (IMAGE_CODECS.has(filter)) return null;
  switch (filter) {
    case 'ASCIIHexDecode':
    case 'AHx':
      return asciiHexDecoded(data);
    case 'ASCII85Decode':
    case 'A85':
      return ascii85Decoded(data);
    case 'FlateDecode':
    case 'Fl':
      // Data that is not zlib: pdf.js reads nothing from it.
      return (await inflated(data, limit)) ?? new Uint8Array(0);
    case 'LZWDecode':
    case 'LZW':
      return lzwEitherWay(data, limit);
    case 'RunLengthDecode':
    case 'RL':
      return runLengthDecoded(data, limit);
    case 'BrotliDecode':
      return unpacked('brotli', data, limit);
    default:
      return data;
  }
}

/**
 * The most one byte can become through each filter: deflate's 258 bytes for at least two bits, an LZW code
 * of at least 9 bits naming at most 4096 bytes, 128 bytes from a run's two, ASCII85's 'z' for four zero
 * bytes; ASCIIHex makes less than it reads. Brotli has no such bound worth using: its streams are always unpacked.
 */
const GROWTH: Record<string, number> = {
  FlateDecode: 1032,
  Fl: 1032,
  LZWDecode: 3642,
  LZW: 3642,
  RunLengthDecode: 64,
  RL: 64,
  ASCII85Decode: 4,
  A85: 4,
  ASCIIHexDecode: 1,
  AHx: 1,
  BrotliDecode: Infinity,
};

/** The most `length` bytes can unpack into at any step of `filters` (an image codec ends what is counted). */
export function unpackedCeiling(length: number, filters: readonly string[]): number {
  let size = length;
  let ceiling = length;
  for (const filter of filters) {
    if (IMAGE_CODECS.has(filter)) break;
    size *= GROWTH[filter] ?? 1;
    ceiling = Math.max(ceiling, size);
  }
  return ceiling;
}

/**
 * The size a stream unpacks into through its declared filters, each step bounded by `limit`. `data` may
 * run past the stream (each filter stops where its data ends); `length` is the stream's own, the size
 * counted when its first filter unpacks nothing (an image codec).
 */
export async function unpackedSize(data: Uint8Array, filters: readonly string[], limit: number, length = data.length): Promise<number> {
  const { unpacked, steps } = await unpackedThrough(data, filters, limit);
  return steps ? unpacked.length : length;
}

/** The data after each of `filters` in turn, up to an image codec, each step bounded by `limit`; `steps` says how many ran. */
async function unpackedThrough(data: Uint8Array, filters: readonly string[], limit: number): Promise<{ unpacked: Uint8Array; steps: number }> {
  let unpacked = data;
  let steps = 0;
  for (const filter of filters) {
    const next = await unpackedBy(filter, unpacked, limit);
    if (!next) break;
    bounded(next.length, limit);
    unpacked = next;
    steps += 1;
  }
  return { unpacked, steps };
}

const UNKNOWN_FILTER = 'This PDF names how one of its parts is packed in a way that cannot be checked, so it was refused. Print it to a new PDF and upload that.';

/** More ways to read one stream's filters than this (references with several definitions) is refused. */
const MAX_FILTER_CHAINS = 16;

/** A reference's values in the file; one inside an object stream, which only parsing could follow, is refused (422). */
function followed(structure: PdfStructure, value: PdfValue): PdfValue[] {
  if (!(value instanceof PdfRef)) return [value];
  const values = structure.definitions(value);
  if (!values.length || values.length > MAX_FILTER_CHAINS) throw new Unprocessable(UNKNOWN_FILTER);
  return values;
}

/**
 * The filter chains a stream's dictionary may declare, read as pdf.js reads them: /F before /Filter, a name
 * or an array of names, either written as a reference (followed, each definition weighed). An array entry
 * that is not a name is skipped (pdf.js then reads nothing of the stream, so this counts more, never less).
 */
function filterChains(structure: PdfStructure, dictionary: PdfDictionary): string[][] {
  const declared = dictionary.has('F') ? dictionary.get('F')! : dictionary.get('Filter');
  if (declared === undefined) return [[]];
  const chains: string[][] = [];
  for (const value of followed(structure, declared)) {
    if (value instanceof PdfName) chains.push([value.name]);
    if (!Array.isArray(value)) continue;
    let ways: string[][] = [[]];
    for (const entry of value) {
      const names = followed(structure, entry).flatMap((name) => (name instanceof PdfName ? [name.name] : []));
      if (names.length) ways = ways.flatMap((way) => names.map((name) => [...way, name]));
      if (ways.length > MAX_FILTER_CHAINS) throw new Unprocessable(UNKNOWN_FILTER);
    }
    chains.push(...ways);
  }
  if (chains.length > MAX_FILTER_CHAINS) throw new Unprocessable(UNKNOWN_FILTER);
  return chains.length ? chains : [[]];
}

const ENDSTREAM_NEXT = /^[\0\t\n\f\r ]*endstream/;
const END_STREAM = Buffer.from('endstream');

/** More definitions of one /Length than this are not weighed: the stream is then read to its own end. */
const MAX_LENGTH_DEFINITIONS = 16;

/**
 * Where a stream ends by its /Length (direct, or each definition of a reference), when the bytes there say
 * 'endstream': pdf.js then reads exactly those. The furthest such end; null when none holds.
 */
function declaredEnd(bytes: Buffer, structure: PdfStructure, stream: PdfStream): number | null {
  const length = stream.dictionary.get('Length');
  const lengths = length instanceof PdfRef ? structure.definitions(length).slice(0, MAX_LENGTH_DEFINITIONS + 1) : length === undefined ? [] : [length];
  if (lengths.length > MAX_LENGTH_DEFINITIONS) return null;
  let end: number | null = null;
  for (const value of lengths) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) continue;
    const candidate = stream.start + value;
    if (candidate <= bytes.length && ENDSTREAM_NEXT.test(bytes.toString('latin1', candidate, candidate + 64))) end = Math.max(end ?? 0, candidate);
  }
  return end;
}

interface StreamToCheck {
  /** From the stream's start to its /Length end, or else to the end of the file (each filter stops where its data ends). */
  data: Buffer;
  /** The stream's own length as far as it can be told: to its /Length end, or else to the first 'endstream'. */
  length: number;
  chains: string[][];
}

/** The first 'endstream' at or after an offset, from one scan of the file however many streams ask. */
function endstreamFinder(bytes: Buffer): (from: number) => number {
  let offsets: number[] | null = null;
  return (from) => {
    if (!offsets) {
      offsets = [];
      for (let at = bytes.indexOf(END_STREAM); at >= 0; at = bytes.indexOf(END_STREAM, at + 1)) offsets.push(at);
    }
    let [low, high] = [0, offsets.length];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (offsets[middle]! < from) low = middle + 1;
      else high = middle;
    }
    return offsets[low] ?? bytes.length;
  };
}

function streamToCheck(bytes: Buffer, structure: PdfStructure, stream: PdfStream, firstEndstream: (from: number) => number): StreamToCheck {
  const lengthEnd = declaredEnd(bytes, structure, stream);
  const chains = filterChains(structure, stream.dictionary);
  if (lengthEnd !== null) return { data: bytes.subarray(stream.start, lengthEnd), length: lengthEnd - stream.start, chains };
  return { data: bytes.subarray(stream.start), length: firstEndstream(stream.start) - stream.start, chains };
}

/** Other requests run between every so many streams checked. */
const STREAMS_BETWEEN_PAUSES = 256;
const duePause = (index: number) => index % STREAMS_BETWEEN_PAUSES === STREAMS_BETWEEN_PAUSES - 1;

const ceilingOf = (stream: StreamToCheck) => Math.max(...stream.chains.map((chain) => unpackedCeiling(stream.data.length, chain)));

async function measuredSize(stream: StreamToCheck): Promise<number> {
  let size = 0;
  for (const chain of stream.chains) size = Math.max(size, await unpackedSize(stream.data, chain, MAX_UNPACKED_STREAM_BYTES, stream.length));
  return size;
}

/**
 * Checks, before pdf.js sees the file, that no stream unpacks into more than MAX_UNPACKED_STREAM_BYTES and
 * all together into no more than MAX_UNPACKED_TOTAL_BYTES: pdf.js would unpack a bomb whole into memory,
 * whether it is compressed data as it is or wrapped in a text encoding first (ASCIIHex, ASCII85).
 * Streams and their filters are read as pdf.js reads them (see readPdfStructure). A stream is what pdf.js
 * reads: its /Length of bytes when that holds; otherwise it is unpacked from its start until its own data
 * says it ends (zlib's last block, '>', '~>', the end codes), not until the first 'endstream': those bytes
 * can sit inside compressed data.
 * Most documents need no unpacking at all: the most their streams could become, from their sizes and
 * filters alone, is within the limits. Only the streams that could each exceed the limit are unpacked,
 * bounded (big zlib streams in libuv's thread pool), and the rest too if the total could then exceed its own.
 */
export async function assertNoDecompressionBomb(bytes: Buffer, read?: PdfStructure): Promise<void> {
  const structure = read ?? (await readPdfStructure(bytes));
  const firstEndstream = endstreamFinder(bytes);
  const small: StreamToCheck[] = [];
  let smallCeilings = 0;
  let total = 0;
  for (const [index, pdfStream] of structure.streams.entries()) {
    if (duePause(index)) await pause();
    const stream = streamToCheck(bytes, structure, pdfStream, firstEndstream);
    const ceiling = ceilingOf(stream);
    if (ceiling <= MAX_UNPACKED_STREAM_BYTES) {
      small.push(stream);
      smallCeilings += ceiling;
      continue;
    }
    total += await measuredSize(stream);
    bounded(total, MAX_UNPACKED_TOTAL_BYTES);
  }
  if (total + smallCeilings <= MAX_UNPACKED_TOTAL_BYTES) return;
  for (const [index, stream] of small.entries()) {
    if (duePause(index)) await pause();
    total += await measuredSize(stream);
    bounded(total, MAX_UNPACKED_TOTAL_BYTES);
  }
}

/**
 * A stream's data as each filter chain its dictionary may declare unpacks it (see filterChains), every step
 * bounded by MAX_UNPACKED_STREAM_BYTES: for checks that read what a stream holds (objects in object streams).
 */
export async function unpackedStreamData(bytes: Buffer, structure: PdfStructure, pdfStream: PdfStream): Promise<Uint8Array[]> {
  const stream = streamToCheck(bytes, structure, pdfStream, endstreamFinder(bytes));
  const unpackings: Uint8Array[] = [];
  for (const chain of stream.chains) unpackings.push((await unpackedThrough(stream.data, chain, MAX_UNPACKED_STREAM_BYTES)).unpacked);
  return unpackings;
}
