import { hasDocumentText } from '../../server/services/documents/document-text';

const reading = (...words: [string, number][]) => ({ text: words.map(([text]) => text).join(' '), words: words.map(([text, confidence]) => ({ text, confidence })) });

describe('whether OCR found document text', () => {
  it('takes a few words read with confidence', () => {
    expect(hasDocumentText(reading(['Dr.', 96], ['Chen', 96]))).toBe(true);
    expect(hasDocumentText(reading(['Aspirin', 91]))).toBe(true);
  });

  it('does not count what noise reads as: low-confidence words, single letters, digits and marks', () => {
    expect(hasDocumentText(reading(['The', 45], ['he', 48], ['AS', 52], ['CAAA', 19], ['Ereiaid', 0]))).toBe(false);
    expect(hasDocumentText(reading(['a', 99], ['i', 99], ['2', 99], ['%', 93], ['(13.5-17.5)', 93], [')', 76]))).toBe(false);
    expect(hasDocumentText(reading())).toBe(false);
  });
});
