import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from '../support/app';
import { Consultation, Document, MedicalReport } from '../../db/models';
import type { DocumentProgress } from '../../server/services/realtime';
import { doctorParty, patientParty, type Party } from './consultations-fixtures';
import type { User } from '../../db/models';
import { CLINIC_NOTE_LINES, LAB_SHEET_LINES, dataUrl, scannedPdf, sidewaysWithExif, textImage, textJpeg, textPdf } from '../support/document-fixtures';
import { nextEvent, recorder, signedInSocket } from '../signalling/helpers';
import { storeDocumentWithReport } from '../../server/services/documents/storage';
import { hasOriginal, originalsOf } from '../support/stored-documents';

let server: TestServer;
let dataDir: string;
let owner: Party<User>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'medivault-documents-'));
  server = await startTestServer({ DATA_DIR: dataDir });
  owner = await patientParty(server.url);
}, 60_000);
afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

const noteImage = textImage(CLINIC_NOTE_LINES);

async function processImage(party: Party<User>, bytes: Buffer, mimeType = 'image/png', headers: Record<string, string> = {}) {
  return party.client.post('/api/process-medical-document', { imageData: dataUrl(mimeType, bytes) }, headers);
}

describe('a photo of a clinic note', () => {
  let answer: Awaited<ReturnType<typeof processImage>>;
  beforeAll(async () => {
    // The data URL claims a PDF: the bytes say PNG, and the bytes decide.
    answer = await processImage(owner, noteImage, 'application/pdf');
  }, 60_000);

  it('is read into the spec response with the known words', () => {
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    for (const words of ['Maria Lopez', 'Essential hypertension', 'Persistent headache', 'Riverside Family Clinic']) expect(answer.body.extractedText).toContain(words);
    expect(answer.body.aiAnalysis.extractedText).toBe(answer.body.extractedText);
  });

  it('fills the structured record and counts the medications', () => {
    const record = answer.body.structuredRecord;
    expect(record.patientInfo).toEqual({ name: 'Maria Lopez', patientId: null, age: '52', gender: 'Female' });
    expect(record).toMatchObject({ consultationDate: '2025-03-14', chiefComplaint: 'Persistent headache', diagnosis: 'Essential hypertension', followUp: 'Return in 4 weeks' });
    expect(answer.body.aiAnalysis.medicationsFound.map((m: { name: string; dose: string; frequency: string }) => [m.name, m.dose, m.frequency])).toEqual([
      ['Lisinopril', '10 mg', 'once daily'],
      ['Metformin', '500 mg', 'twice daily'],
    ]);
    expect(answer.body.sources.diagnosis).toBe('Diagnosis: Essential hypertension');
  });

  it('is saved as a report the patient can open', async () => {
    const report = answer.body.report;
    expect(report).toMatchObject({ title: 'Consultation Note', type: 'consultation', doctorName: 'Dr. Sarah Chen', facility: 'Riverside Family Clinic' });
    expect(report.reportDate.slice(0, 10)).toBe('2025-03-14');
    expect(report.documentUrl).toMatch(/^\/api\/documents\/[0-9a-f-]{36}\/file$/);
    const read = await owner.client.get(`/api/medical-reports/${report.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(report);
  });

  it('keeps the original, downloadable by its owner and the doctor of their consultation only', async () => {
    const url = answer.body.report.documentUrl;
    const own = await owner.client.request('GET', url);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(own.headers.get('content-disposition')).toMatch(/^attachment; filename="scan-\d{4}-\d{2}-\d{2}\.png"/);
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Number(own.headers.get('content-length'))).toBe(noteImage.length);

    const treating = await doctorParty(server.url);
    await Consultation.query().insert({ patientId: owner.account.record.id, doctorId: treating.account.record.id, appointmentDate: new Date(Date.now() + 86_400_000), meetingRoomId: `mv-${randomUUID()}` });
    expect((await treating.client.get(url)).status).toBe(200);

    const stranger = await patientParty(server.url);
    const otherDoctor = await doctorParty(server.url);
    expect((await stranger.client.get(url)).status).toBe(404);
    expect((await otherDoctor.client.get(url)).status).toBe(404);
  });

  it('is listed first among the recent scans, for its owner only', async () => {
    const recent = await owner.client.get('/api/documents/recent');
    expect(recent.status).toBe(200);
    expect(recent.body[0]).toMatchObject({ mimeType: 'image/png', pages: 1, reportId: answer.body.report.id, reportTitle: 'Consultation Note' });
    const stranger = await patientParty(server.url);
    expect((await stranger.client.get('/api/documents/recent')).body).toEqual([]);
  });
});

describe('a phone photo (JPEG) of a lab sheet', () => {
  it('reads its lab values with units and reference ranges through OCR', async () => {
    const answer = await processImage(owner, textJpeg(LAB_SHEET_LINES), 'image/jpeg');
    expect(answer.status).toBe(200);
    expect(answer.body.report).toMatchObject({
      type: 'blood_work',
      status: 'review',
      doctorName: 'Dr. James Okafor',
      results: { hemoglobin: { value: 13.5, unit: 'g/dL', referenceRange: '13.5-17.5' }, hematocrit: { value: 39.5, unit: '%', referenceRange: '41-53' } },
    });
    expect(answer.body.report.reportDate.slice(0, 10)).toBe('2025-02-03');
    const file = await owner.client.request('GET', answer.body.report.documentUrl);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
  }, 60_000);

  it('is turned upright from its EXIF orientation before it is read', async () => {
    const answer = await processImage(owner, await sidewaysWithExif(textJpeg(LAB_SHEET_LINES)), 'image/jpeg');
    expect(answer.status).toBe(200);
    expect(answer.body.report.results.hemoglobin).toEqual({ value: 13.5, unit: 'g/dL', referenceRange: '13.5-17.5' });
  }, 60_000);
});

describe('PDFs', () => {
  it('reads a lab sheet from its text layer into results with units and ranges', async () => {
    const pdf = await textPdf([LAB_SHEET_LINES]);
    const answer = await owner.client.post('/api/process-pdf-document', { pdfData: dataUrl('application/pdf', pdf), filename: 'cbc "march".pdf' });
    expect(answer.status).toBe(200);
    expect(answer.body.report).toMatchObject({
      type: 'blood_work',
      status: 'review',
      title: 'Complete Blood Count Report',
      results: {
        hemoglobin: { value: 13.5, unit: 'g/dL', referenceRange: '13.5-17.5' },
        platelets: { value: 250, unit: '10^3/uL', referenceRange: '150-400' },
        hematocrit: { value: 39.5, unit: '%', referenceRange: '41-53' },
      },
    });
    expect(answer.body.sources['results.hemoglobin']).toBe('Hemoglobin 13.5 g/dL (13.5-17.5)');
    const file = await owner.client.request('GET', answer.body.report.documentUrl);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="cbc march\.pdf"/);
  });

  it('reads a scanned PDF (an image, no text layer) by rendering the page and OCR', async () => {
    const pdf = await scannedPdf([noteImage]);
    const answer = await owner.client.post('/api/process-pdf-document', { pdfData: dataUrl('application/pdf', pdf) });
    expect(answer.status).toBe(200);
    expect(answer.body.extractedText).toContain('Maria Lopez');
    expect(answer.body.structuredRecord.diagnosis).toBe('Essential hypertension');
    expect(answer.body.aiAnalysis.medicationsFound).toHaveLength(2);
  }, 60_000);

  it('answers success: false for a PDF with nothing to read, and saves nothing', async () => {
    const before = await Document.query().where({ userId: owner.account.record.id }).resultSize();
    const blank = await scannedPdf([textImage([], { width: 400, height: 500 })]);
    const answer = await owner.client.post('/api/process-pdf-document', { pdfData: dataUrl('application/pdf', blank) });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: false, message: expect.stringContaining('Please use the camera to take a photo of your document instead.') });
    expect(await Document.query().where({ userId: owner.account.record.id }).resultSize()).toBe(before);
  }, 60_000);
});

describe('while a document is read', () => {
  it('pushes progress to the patient’s own sockets, and other requests are still answered', async () => {
    const stranger = await patientParty(server.url);
    const [mine, theirs] = await Promise.all([signedInSocket(server.url, owner.client), signedInSocket(server.url, stranger.client)]);
    const strangerHeard = recorder(theirs);
    const uploadId = randomUUID();
    const events: DocumentProgress[] = [];
    const listener = (event: DocumentProgress) => events.push(event);
    server.app.deps.realtime.on('document:progress', listener);
    try {
      let finished = false;
      const processing = processImage(owner, textImage(CLINIC_NOTE_LINES.slice(0, 6)), 'image/png', { 'X-Upload-Id': uploadId }).finally(() => {
        finished = true;
      });
      const reading = await nextEvent(mine, 'document:progress', (event) => event.stage === 'reading', 30_000);
      expect(reading).toMatchObject({ uploadId, page: 0, pages: 1 });
      const health = await owner.client.get('/api/health');
      expect(health.status).toBe(200);
      expect(finished).toBe(false);
      expect((await processing).status).toBe(200);
      const stages = events.filter((e) => e.uploadId === uploadId).map((e) => e.stage);
      expect([...new Set(stages)]).toEqual(['preparing', 'reading', 'extracting', 'saving']);
      expect(events.at(-1)).toMatchObject({ stage: 'saving', percent: 100, page: 1, pages: 1 });
      const percents = events.map((e) => e.percent);
      expect(percents).toEqual([...percents].sort((a, b) => a - b));
      expect(strangerHeard.events.filter((e) => e.event === 'document:progress')).toEqual([]);
    } finally {
      server.app.deps.realtime.off('document:progress', listener);
      mine.close();
      theirs.close();
    }
  }, 60_000);

  it('refuses an X-Upload-Id that is not a UUID', async () => {
    const answer = await processImage(owner, noteImage, 'image/png', { 'X-Upload-Id': 'upload-1' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('X-Upload-Id must be a UUID');
  });
});

describe('deleting a report', () => {
  it('deletes its original too', async () => {
    const pdf = await textPdf([LAB_SHEET_LINES]);
    const { body } = await owner.client.post('/api/process-pdf-document', { pdfData: dataUrl('application/pdf', pdf) });
    const document = await Document.query().findById(body.report.documentUrl.split('/')[3]);
    expect(document).toBeDefined();
    expect((await owner.client.delete(`/api/medical-reports/${body.report.id}`)).status).toBe(204);
    expect(await Document.query().findById(document!.id)).toBeUndefined();
    expect(await hasOriginal(document!.id)).toBe(false);
    expect((await owner.client.get(body.report.documentUrl)).status).toBe(404);
  });
});

describe('reports added by hand', () => {
  it('creates a report without a document', async () => {
    const answer = await owner.client.post('/api/medical-reports', {
      title: 'Flu vaccination',
      type: 'consultation',
      reportDate: '2025-10-01T09:00:00.000Z',
      facility: 'Riverside Family Clinic',
      results: { temperature: { value: 36.8, unit: 'C' } },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ title: 'Flu vaccination', type: 'consultation', status: 'normal', documentUrl: null, facility: 'Riverside Family Clinic', results: { temperature: { value: 36.8, unit: 'C' } } });
    expect((await owner.client.get(`/api/medical-reports/${answer.body.id}`)).status).toBe(200);
  });

  it('refuses a free user a premium analysis (402) and a report without title or date', async () => {
    const premium = await owner.client.post('/api/medical-reports', { title: 'AI', type: 'premium_analysis', reportDate: '2025-10-01' });
    expect(premium.status).toBe(402);
    const empty = await owner.client.post('/api/medical-reports', { type: 'x_ray' });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.fields).sort()).toEqual(['reportDate', 'title']);
  });
});

describe('storage', () => {
  it('leaves no original behind when the report cannot be saved', async () => {
    const userId = owner.account.record.id;
    const before = await originalsOf(userId);
    const saving = storeDocumentWithReport(
      { userId, filename: 'x.png', mimeType: 'image/png', bytes: noteImage, pages: 1, extractedText: 'x', extraction: null },
      { title: 'x', type: 'not_a_type' as never, status: 'normal', reportDate: '2025-01-01', doctorName: null, facility: null, summary: null, results: null },
    );
    await expect(saving).rejects.toThrow();
    expect(await originalsOf(userId)).toEqual(before);
    expect(await MedicalReport.query().where({ userId, title: 'x' }).resultSize()).toBe(0);
    expect(await Document.query().where({ userId, filename: 'x.png' }).resultSize()).toBe(0);
  });
});
