import { setImmediate as pause } from 'node:timers/promises';
import { Unprocessable } from '../../errors';
import { LexingBudget, PdfLexer, PdfParser, PdfRef, UNCHECKABLE_PDF, type PdfDictionary, type PdfValue } from './pdf-syntax';

/** A stream object: its dictionary and where its data starts. */
export interface PdfStream {
  dictionary: PdfDictionary;
  start: number;
}

export interface PdfStructure {
  streams: PdfStream[];
  /** An /Encrypt entry in a trailer or a cross-reference stream: pdf.js would decrypt what no check can read. */
  encrypted: boolean;
  /** Every object the file writes outside object streams, in the order written. */
  objects: PdfValue[];
  /**
   * Every value the file itself writes for an object: several when it was updated in increments (which one
   * pdf.js takes depends on its cross-reference tables, so a check weighs them all); none for an object
   * inside an object stream.
   */
  definitions(ref: PdfRef): PdfValue[];
}

const OBJ = Buffer.from('obj');
const TRAILER = Buffer.from('trailer');
const PAUSE_EVERY_BYTES = 1024 * 1024;
/**
 * More stream objects than this is refused: a document of at most 50 pages (fonts, images and contents
 * included) has a few hundred, and every stream costs the check something however little it holds.
 */
const MAX_STREAMS = 10_000;
const isSpace = (byte: number | undefined) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;

/** Where a stream's data starts: on the line after its keyword, whatever else that line holds (as pdf.js reads it). */
function dataStart(bytes: Buffer, afterKeyword: number): number {
  let at = afterKeyword;
  while (at < bytes.length && bytes[at] !== 0x0a && bytes[at] !== 0x0d) at += 1;
  if (bytes[at] === 0x0d) at += 1;
  if (bytes[at] === 0x0a) at += 1;
  return at;
}

/** The 'N G' written before an 'obj' keyword, read backwards; null when those are not two numbers. */
function objectKeyBefore(bytes: Buffer, keyword: number): string | null {
  const numbers: number[] = [];
  let at = keyword - 1;
  for (let read = 0; read < 2; read += 1) {
    while (isSpace(bytes[at])) at -= 1;
    const end = at + 1;
    while (at >= 0 && bytes[at]! >= 0x30 && bytes[at]! <= 0x39) at -= 1;
    if (at + 1 === end) return null;
    numbers.unshift(Number(bytes.toString('latin1', at + 1, end)));
  }
  return `${numbers[0]} ${numbers[1]}`;
}

const isEncryptEntry = (value: PdfValue | undefined) => value instanceof PdfRef || value instanceof Map;

/**
 * Every object the file writes, read as pdf.js reads one (from right after each 'obj' keyword; one found
 * inside a string or a stream's data is read too, which only adds to what is checked), and every trailer.
 * The lexers read at most twice the file (plus a margin): a file built so that they would read more is
 * refused. Other requests run between objects, every megabyte read.
 */
export async function readPdfStructure(bytes: Buffer): Promise<PdfStructure> {
  const budget = new LexingBudget(2 * bytes.length + 1024 * 1024);
  const read = (from: number) => new PdfParser(new PdfLexer(bytes, from, budget)).object();
  const streams: PdfStream[] = [];
  const values = new Map<string, PdfValue[]>();
  const objects: PdfValue[] = [];
  let encrypted = false;
  for (let at = bytes.indexOf(OBJ); at >= 0; at = bytes.indexOf(OBJ, at + OBJ.length)) {
    if (bytes[at - 3] === 0x65 && bytes[at - 2] === 0x6e && bytes[at - 1] === 0x64) continue; // 'endobj'
    if (budget.duePause(PAUSE_EVERY_BYTES)) await pause();
    const { value, streamKeywordEnd } = read(at + OBJ.length);
    if (value === null) continue;
    objects.push(value);
    const key = objectKeyBefore(bytes, at);
    if (key) {
      const written = values.get(key);
      if (written) written.push(value);
      else values.set(key, [value]);
    }
    if (!(value instanceof Map)) continue;
    encrypted ||= isEncryptEntry(value.get('Encrypt'));
    if (streamKeywordEnd === null) continue;
    if (streams.length === MAX_STREAMS) throw new Unprocessable(UNCHECKABLE_PDF);
    streams.push({ dictionary: value, start: dataStart(bytes, streamKeywordEnd) });
  }
  for (let at = bytes.indexOf(TRAILER); at >= 0; at = bytes.indexOf(TRAILER, at + TRAILER.length)) {
    if (budget.duePause(PAUSE_EVERY_BYTES)) await pause();
    const { value } = read(at + TRAILER.length);
    if (value instanceof Map) encrypted ||= isEncryptEntry(value.get('Encrypt'));
  }
  return { streams, encrypted, objects, definitions: (ref) => values.get(ref.key) ?? [] };
}
