import type { Bundle, BundleEntry, Resource } from '@medplum/fhirtypes';
import { startTestServer, type TestServer } from '../support/app';
import { doctorParty, patientParty, type Party } from './consultations-fixtures';
import { insertAppointment, insertMedication, insertReport } from './records-fixtures';
import { AuditEvent, Consultation, ImportedResource, MedicalReport, Medication, User, type Doctor } from '../../db/models';
import { formatResultKey } from '../../common/records';
import { provenanceOf } from '../../server/services/report-provenance';
import { SOMEONE_ELSE } from '../../server/services/import/fhir/patient-match';
import { NOT_A_BUNDLE } from '../../common/schemas/fhir-import';
import { FREE_PLAN_REPORT_LIMIT } from '../../common/constants';
import { LEFT_OUT_BY_PLAN } from '../../server/services/import/fhir/report-limit';

/**
 * Importing a FHIR R4 Bundle: what the app's own export gives comes back the same into another account
 * of the same person, a file imported twice adds nothing, an International Patient Summary is read, and
 * every file that cannot be imported is refused with a 4xx that saves nothing.
 */

let server: TestServer;
let alex: Party<User>;
let drPatel: Party<Doctor>;
let exported: Bundle;

const day = (value: Date | string) => new Date(value).toISOString().slice(0, 10);

/** A report as a patient reads it: results by their shown name, dates as days. */
function comparable(report: MedicalReport) {
  const results = report.results && typeof report.results === 'object' && !Array.isArray(report.results) ? Object.fromEntries(Object.entries(report.results).map(([key, value]) => [formatResultKey(key), value])) : report.results;
  return { title: report.title, type: report.type, status: report.status, reportDate: day(report.reportDate), doctorName: report.doctorName, facility: report.facility, summary: report.summary, results };
}

const comparableMedication = (medication: Medication) => ({
  name: medication.name,
  dosage: medication.dosage,
  frequency: medication.frequency,
  startDate: day(medication.startDate),
  endDate: medication.endDate && day(medication.endDate),
  instructions: medication.instructions,
  prescribedBy: medication.prescribedBy,
  isActive: medication.isActive,
});

async function savedFor(userId: string) {
  const [reports, medications, imported] = await Promise.all([
    MedicalReport.query().where({ userId }).orderBy('title'),
    Medication.query().where({ userId }).orderBy('name'),
    ImportedResource.query().where({ userId }),
  ]);
  return { reports, medications, imported };
}

