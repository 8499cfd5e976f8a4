import { Unprocessable } from '../../errors';
import type { PdfStructure } from './pdf-structure';
import { LexingBudget, PdfLexer, PdfName, PdfParser, PdfRef, UNCHECKABLE_PDF, type PdfDictionary, type PdfValue } from './pdf-syntax';
import { unpackedStreamData } from './pdf-unpacking';

const ACTIVE_PDF = 'This PDF contains scripts, attached files or actions that run when it is opened, so it was refused. Print it to a new PDF (which keeps only its pages) and upload that.';

/**
 * Names that only a PDF which runs something, reaches out, or carries other files uses: scripts (JavaScript,
 * XFA forms), launching programs, sending or fetching form data, attached files and embedded media. A
 * medical document needs none of them, and a doctor opening it should not run any.
 */
const ACTIVE_NAMES = new Set(['JavaScript', 'JS', 'XFA', 'Launch', 'SubmitForm', 'ImportData', 'GoToE', 'EmbeddedFile', 'EmbeddedFiles', 'EF', 'FileAttachment', 'RichMedia']);

/** More objects than this in one object stream is refused (422): a 50-page document holds a few thousand in all. */
const MAX_OBJECTS_PER_STREAM = 100_000;

const nameOf = (value: PdfValue | undefined) => (value instanceof PdfName ? value.name : undefined);

/** An object stream's objects, by number: its header pairs each number with where its object starts after /First. */
function objectsOfStream(data: Uint8Array, count: number, first: number): Map<number, PdfValue> {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const budget = new LexingBudget(2 * bytes.length + 1024 * 1024);
  const header = new PdfLexer(bytes, 0, budget);
  const objects = new Map<number, PdfValue>();
  for (let index = 0; index < count; index += 1) {
    const number = header.next();
    const offset = header.next();
    if (typeof number !== 'number' || typeof offset !== 'number') throw new Unprocessable(UNCHECKABLE_PDF);
    const { value } = new PdfParser(new PdfLexer(bytes, first + offset, budget)).object();
    if (value !== null) objects.set(number, value);
  }
  return objects;
}

/** Whether a value names anything in ACTIVE_NAMES, as a key or as a name, however deep. */
function namesActiveContent(value: PdfValue): boolean {
  if (value instanceof PdfName) return ACTIVE_NAMES.has(value.name);
  if (Array.isArray(value)) return value.some(namesActiveContent);
  if (value instanceof Map) return [...value].some(([key, entry]) => ACTIVE_NAMES.has(key) || namesActiveContent(entry));
  return false;
}

/**
 * Refuses (422) a PDF that runs something, reaches out or carries other files: any of ACTIVE_NAMES in any
 * object (object streams unpacked and read too, names' '#xx' escapes decoded, as pdf.js reads them), or
 * an /OpenAction that is an action other than going to a page (a destination, such as 'open at page 1
 * fitted to the window', is kept). Runs after the decompression-bomb check, so unpacking is bounded.
 */
export async function assertNoActiveContent(bytes: Buffer, structure: PdfStructure): Promise<void> {
  // pdf.js reads any stream an object-stream entry points at as one, if its /N and /First are whole numbers (whatever its /Type).
  const wholeNumber = (value: PdfValue | undefined): number | null => {
    const values = value instanceof PdfRef ? structure.definitions(value) : [value];
    return values.length === 1 && Number.isInteger(values[0]) && (values[0] as number) >= 0 ? (values[0] as number) : null;
  };
  const fromObjectStreams = new Map<number, PdfValue[]>();
  for (const stream of structure.streams) {
    const { dictionary } = stream;
    if (nameOf(dictionary.get('Type')) !== 'ObjStm' && !(dictionary.has('N') && dictionary.has('First'))) continue;
    const count = wholeNumber(dictionary.get('N'));
    const first = wholeNumber(dictionary.get('First'));
    if (count === null || first === null || count > MAX_OBJECTS_PER_STREAM) throw new Unprocessable(UNCHECKABLE_PDF);
    for (const data of await unpackedStreamData(bytes, structure, stream)) {
      for (const [number, value] of objectsOfStream(data, count, first)) fromObjectStreams.set(number, [...(fromObjectStreams.get(number) ?? []), value]);
    }
  }
  const objects = [...structure.objects, ...[...fromObjectStreams.values()].flat()];
  const valuesOf = (value: PdfValue): PdfValue[] =>
    value instanceof PdfRef ? [...structure.definitions(value), ...(fromObjectStreams.get(value.number) ?? [])] : [value];
  const opensAction = (dictionary: PdfDictionary) => {
    const openAction = dictionary.get('OpenAction');
    return openAction !== undefined && valuesOf(openAction).some((action) => action instanceof Map && action.has('S') && nameOf(action.get('S')) !== 'GoTo');
  };
  if (objects.some((value) => namesActiveContent(value) || (value instanceof Map && opensAction(value)))) throw new Unprocessable(ACTIVE_PDF);
}
