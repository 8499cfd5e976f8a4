import { PageRenderer } from '../../server/services/documents/pdf';
import { scannedPdf, textImage } from '../support/document-fixtures';

describe('rendering scanned PDF pages in a worker thread', () => {
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await scannedPdf([textImage(['Diagnosis: Asthma'], { width: 850, height: 1100 })]);
  });

  it('draws a page to a PNG at 200 dpi', async () => {
    const renderer = new PageRenderer(pdf, 30_000);
    try {
      const png = await renderer.render(1);
      expect(png!.subarray(1, 4).toString()).toBe('PNG');
      // A letter page at 200 dpi: 1700 x 2200.
      expect([png!.readUInt32BE(16), png!.readUInt32BE(20)]).toEqual([1700, 2200]);
    } finally {
      await renderer.close();
    }
  }, 30_000);

  it('answers null for a page that does not exist or takes too long, and renders again afterwards', async () => {
    const renderer = new PageRenderer(pdf, 1);
    try {
      expect(await renderer.render(1)).toBeNull();
    } finally {
      await renderer.close();
    }
    const patient = new PageRenderer(pdf, 30_000);
    try {
      expect(await patient.render(2)).toBeNull();
      expect(await patient.render(1)).not.toBeNull();
    } finally {
      await patient.close();
    }
  }, 30_000);
});
