import { Unprocessable } from '../../errors';

/**
 * PDF's object syntax read the way pdf.js's Lexer and Parser read it (comments skipped, '#xx' escapes in
 * names decoded, strings skipped whole, 'N G R' references), for checks that must see a file as pdf.js
 * will: a regular expression over the bytes is fooled by an escaped name or a comment where pdf.js is not.
 */

export const UNCHECKABLE_PDF = 'This PDF is written in a way that cannot be checked, so it was refused. Print it to a new PDF and upload that.';

export class PdfName {
  constructor(readonly name: string) {}
}

export class PdfRef {
  constructor(
    readonly number: number,
    readonly generation: number,
  ) {}

  get key(): string {
    return `${this.number} ${this.generation}`;
  }
}

/** A keyword (true, null, R, obj...), a stray delimiter, or a string (whose content no check needs). */
class PdfWord {
  constructor(readonly word: string) {}
}

export type PdfDictionary = Map<string, PdfValue>;
export type PdfValue = number | PdfName | PdfRef | PdfWord | PdfDictionary | PdfValue[];

type Token = number | PdfName | PdfWord | null;

const STRING = new PdfWord('(string)');
const DICTIONARY_START = new PdfWord('<<');
const DICTIONARY_END = new PdfWord('>>');
const SPACE = 1;
const DELIMITER = 2;
/** pdf.js's character classes: NUL, tab, line feed, form feed, carriage return and space separate tokens. */
const CLASS = new Uint8Array(256);
for (const byte of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) CLASS[byte] = SPACE;
for (const char of '()<>[]{}/%') CLASS[char.charCodeAt(0)] = DELIMITER;

const DELIMITERS: Record<number, PdfWord> = Object.fromEntries([...'()<>[]{}/%'].map((char) => [char.charCodeAt(0), new PdfWord(char)]));
const isRegular = (byte: number | undefined) => byte !== undefined && CLASS[byte] === 0;
const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x39;

/**
 * How many bytes the lexers of one check may read in all: beyond, the file is built to make checking slow.
 * Also counts what was read since the last pause, so a long check can let other requests run.
 */
export class LexingBudget {
  private sincePause = 0;

  constructor(private remaining: number) {}

  spend(bytes: number): void {
    this.remaining -= bytes;
    this.sincePause += bytes;
    if (this.remaining < 0) throw new Unprocessable(UNCHECKABLE_PDF);
  }

  /** Whether `slice` bytes were read since the last pause (then counting starts again). */
  duePause(slice: number): boolean {
    if (this.sincePause < slice) return false;
    this.sincePause = 0;
    return true;
  }
}

export class PdfLexer {
  constructor(
    private readonly bytes: Buffer,
    /** Where the next token is read from. */
    public position: number,
    private readonly budget: LexingBudget,
  ) {}

  /** The next token; null at the end of the bytes. */
  next(): Token {
    const { bytes } = this;
    let at = this.skipSpaceAndComments(this.position);
    let token: Token;
    const byte = bytes[at];
    if (byte === undefined) token = null;
    else if (byte === 0x28) {
      at = this.literalStringEnd(at + 1);
      token = STRING;
    } else if ((byte === 0x3c || byte === 0x3e) && bytes[at + 1] === byte) {
      at += 2;
      token = byte === 0x3c ? DICTIONARY_START : DICTIONARY_END;
    } else if (byte === 0x3c) {
      const close = bytes.indexOf(0x3e, at + 1);
      at = close < 0 ? bytes.length : close + 1;
      token = STRING;
    } else if (byte === 0x2f) {
      [token, at] = this.name(at + 1);
    } else if (CLASS[byte] === DELIMITER) {
      at += 1;
      token = DELIMITERS[byte]!;
    } else if (isDigit(byte) || byte === 0x2b || byte === 0x2d || byte === 0x2e) {
      [token, at] = this.number(at);
    } else {
      const start = at;
      while (isRegular(bytes[at])) at += 1;
      token = new PdfWord(bytes.toString('latin1', start, at));
    }
    this.budget.spend(at - this.position);
    this.position = at;
    return token;
  }

  private skipSpaceAndComments(from: number): number {
    const { bytes } = this;
    let at = from;
    for (;;) {
      while (at < bytes.length && CLASS[bytes[at]!] === SPACE) at += 1;
      if (bytes[at] !== 0x25) return at;
      while (at < bytes.length && bytes[at] !== 0x0a && bytes[at] !== 0x0d) at += 1;
    }
  }