const bundleOf = (...resources: Resource[]): Bundle => ({ resourceType: 'Bundle', type: 'collection', entry: resources.map((resource, i) => ({ fullUrl: `urn:uuid:00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, resource })) });

const patientNamed = (family: string, given: string): Resource => ({ resourceType: 'Patient', name: [{ family, given: [given] }] });
const condition = (extra: Record<string, unknown> = {}): Resource =>
  ({ resourceType: 'Condition', code: { text: 'Hypertension' }, onsetDateTime: '2024-03-01', subject: { reference: 'Patient/1' }, ...extra }) as Resource;

beforeAll(async () => {
  server = await startTestServer();
  [alex, drPatel] = await Promise.all([patientParty(server.url, { firstName: 'Alex', lastName: 'Morgan' }), doctorParty(server.url, { name: 'Amira Patel' })]);
  const alexId = alex.account.record.id;
  await Promise.all([
    insertReport(alexId, {
      title: 'Metabolic panel',
      status: 'review',
      results: {
        glucose: { value: 98, unit: 'mg/dL', referenceRange: '70-99' },
        sodium: { value: 139, unit: 'mEq/L', referenceRange: '135-145' },
        platelets: { value: 250, unit: 'K/uL', referenceRange: '150-400' },
        egfr: { value: 72, unit: 'mL/min/1.73m2', referenceRange: '>60' },
        crp: { value: '<0.5', unit: 'mg/L', referenceRange: '<5' },
        inr: 1.1,
        comment: 'Fasting sample',
      },
    }),
    insertReport(alexId, { title: 'Holter monitor', type: 'heart_rate', doctorName: 'Dr. Kim', facility: 'Cardio Lab', summary: null, results: { restingHeartRate: { value: 78, unit: 'bpm', referenceRange: '60-100' }, maxHeartRate: { value: 148, unit: 'bpm' } } }),
    insertReport(alexId, { title: 'Chest X-ray', type: 'x_ray', results: null, summary: 'No acute findings.' }),
    insertMedication(alexId, { name: 'Metformin', dosage: '500mg', frequency: 'twice_daily', instructions: 'With meals', prescribedBy: 'Dr. Chen' }),
    insertMedication(alexId, { name: 'Ibuprofen', dosage: '400mg', frequency: 'as_needed', isActive: false }),
    insertAppointment(alexId, { status: 'confirmed' }),
    Consultation.query().insert({ patientId: alexId, doctorId: drPatel.account.record.id, appointmentDate: new Date('2026-11-10T15:00:00Z'), duration: 30, status: 'completed', consultationType: 'video', fee: 5000, diagnosis: 'Tension headache' }),
  ]);
  const res = await alex.client.get('/api/export/fhir?type=transaction');
  expect(res.status).toBe(200);
  exported = res.body;
}, 120_000);
afterAll(() => server.close());

describe('round trip: export a patient, import into a fresh account of the same person', () => {
  let fresh: Party<User>;
  beforeAll(async () => {
    fresh = await patientParty(server.url, { firstName: 'Alex', lastName: 'Morgan' });
  });

  it('previews every report, medication and consultation, saving nothing, and says why the rest is left out', async () => {
    const res = await fresh.client.post('/api/import/fhir/preview?filename=alex-export.json', exported);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ source: 'alex-export.json', saved: false });
    expect(res.body.reports.map((report: { title: string }) => report.title).sort()).toEqual(['Chest X-ray', 'Holter monitor', 'Metabolic panel', 'Video Call']);
    expect(res.body.medications.map((medication: { name: string }) => medication.name).sort()).toEqual(['Ibuprofen', 'Metformin']);
    expect(res.body.skipped).toEqual([expect.objectContaining({ resourceType: 'Appointment', reason: 'Appointments are not imported: book them in MediVault.' })]);
    const saved = await savedFor(fresh.account.record.id);
    expect([saved.reports.length, saved.medications.length, saved.imported.length]).toEqual([0, 0, 0]);
  });

  it('saves records that match the exported ones, imported from the file', async () => {
    const res = await fresh.client.post('/api/import/fhir?filename=alex-export.json', exported);
    expect(res.status).toBe(201);
    expect(res.body.saved).toBe(true);
    const [original, imported] = await Promise.all([savedFor(alex.account.record.id), savedFor(fresh.account.record.id)]);
    const importedReports = imported.reports.filter((report) => report.type !== 'consultation');
    expect(importedReports.map(comparable)).toEqual(original.reports.map(comparable));
    expect(imported.medications.map(comparableMedication)).toEqual(original.medications.map(comparableMedication));
    const visit = imported.reports.find((report) => report.type === 'consultation')!;
    expect(visit).toMatchObject({ title: 'Video Call', doctorName: 'Dr. Amira Patel', summary: 'Diagnosis: Tension headache.' });
    expect(day(visit.reportDate)).toBe('2026-11-10');
    expect(imported.reports.every((report) => report.changedBy === 'import')).toBe(true);
    const provenance = await provenanceOf(imported.reports);
    expect([...provenance.values()].map((one) => one.importedFrom)).toEqual(imported.reports.map(() => 'alex-export.json'));
    const audit = await AuditEvent.query().where({ patientId: fresh.account.record.id, action: 'import.fhir' });
    expect(audit).toHaveLength(1);
  });

  it('adds nothing when the same file is imported again, and says each resource was imported before', async () => {
    const before = await savedFor(fresh.account.record.id);
    const preview = await fresh.client.post('/api/import/fhir/preview', exported);
    expect(preview.body).toMatchObject({ reports: [], medications: [] });
    expect(preview.body.skipped.filter((one: { reason: string }) => one.reason === 'It is in your records already: it was imported before.')).toHaveLength(6);
    const again = await fresh.client.post('/api/import/fhir', exported);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ saved: true, reports: [], medications: [] });
    const after = await savedFor(fresh.account.record.id);
    expect([after.reports.length, after.medications.length, after.imported.length]).toEqual([before.reports.length, before.medications.length, before.imported.length]);
  });
});

describe('an International Patient Summary', () => {
  const ips: Bundle = {
    resourceType: 'Bundle',
    type: 'document',
    identifier: { system: 'urn:oid:2.16.724.4.8.10.200.10', value: 'ips-1' },
    entry: [
      { fullUrl: 'urn:uuid:c0000000-0000-4000-8000-000000000001', resource: { resourceType: 'Composition', status: 'final', type: { coding: [{ system: 'http://loinc.org', code: '60591-5' }] }, subject: { reference: 'urn:uuid:c0000000-0000-4000-8000-000000000002' }, date: '2025-01-10', author: [{ display: 'Dr. Ruiz' }], custodian: { display: "St Mary's Hospital" }, title: 'Patient Summary' } },
      { fullUrl: 'urn:uuid:c0000000-0000-4000-8000-000000000002', resource: { resourceType: 'Patient', name: [{ family: 'Morgan', given: ['Alex', 'J.'] }] } },
      { fullUrl: 'urn:uuid:c0000000-0000-4000-8000-000000000003', resource: { resourceType: 'Condition', clinicalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'active' }] }, code: { text: 'Asthma' }, onsetDateTime: '2019-05', subject: { reference: 'urn:uuid:c0000000-0000-4000-8000-000000000002' } } },
      { fullUrl: 'urn:uuid:c0000000-0000-4000-8000-000000000004', resource: { resourceType: 'Medication', code: { coding: [{ system: 'http://snomed.info/sct', code: '108606009', display: 'Salbutamol inhaler' }] } } },
      { fullUrl: 'urn:uuid:c0000000-0000-4000-8000-000000000005', resource: { resourceType: 'MedicationStatement', status: 'active', medicationReference: { reference: 'urn:uuid:c0000000-0000-4000-8000-000000000004' }, subject: { reference: 'urn:uuid:c0000000-0000-4000-8000-000000000002' }, effectivePeriod: { start: '2019-06-01' }, dosage: [{ text: '2 puffs', asNeededBoolean: true }] } },
      { fullUrl: 'urn:uuid:c0000000-0000-4000-8000-000000000006', resource: { resourceType: 'Observation', status: 'final', category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs' }] }], code: { coding: [{ system: 'http://loinc.org', code: '85354-9' }], text: 'Blood pressure' }, subject: { reference: 'urn:uuid:c0000000-0000-4000-8000-000000000002' }, effectiveDateTime: '2025-01-09T10:00:00Z', component: [{ code: { text: 'Systolic' }, valueQuantity: { value: 128, unit: 'mmHg' } }, { code: { text: 'Diastolic' }, valueQuantity: { value: 82, unit: 'mmHg' } }] } },
      { fullUrl: 'urn:uuid:c0000000-0000-4000-8000-000000000007', resource: { resourceType: 'AllergyIntolerance', code: { text: 'Penicillin' }, patient: { reference: 'urn:uuid:c0000000-0000-4000-8000-000000000002' } } },
    ] as BundleEntry[],
  };

  it("reads its problems, medications and vital signs, from its custodian, and leaves out what the app does not keep", async () => {
    const someone = await patientParty(server.url, { firstName: 'Alex', lastName: 'Morgan' });
    const res = await someone.client.post('/api/import/fhir', ips);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      source: "St Mary's Hospital",
      medications: [{ from: 'MedicationStatement', name: 'Salbutamol inhaler', dosage: '2 puffs', frequency: 'as_needed', startDate: '2019-06-01' }],
      skipped: [{ resourceType: 'AllergyIntolerance', label: 'AllergyIntolerance: Penicillin', reason: 'MediVault does not keep AllergyIntolerance records.' }],
    });
    const { reports } = await savedFor(someone.account.record.id);
    expect(reports.map(comparable)).toEqual([
      { title: 'Asthma', type: 'consultation', status: 'active', reportDate: '2019-05-01', doctorName: null, facility: null, summary: 'Clinical status: active.', results: null },
      { title: 'Vital signs', type: 'heart_rate', status: 'normal', reportDate: '2025-01-09', doctorName: null, facility: null, summary: null, results: { Systolic: { value: 128, unit: 'mmHg' }, Diastolic: { value: 82, unit: 'mmHg' } } },
    ]);
  });
});

describe('the free plan: an import takes the newest reports it has room for, and says what it leaves out', () => {
  const diagnoses: Array<[string, string]> = [
    ['Asthma', '2019-05-01'],
    ['Migraine', '2024-06-01'],
    ['Eczema', '2021-02-01'],
    ['Gout', '2025-01-15'],
    ['Anaemia', '2022-09-01'],
  ];
  const file = bundleOf(
    patientNamed('Haddad', 'Noor'),
    ...diagnoses.map(([text, onsetDateTime]) => condition({ code: { text }, onsetDateTime })),
    { resourceType: 'MedicationStatement', status: 'active', medicationCodeableConcept: { text: 'Sumatriptan' }, effectiveDateTime: '2024-06-02' } as Resource,
  );
  const titles = (reports: Array<{ title: string }>) => reports.map((report) => report.title).sort();

  it('previews the reports that fit, the rest skipped with why; saves exactly those, and the rest once Premium makes room', async () => {
    const noor = await patientParty(server.url, { firstName: 'Noor', lastName: 'Haddad' });
    const userId = noor.account.record.id;
    for (let index = 0; index < FREE_PLAN_REPORT_LIMIT - 2; index++) await insertReport(userId, { title: `Held ${index + 1}` });

    const preview = await noor.client.post('/api/import/fhir/preview?filename=clinic.json', file);
    expect(preview.status).toBe(200);
    expect(titles(preview.body.reports)).toEqual(['Gout', 'Migraine']);
    expect(preview.body.medications).toEqual([expect.objectContaining({ name: 'Sumatriptan' })]);
    expect(preview.body.reportLimit).toEqual({ reportsLeft: 2, leftOut: 3 });
    expect(preview.body.skipped.filter((one: { reason: string }) => one.reason === LEFT_OUT_BY_PLAN).map((one: { label: string }) => one.label).sort()).toEqual([
      'Condition: Anaemia',
      'Condition: Asthma',
      'Condition: Eczema',
    ]);
    expect((await savedFor(userId)).reports).toHaveLength(FREE_PLAN_REPORT_LIMIT - 2);

    const saved = await noor.client.post('/api/import/fhir?filename=clinic.json', file);
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ saved: true, reportLimit: { reportsLeft: 2, leftOut: 3 } });
    const after = await savedFor(userId);
    expect(after.reports).toHaveLength(FREE_PLAN_REPORT_LIMIT);
    expect(titles(after.reports.filter((report) => report.changedBy === 'import'))).toEqual(['Gout', 'Migraine']);
    expect(after.medications.map((medication) => medication.name)).toEqual(['Sumatriptan']);
    expect((await noor.client.get('/api/medical-reports/abilities')).body).toMatchObject({ canAddReport: false, reportsLeft: 0 });

    // Full: the same file adds no report, and says so.
    const full = await noor.client.post('/api/import/fhir/preview', file);
    expect(full.body).toMatchObject({ reports: [], reportLimit: { reportsLeft: 0, leftOut: 3 } });

    await User.query().findById(userId).patch({ stripeSubscriptionId: `sub_test_${Math.random().toString(36).slice(2)}` });
    const premium = await noor.client.post('/api/import/fhir', file);
    expect(premium.status).toBe(201);
    expect(premium.body.reportLimit).toBeNull();
    expect(titles(premium.body.reports)).toEqual(['Anaemia', 'Asthma', 'Eczema']);
    expect((await savedFor(userId)).reports).toHaveLength(FREE_PLAN_REPORT_LIMIT + 3);
  });

  it('tells nothing when every report fits', async () => {
    const someone = await patientParty(server.url, { firstName: 'Noor', lastName: 'Haddad' });
    const res = await someone.client.post('/api/import/fhir/preview', file);
    expect(res.body.reportLimit).toBeNull();
    expect(res.body.reports).toHaveLength(diagnoses.length);
  });
});

describe('files that cannot be imported: a clear 4xx, and nothing saved', () => {
  let sam: Party<User>;
  beforeAll(async () => {
    sam = await patientParty(server.url, { firstName: 'Sam', lastName: 'Rivera' });
  });
  afterEach(async () => {
    const saved = await savedFor(sam.account.record.id);
    expect([saved.reports.length, saved.medications.length, saved.imported.length]).toEqual([0, 0, 0]);
  });

  const cases: Array<[string, () => unknown, number, string | RegExp]> = [
    ['not JSON', () => '{"resourceType": "Bundle", entry: [', 400, 'The request body is not valid JSON.'],
    ['JSON, not FHIR', () => ({ hello: 'world' }), 400, NOT_A_BUNDLE],
    ['a FHIR resource, not a Bundle', () => patientNamed('Rivera', 'Sam'), 400, NOT_A_BUNDLE],
    ['a Bundle declaring FHIR 3.0.2', () => ({ ...bundleOf(condition()), meta: { fhirVersion: '3.0.2' } }), 422, 'This file is FHIR 3.0.2. MediVault imports FHIR R4 (4.0) only: export your records as FHIR R4 and try again.'],
    ['an STU3 Bundle, by its shapes', () => bundleOf(patientNamed('Rivera', 'Sam'), condition({ clinicalStatus: 'active' })), 422, /^This file is FHIR STU3 \(it holds a Condition whose clinicalStatus is a code/],
    ['an R5 profile', () => bundleOf(condition({ meta: { profile: ['http://hl7.org/fhir/R5/StructureDefinition/Condition'] } })), 422, /^This file is FHIR R5\./],
    ["someone else's records", () => bundleOf(patientNamed('Morgan', 'Alex'), condition()), 422, SOMEONE_ELSE],
    ['more than 10,000 entries', () => bundleOf(...Array.from({ length: 10_001 }, () => condition())), 400, 'The file has more than 10,000 entries. Import it in smaller parts.'],
  ];

  it.each(cases)('%s', async (_, body, status, message) => {
    for (const path of ['/api/import/fhir/preview', '/api/import/fhir']) {
      const res = await sam.client.post(path, body());
      expect([path, res.status]).toEqual([path, status]);
      expect(res.body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    }
  });

  it('over 15 MB: 413', async () => {
    const huge = JSON.stringify({ ...bundleOf(condition({ note: [{ text: 'x'.repeat(15 * 1024 * 1024) }] })) });
    const res = await sam.client.request('POST', '/api/import/fhir', huge, { 'content-type': 'application/json' });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'payload_too_large', message: 'The file is larger than 15 MB. Export fewer records at a time and import each part.' });
  });

  it('names are compared in any case and with or without accents; another first name is someone else; a file without a Patient is let through', async () => {
    const res = await sam.client.post('/api/import/fhir/preview', bundleOf(patientNamed('RIVERA', 'Samuel'), condition()));
    expect(res.status).toBe(422);
    const accented = await sam.client.post('/api/import/fhir/preview', bundleOf({ resourceType: 'Patient', name: [{ family: 'Rivéra', given: ['sam'] }] }, condition()));
    expect(accented.status).toBe(200);
    const nameless = await sam.client.post('/api/import/fhir/preview', bundleOf(condition()));
    expect(nameless.body.reports).toHaveLength(1);
  });
});

describe('who may import', () => {
  it('only a patient: a doctor gets 404, a visitor without a session 401, and nothing is saved', async () => {
    const before = await ImportedResource.query().resultSize();
    const doctor = await drPatel.client.post('/api/import/fhir', bundleOf(condition()));
    expect(doctor.status).toBe(404);
    const visitor = await fetch(`${server.url}/api/import/fhir`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify(bundleOf(condition())) });
    expect(visitor.status).toBe(401);
    expect(await ImportedResource.query().resultSize()).toBe(before);
  });

  it('honours Idempotency-Key: a retry answers the first answer and adds nothing', async () => {
    const someone = await patientParty(server.url, { firstName: 'Kim', lastName: 'Lee' });
    const file = bundleOf(condition({ code: { text: 'Migraine' } }));
    const headers = { 'Idempotency-Key': 'fhir-import-retry-1' };
    const first = await someone.client.post('/api/import/fhir', file, headers);
    const retry = await someone.client.post('/api/import/fhir', file, headers);
    expect([first.status, retry.status]).toEqual([201, 201]);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(first.body.reports).toHaveLength(1);
    expect((await savedFor(someone.account.record.id)).reports).toHaveLength(1);
  });
});
