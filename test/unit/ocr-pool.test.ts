import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { OcrPool, OcrTimeout, WORKER_OPTIONS } from '../../server/services/documents/ocr-pool';
import { textImage } from '../support/document-fixtures';

describe('the OCR pool', () => {
  it('reads from the language data shipped in node_modules and writes no cache: nothing is fetched at run time', () => {
    expect(path.isAbsolute(WORKER_OPTIONS.langPath)).toBe(true);
    expect(WORKER_OPTIONS.langPath).toMatch(/node_modules\/@tesseract\.js-data\/eng\/4\.0\.0_best_int$/);
    expect(statSync(path.join(WORKER_OPTIONS.langPath, 'eng.traineddata.gz')).size).toBeGreaterThan(1_000_000);
    // tesseract.js fetches only when langPath is a URL (http, https, file:); a plain folder is read from disk.
    expect(WORKER_OPTIONS.langPath).not.toMatch(/^[a-z]+:/i);
    expect(WORKER_OPTIONS.cacheMethod).toBe('none');
  });

  it('reads pages in worker threads, at most `size` of them, and leaves no cache file behind', async () => {
    const pool = new OcrPool({ size: 2, timeoutMs: 60_000 });
    try {
      const pages = [['Diagnosis: Asthma'], ['Plan: Albuterol as needed'], ['Follow-up: 2 weeks']].map((lines) => textImage(lines, { width: 900, height: 300 }));
      const readings = await Promise.all(pages.map((page) => pool.recognize(page)));
      expect(readings.map((reading) => reading.text.trim())).toEqual(['Diagnosis: Asthma', 'Plan: Albuterol as needed', 'Follow-up: 2 weeks']);
      // On a loaded machine the first thread may read all three before the second has loaded its model.
      for (let waited = 0; pool.threads < 2 && waited < 20_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
      expect(pool.threads).toBe(2);
      await Promise.all(pages.map((page) => pool.recognize(page)));
      expect(pool.threads).toBe(2);
      expect(existsSync('eng.traineddata')).toBe(false);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('fails a page over its time limit and replaces the worker that was reading it', async () => {
    const pool = new OcrPool({ size: 1, timeoutMs: 1000 });
    try {
      const dense = textImage(Array.from({ length: 40 }, (_, i) => `Line ${i} of a long and dense clinical record with many words`), { width: 3000, height: 4000, fontPx: 48 });
      await expect(pool.recognize(dense)).rejects.toBeInstanceOf(OcrTimeout);
      expect(pool.threads).toBe(0);
      const next = await pool.recognize(textImage(['Follow-up: 2 weeks'], { width: 900, height: 300 }));
      expect(next.text.trim()).toBe('Follow-up: 2 weeks');
      expect(next.words.map((word) => word.text)).toEqual(['Follow-up:', '2', 'weeks']);
      expect(pool.threads).toBe(1);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