  /** Past the ')' that closes a literal string: parentheses nest, a backslash escapes the next byte. */
  private literalStringEnd(from: number): number {
    const { bytes } = this;
    let depth = 1;
    for (let at = from; at < bytes.length; at += 1) {
      const byte = bytes[at];
      if (byte === 0x5c) at += 1;
      else if (byte === 0x28) depth += 1;
      else if (byte === 0x29 && --depth === 0) return at + 1;
    }
    return bytes.length;
  }

  /** A name with its '#xx' escapes decoded ('/Fl#61teDecode' is /FlateDecode to pdf.js). */
  private name(from: number): [PdfName, number] {
    const { bytes } = this;
    let end = from;
    while (isRegular(bytes[end])) end += 1;
    const written = bytes.toString('latin1', from, end);
    if (!written.includes('#')) return [new PdfName(written), end];
    return [new PdfName(written.replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))), end];
  }

  /** A number as pdf.js reads one: a sign (even doubled), digits with one decimal point; it ends at the first other byte. */
  private number(from: number): [number, number] {
    const { bytes } = this;
    let at = from;
    let sign = 1;
    if (bytes[at] === 0x2d) {
      sign = -1;
      at += bytes[at + 1] === 0x2d ? 2 : 1;
    } else if (bytes[at] === 0x2b) at += 1;
    while (bytes[at] === 0x0a || bytes[at] === 0x0d) at += 1;
    let value = 0;
    while (isDigit(bytes[at])) value = value * 10 + bytes[at++]! - 0x30;
    if (bytes[at] === 0x2e) {
      let scale = 1;
      for (at += 1; isDigit(bytes[at]); at += 1) value += (bytes[at]! - 0x30) * (scale /= 10);
    }
    return [sign * value, Math.max(at, from + 1)];
  }
}

/** Deeper nesting than any real document uses is refused rather than followed. */
const MAX_NESTING = 64;

interface ParsedObject {
  value: PdfValue | null;
  /** For a dictionary followed by the 'stream' keyword: where that keyword ends. */
  streamKeywordEnd: number | null;
}

const isWord = (token: Token, word: string) => token instanceof PdfWord && token.word === word;

/**
 * One object read as pdf.js's Parser.getObj reads it, with two tokens of look-ahead. A stream may only be
 * an object of its own (the PDF standard says so): one met inside another value is refused (422), since
 * where it ends decides what is read next.
 */
export class PdfParser {
  private current: Token;
  private following: Token;
  private streamKeywordEnd: number | null = null;

  constructor(private readonly lexer: PdfLexer) {
    this.current = lexer.next();
    this.following = lexer.next();
  }

  object(): ParsedObject {
    const value = this.value(0);
    return { value, streamKeywordEnd: this.streamKeywordEnd };
  }

  private shift(): void {
    this.current = this.following;
    this.following = this.lexer.next();
  }

  private value(depth: number): PdfValue | null {
    if (depth > MAX_NESTING) throw new Unprocessable(UNCHECKABLE_PDF);
    const token = this.current;
    if (token === null) return null;
    if (isWord(token, '[')) return this.array(depth);
    if (isWord(token, '<<')) return this.dictionary(depth);
    this.shift();
    if (typeof token === 'number' && Number.isInteger(token) && Number.isInteger(this.current) && isWord(this.following, 'R')) {
      const ref = new PdfRef(token, this.current as number);
      this.shift();
      this.shift();
      return ref;
    }
    return token;
  }

  private array(depth: number): PdfValue[] {
    this.shift();
    const array: PdfValue[] = [];
    while (this.current !== null && !isWord(this.current, ']')) array.push(this.value(depth + 1)!);
    this.shift();
    return array;
  }

  /** Keys that are not names are skipped, a repeated key keeps its last value (both as pdf.js does). */
  private dictionary(depth: number): PdfDictionary {
    this.shift();
    const dictionary: PdfDictionary = new Map();
    while (this.current !== null && !isWord(this.current, '>>')) {
      if (!(this.current instanceof PdfName)) {
        this.shift();
        continue;
      }
      const key = this.current.name;
      this.shift();
      if (this.current === null) break;
      dictionary.set(key, this.value(depth + 1)!);
    }
    if (this.current !== null && isWord(this.following, 'stream')) {
      if (depth > 0) throw new Unprocessable(UNCHECKABLE_PDF);
      // The look-ahead token is the keyword itself: the lexer stands right after it.
      this.streamKeywordEnd = this.lexer.position;
      return dictionary;
    }
    this.shift();
    return dictionary;
  }
}
