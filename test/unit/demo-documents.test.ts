import { extractText, getDocumentProxy } from 'unpdf';
import { demoReportPdf } from '../../db/seeds/demo-documents';
import { demoDocumentId } from '../../db/seeds/demo';

async function textOf(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text;
}

describe('the demo reports’ documents', () => {
  it('are readable one-page PDFs with the report’s content and results', async () => {
    const pdf = await demoReportPdf({
      title: 'Complete Blood Count',
      reportDate: new Date('2025-01-10T09:00:00Z'),
      doctorName: 'Dr. Sarah Chen',
      facility: 'Riverside Medical Laboratory',
      summary: 'Hemoglobin slightly below the reference range; other counts normal. Recheck in 6-8 weeks.',
      results: JSON.stringify({ hemoglobin: { value: 13.2, unit: 'g/dL', referenceRange: '13.5-17.5' }, whiteBloodCells: { value: 7.1, unit: '10^3/uL' } }),
    });
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = await textOf(pdf);
    for (const line of ['Riverside Medical Laboratory', 'Complete Blood Count', 'Date: 2025-01-10', 'Doctor: Dr. Sarah Chen', 'Hemoglobin: 13.2 g/dL (13.5-17.5)', 'White Blood Cells: 7.1 10^3/uL']) {
      expect(text).toContain(line);
    }
  });

  it('read results stored as JSON text holding JSON, and nested values', async () => {
    const results = JSON.stringify(JSON.stringify({ findings: '6 mm lesion', impressions: ['Likely benign', 'Follow-up MRI'], contrast: false }));
    const text = await textOf(await demoReportPdf({ title: 'Brain MRI', reportDate: new Date(), doctorName: null, facility: null, summary: null, results }));
    expect(text).toContain('Findings: 6 mm lesion');
    expect(text).toContain('Impressions: Likely benign, Follow-up MRI');
    expect(text).toContain('Contrast: false');
  });

  it('have ids derived from their reports', () => {
    expect(demoDocumentId('30000000-0000-4000-8000-000000000001')).toBe('31000000-0000-4000-8000-000000000001');
  });
});
