import { once } from 'node:events';
import zlib from 'node:zlib';

/**
 * Encoders for the PDF stream filters the bomb check decodes (pdf.js and the server only decode them), so
 * tests can build streams that are wrapped, run-length or LZW encoded.
 */

/**
 * A zlib stream whose first block is stored and holds the bytes 'endstream', then `data` compressed: the
 * word a PDF's stream ends with, inside the stream's compressed data.
 */
export async function deflatedAfterEndstreamBytes(data: Uint8Array): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 0 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  deflate.write(Buffer.from('endstream', 'latin1'));
  await new Promise<void>((resolve) => deflate.flush(zlib.constants.Z_FULL_FLUSH, () => resolve()));
  await new Promise<void>((resolve) => deflate.params(9, zlib.constants.Z_DEFAULT_STRATEGY, () => resolve()));
  deflate.end(data);
  await once(deflate, 'end');
  return Buffer.concat(chunks);
}

export const asciiHexEncoded = (data: Uint8Array) => Buffer.from(`${Buffer.from(data).toString('hex')}>`, 'latin1');

export function ascii85Encoded(data: Uint8Array): Buffer {
  let text = '';
  for (let at = 0; at < data.length; at += 4) {
    const chunk = data.subarray(at, at + 4);
    let value = 0;
    for (let i = 0; i < 4; i++) value = value * 256 + (chunk[i] ?? 0);
    if (chunk.length === 4 && value === 0) {
      text += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let i = 0; i < 5; i++) {
      digits.unshift(String.fromCharCode((value % 85) + 0x21));
      value = Math.floor(value / 85);
    }
    text += digits.slice(0, chunk.length + 1).join('');
  }
  return Buffer.from(`${text}~>`, 'latin1');
}

/** Runs of one byte as (257 - length, byte), anything else as literal bytes. */
export function runLengthEncoded(data: Uint8Array): Buffer {
  const out: number[] = [];
  for (let at = 0; at < data.length; ) {
    let run = 1;
    while (at + run < data.length && data[at + run] === data[at] && run < 128) run++;
    if (run > 1) {
      out.push(257 - run, data[at]!);
      at += run;
    } else {
      out.push(0, data[at]!);
      at += 1;
    }
  }
  out.push(128);
  return Buffer.from(out);
}

/** LZW as PDF reads it: 9-12 bit codes, most significant bit first, a clear code first, EarlyChange 1 unless told 0. */
export function lzwEncoded(data: Uint8Array, earlyChange = 1): Buffer {
  const out: number[] = [];
  let width = 9;
  let accumulator = 0;
  let bits = 0;
  const emit = (code: number) => {
    accumulator = (accumulator << width) | code;
    bits += width;
    while (bits >= 8) {
      out.push((accumulator >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    accumulator &= (1 << bits) - 1;
  };
  let table = new Map<number, number>();
  let next = 258;
  emit(256);
  let current = -1;
  for (const byte of data) {
    if (current < 0) {
      current = byte;
      continue;
    }
    const known = table.get(current * 256 + byte);
    if (known !== undefined) {
      current = known;
      continue;
    }
    emit(current);
    table.set(current * 256 + byte, next++);
    if (next + earlyChange > 1 << width && width < 12) width += 1;
    if (next === 4094) {
      emit(256);
      table = new Map();
      next = 258;
      width = 9;
    }
    current = byte;
  }
  if (current >= 0) emit(current);
  emit(257);
  if (bits > 0) out.push((accumulator << (8 - bits)) & 0xff);
  return Buffer.from(out);
}
