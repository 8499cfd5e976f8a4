import type { OcrReading } from './ocr-pool';

/**
 * Tesseract's confidence (0-100) from which a word counts as read. Printed text reads at 85 and above;
 * what it makes of a camera frame with no document in it (a covered lens, a wall, a blurred room) are
 * one- and two-letter 'words' such as 'a', 'ee', 'AAA' at 50 or below.
 */
const READ_CONFIDENCE = 60;

/** Letters, in words read with confidence, below which a page holds no document text ('Dr. Chen' has 6). */
const MIN_LETTERS = 6;

const lettersIn = (word: string) => word.match(/\p{L}/gu)?.length ?? 0;

/**
 * Whether OCR found a document on the page: enough letters in words it is sure of. The text alone cannot
 * tell: noise reads as letters too, and a blank frame saved as a report is a report nobody wrote.
 */
export function hasDocumentText(reading: OcrReading): boolean {
  let letters = 0;
  for (const word of reading.words) {
    const count = lettersIn(word.text);
    if (word.confidence >= READ_CONFIDENCE && count >= 2) letters += count;
  }
  return letters >= MIN_LETTERS;
}
