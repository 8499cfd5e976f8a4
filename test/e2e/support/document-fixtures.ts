import type { BrowserContext } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** What the clinic note says, line by line: the tests look for these words in what the server read. */
export const CLINIC_NOTE = {
  facility: 'Westside Family Clinic',
  lines: [
    'Patient: John Carter',
    'Patient ID: MV-2231',
    'Age: 45   Gender: Male',
    'Date: 2026-11-02',
    'Doctor: Dr. Maria Lopez',
    'Chief Complaint: Persistent cough for two weeks',
    'Diagnosis: Acute bronchitis',
    'Treatment Plan: Amoxicillin 500 mg three times daily for 7 days',
    'Hemoglobin 13.5 g/dL (13.5-17.5)',
    'Follow Up: Return in 2 weeks',
  ],
};

function noteHtml(lines: string[], width: number, height: number): string {
  const body = lines.map((line) => `<p>${line}</p>`).join('');
  return `<html><body style="margin:0;background:#fff">
    <main style="box-sizing:border-box;width:${width}px;height:${height}px;padding:48px 56px;font:30px/1.45 'DejaVu Sans',Arial,sans-serif;color:#111">
      <h1 style="font-size:40px;margin:0 0 24px">${CLINIC_NOTE.facility.toUpperCase()}</h1>
      ${body.replace(/<p>/g, '<p style="margin:0 0 10px">')}
    </main></body></html>`;
}

/** The clinic note rendered by Chromium itself, as a PNG or JPEG of the given size. */
export async function renderClinicNote(context: BrowserContext, options: { type?: 'png' | 'jpeg'; width?: number; height?: number } = {}): Promise<Buffer> {
  const { type = 'png', width = 1240, height = 760 } = options;
  const page = await context.newPage();
  try {
    await page.setViewportSize({ width, height });
    await page.setContent(noteHtml(CLINIC_NOTE.lines, width, height));
    return await page.screenshot({ type, ...(type === 'jpeg' ? { quality: 92 } : {}) });
  } finally {
    await page.close();
  }
}

/** A PDF whose pages carry the given lines as real text (a text layer, no image). */
export async function textPdf(pages: string[][]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([595, 842]);
    lines.forEach((line, index) => page.drawText(line, { x: 56, y: 780 - index * 22, size: 13, font }));
  }
  return Buffer.from(await pdf.save());
}

/** A PDF with an empty page: nothing to read in its text layer or in its picture. */
export async function blankPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]);
  return Buffer.from(await pdf.save());
}

/** An MJPEG stream (JPEG frames one after another) that Chromium's fake camera plays from a file. */
export function mjpegOf(jpeg: Buffer, frames = 30): Buffer {
  return Buffer.concat(Array.from({ length: frames }, () => jpeg));
}
