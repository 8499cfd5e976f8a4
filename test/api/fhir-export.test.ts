import { createRequire } from 'node:module';
import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { createAdmin, signedInClient, unique } from '../support/factories';
import { LAB_SHEET_LINES, dataUrl, textPdf } from '../support/document-fixtures';
import { doctorParty, insertChatLines, insertJoinedGuest, patientParty, type Party } from './consultations-fixtures';
import { daysFromNow, insertAppointment, insertMedication, insertReport } from './records-fixtures';
import { AuditEvent, Consultation, Document, User, type Doctor, type MedicalReport } from '../../db/models';

/** The package ships no types: it validates against the FHIR R4 JSON schema it carries (every error, with `verbose`). */
interface FhirValidator {
  validate(resource: unknown, verbose?: boolean): unknown[];
}
const JSONSchemaValidator = createRequire(import.meta.url)('@asymmetrik/fhir-json-schema-validator') as new () => FhirValidator;

interface Entry {
  fullUrl: string;
  resource: { resourceType: string; id: string; [field: string]: any };
}

const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
const LOW = [{ coding: [{ system: INTERPRETATION, code: 'L', display: 'Low' }] }];
const NORMAL = [{ coding: [{ system: INTERPRETATION, code: 'N', display: 'Normal' }] }];
const HIGH = [{ coding: [{ system: INTERPRETATION, code: 'H', display: 'High' }] }];
const LABORATORY = [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory', display: 'Laboratory' }] }];
const loinc = (code: string, display: string) => ({ system: 'http://loinc.org', code, display });
const ucum = (value: number, unit: string, code: string) => ({ value, unit, system: 'http://unitsofmeasure.org', code });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let server: TestServer;
let alex: Party<User>;
let jordan: Party<User>;
let drPatel: Party<Doctor>;
let labReport: MedicalReport;
let scannedReportId: string;
let exported: Awaited<ReturnType<TestClient['get']>>;
let exportDays: string[];
let chatLines: Awaited<ReturnType<typeof insertChatLines>>;
let finishedConsultationId: string;
const confirmationCode = unique('MV-');
const validator = new JSONSchemaValidator();

const entries = (): Entry[] => exported.body.entry;
const ofType = (resourceType: string) => entries().filter((e) => e.resource.resourceType === resourceType).map((e) => e.resource);
const byId = (id: string) => entries().find((e) => e.resource.id === id)?.resource;
const patientRef = () => ({ reference: `urn:uuid:${alex.account.record.id}` });

/** Every `reference` anywhere in a value. */
function referencesIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(referencesIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === 'reference' && typeof inner === 'string' ? [inner] : referencesIn(inner)));
}

const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer();
  [alex, jordan, drPatel] = await Promise.all([
    patientParty(server.url, { firstName: 'Alex', lastName: 'Morgan', phone: '+1 555 0142', emergencyContact: { name: 'Sam Morgan', relationship: 'sibling', phone: '+1 555 0199' } }),
    patientParty(server.url, { firstName: 'Jordan', lastName: 'Other' }),
    doctorParty(server.url, { name: 'Amira Patel' }),
  ]);
  const alexId = alex.account.record.id;
  // Secrets of the account that must never leave the server, whatever is exported.
  await User.query().patch({ totpSecret: unique('totp-secret-'), stripeCustomerId: unique('cus_') }).where({ id: alexId });

  labReport = await insertReport(alexId, {
    title: 'Lipids and blood count',
    status: 'review',
    reportDate: new Date('2026-11-02T00:00:00Z'),
    summary: 'Hemoglobin low, LDL high.',
    results: {
      hemoglobin: { value: 12.1, unit: 'g/dL', referenceRange: '13.5-17.5' },
      ldlCholesterol: { value: 162, unit: 'mg/dL', referenceRange: '0-100' },
      whiteBloodCells: { value: 6.4, unit: '10^3/uL', referenceRange: '4.5-11.0' },
      crp: { value: '<0.5', unit: 'mg/L', referenceRange: '<5' },
      findings: 'Mild lipemia',
    },
  });
  const scanned = await alex.client.post('/api/process-pdf-document', { pdfData: dataUrl('application/pdf', await textPdf([LAB_SHEET_LINES])), filename: 'cbc-march.pdf' });
  expect(scanned.status).toBe(200);
  scannedReportId = scanned.body.report.id;

  await Promise.all([
    insertMedication(alexId, { name: 'Lisinopril', dosage: '10mg', frequency: 'once_daily', startDate: new Date('2026-10-01T00:00:00Z'), instructions: 'Take with water', prescribedBy: 'Dr. James Okafor' }),
    insertMedication(alexId, { name: 'Amoxicillin', isActive: true, startDate: daysFromNow(-20), endDate: daysFromNow(-10) }),
    insertMedication(alexId, { name: 'Ibuprofen', dosage: '400mg', isActive: false, frequency: 'as_needed' }),
    insertAppointment(alexId, {
      status: 'confirmed',
      appointmentDate: new Date('2027-05-03T09:30:00Z'),
      duration: 45,
      facilityAddress: '12 Harbour Road',
      reason: 'Blood pressure review',
      notes: 'Bring the home readings',
      confirmationCode,
    }),
    insertAppointment(alexId, { status: 'cancelled' }),
    Consultation.query().insert({
      patientId: alexId,
      doctorId: drPatel.account.record.id,
      appointmentDate: new Date('2026-11-10T15:00:00Z'),
      duration: 30,
      status: 'completed',
      consultationType: 'video',
      symptoms: 'Recurring migraine',
      diagnosis: 'Tension headache',
      startedAt: new Date('2026-11-10T15:02:00Z'),
      completedAt: new Date('2026-11-10T15:27:00Z'),
      fee: 5000,
    }),
    Consultation.query().insert({ patientId: alexId, doctorId: drPatel.account.record.id, appointmentDate: new Date('2027-02-01T10:00:00Z'), duration: 20, status: 'scheduled', consultationType: 'audio', fee: 5000 }),
  ]);

  const finished = await Consultation.query().findOne({ patientId: alexId, status: 'completed' });
  finishedConsultationId = finished!.id;
  const interpreter = await insertJoinedGuest(finished!, 'Maria Lopez');
  chatLines = await insertChatLines(finished!, [
    ['patient', 'The headache starts behind my eyes every afternoon.'],
    ['doctor', 'Try a screen break every hour and keep a headache diary.'],
    ['guest', 'I will write the diary out in Spanish for her.', interpreter.id],
    ['patient', 'Will do, thank you.'],
  ]);

  const jordanId = jordan.account.record.id;
  await Promise.all([
    insertReport(jordanId, { title: 'Jordan private panel', results: { jordanMarker: { value: 99, unit: 'U/L', referenceRange: '0-10' } } }),
    insertMedication(jordanId, { name: 'Jordanmycin' }),
    insertAppointment(jordanId, { doctorName: 'Dr. Jordan Only' }),
  ]);

  const before = today();
  exported = await alex.client.get('/api/export/fhir');
  exportDays = [before, today()];
}, 60_000);
afterAll(() => server.close());

describe('GET /api/export/fhir', () => {
  it('answers the free-plan patient a FHIR JSON attachment, and audits it', async () => {
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('application/fhir+json; charset=utf-8');
    const disposition = exported.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="medivault-fhir-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(exportDays).toContain(/(\d{4}-\d{2}-\d{2})/.exec(disposition)![1]);
    const rows = await AuditEvent.query().where({ requestId: exported.headers.get('x-request-id')! });
    expect(rows).toEqual([expect.objectContaining({ action: 'export.fhir', outcome: 'success', actorKind: 'patient', actorId: alex.account.record.id, patientId: alex.account.record.id })]);
  });

  it('is a collection Bundle that the FHIR R4 JSON schema accepts, whose references all resolve inside it', () => {
    const bundle = exported.body;
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(Date.parse(bundle.timestamp)).not.toBeNaN();
    const invalid = entries().filter((e) => validator.validate(e.resource, true).length).map((e) => `${e.resource.resourceType}/${e.resource.id}`);
    expect(invalid).toEqual([]);
    expect(validator.validate(bundle, true)).toEqual([]);

    const fullUrls = entries().map((e) => e.fullUrl);
    for (const { fullUrl, resource } of entries()) {
      expect(resource.id).toMatch(UUID);
      expect(fullUrl).toBe(`urn:uuid:${resource.id}`);
    }
    expect(new Set(fullUrls).size).toBe(fullUrls.length);
    expect(referencesIn(bundle).filter((reference) => !fullUrls.includes(reference))).toEqual([]);
    const counts = Object.fromEntries(['Patient', 'DiagnosticReport', 'MedicationStatement', 'Appointment', 'Encounter', 'Communication', 'DocumentReference'].map((type) => [type, ofType(type).length]));
    expect(counts).toEqual({ Patient: 1, DiagnosticReport: 2, MedicationStatement: 3, Appointment: 2, Encounter: 2, Communication: 4, DocumentReference: 1 });
    expect(entries()[0]!.resource.resourceType).toBe('Patient');
  });

  it('holds a validator that refuses a broken bundle (so the check above can fail)', () => {
    const broken = (change: (bundle: any) => void) => {
      const copy = structuredClone(exported.body);
      change(copy);
      return validator.validate(copy, true).length;
    };
    const observationOf = (bundle: any) => bundle.entry.find((e: Entry) => e.resource.resourceType === 'Observation').resource;
    expect(broken((bundle) => (observationOf(bundle).status = 'done'))).toBeGreaterThan(0);
    expect(broken((bundle) => (observationOf(bundle).valueQuantity = { value: '12.1' }))).toBeGreaterThan(0);
    expect(broken((bundle) => (bundle.entry[0].resource.passwordHash = 'x'))).toBeGreaterThan(0);
    expect(broken((bundle) => (bundle.type = 'bag'))).toBeGreaterThan(0);
    expect(broken((bundle) => (bundle.timestamp = 'yesterday'))).toBeGreaterThan(0);
  });

  it('describes the patient by name and contact details, with the emergency contact', () => {
    expect(ofType('Patient')).toEqual([
      {
        resourceType: 'Patient',
        id: alex.account.record.id,
        name: [{ family: 'Morgan', given: ['Alex'], text: 'Alex Morgan' }],
        telecom: [
          { system: 'email', value: alex.account.record.email },
          { system: 'phone', value: '+1 555 0142' },
        ],
        contact: [
          {
            relationship: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0131', code: 'C', display: 'Emergency Contact' }] }, { text: 'Sibling' }],
            name: { text: 'Sam Morgan' },
            telecom: [{ system: 'phone', value: '+1 555 0199' }],
          },
        ],
      },
    ]);
  });

  it('makes each report a DiagnosticReport and each result an Observation: LOINC-coded, in UCUM units, flagged Low, Normal or High', () => {
    const report = byId(labReport.id)!;
    const observations = report.result.map((ref: { reference: string }) => entries().find((e) => e.fullUrl === ref.reference)!.resource);
    expect(report).toEqual({
      resourceType: 'DiagnosticReport',
      id: labReport.id,
      status: 'preliminary',
      category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'LAB', display: 'Laboratory' }], text: 'Blood Work' }],
      code: { text: 'Lipids and blood count' },
      subject: patientRef(),
      effectiveDateTime: '2026-11-02',
      issued: expect.stringMatching(/Z$/),
      performer: [{ display: 'Dr. Sarah Chen' }, { display: 'Riverside Medical Laboratory' }],
      result: observations.map((o: Entry['resource']) => ({ reference: `urn:uuid:${o.id}` })),
      conclusion: 'Hemoglobin low, LDL high.',
    });
    const common = { resourceType: 'Observation', status: 'final', category: LABORATORY, subject: patientRef(), effectiveDateTime: '2026-11-02' };
    // jsonb keeps an object's keys in an order of its own: the results are compared by name.
    const byName = (a: Entry['resource'], b: Entry['resource']) => a.code.text.localeCompare(b.code.text);
    expect(observations.map(({ id: _id, ...observation }: Entry['resource']) => observation).sort(byName)).toEqual([
      // A bound is a Quantity with its comparator, not a text; the lab's flag for it is not known.
      {
        ...common,
        code: { coding: [loinc('1988-5', 'C reactive protein [Mass/volume] in Serum or Plasma')], text: 'CRP' },
        valueQuantity: { ...ucum(0.5, 'mg/L', 'mg/L'), comparator: '<' },
        referenceRange: [{ high: ucum(5, 'mg/L', 'mg/L'), text: '<5' }],
      },
      { ...common, code: { text: 'Findings' }, valueString: 'Mild lipemia' },
      {
        ...common,
        code: { coding: [loinc('718-7', 'Hemoglobin [Mass/volume] in Blood')], text: 'Hemoglobin' },
        valueQuantity: ucum(12.1, 'g/dL', 'g/dL'),
        interpretation: LOW,
        referenceRange: [{ low: ucum(13.5, 'g/dL', 'g/dL'), high: ucum(17.5, 'g/dL', 'g/dL'), text: '13.5-17.5' }],
      },
      {
        ...common,
        code: { coding: [loinc('13457-7', 'Cholesterol in LDL [Mass/volume] in Serum or Plasma by calculation')], text: 'LDL Cholesterol' },
        valueQuantity: ucum(162, 'mg/dL', 'mg/dL'),
        interpretation: HIGH,
        referenceRange: [{ low: ucum(0, 'mg/dL', 'mg/dL'), high: ucum(100, 'mg/dL', 'mg/dL'), text: '0-100' }],
      },
      {
        ...common,
        code: { coding: [loinc('6690-2', 'Leukocytes [#/volume] in Blood by Automated count')], text: 'White Blood Cells' },
        valueQuantity: ucum(6.4, '10^3/uL', '10*3/uL'),
        interpretation: NORMAL,
        referenceRange: [{ low: ucum(4.5, '10^3/uL', '10*3/uL'), high: ucum(11, '10^3/uL', '10*3/uL'), text: '4.5-11.0' }],
      },
    ]);
  });

  it('gives the results the same ids in every export', async () => {
    const again = await alex.client.get('/api/export/fhir');
    const observationIds = (body: { entry: Entry[] }) => body.entry.filter((e) => e.resource.resourceType === 'Observation').map((e) => e.resource.id);
    expect(observationIds(again.body)).toEqual(observationIds(exported.body));
  });

  it('links a scanned report and its DocumentReference to the original by address, never by its bytes', async () => {
    const stored = await Document.query().findOne({ userId: alex.account.record.id });
    const attachment = {
      contentType: 'application/pdf',
      url: `${server.url}/api/documents/${stored!.id}/file`,
      title: 'cbc-march.pdf',
      size: stored!.byteSize,
      creation: stored!.createdAt.toISOString(),
    };
    expect(ofType('DocumentReference')).toEqual([
      {
        resourceType: 'DocumentReference',
        id: stored!.id,
        status: 'current',
        subject: patientRef(),
        date: stored!.createdAt.toISOString(),
        content: [{ attachment }],
        context: { related: [{ reference: `urn:uuid:${scannedReportId}` }] },
      },
    ]);
    expect(byId(scannedReportId)).toMatchObject({ status: 'preliminary', presentedForm: [attachment] });
    expect(byId(labReport.id)).not.toHaveProperty('presentedForm');
    const original = await alex.client.get(new URL(attachment.url).pathname);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('application/pdf');
  });

  it('states each medication as active, completed or stopped, with its dosage, schedule and period', () => {
    const statements = ofType('MedicationStatement');
    expect(statements.find((s) => s.medicationCodeableConcept.text === 'Lisinopril')).toEqual({
      resourceType: 'MedicationStatement',
      id: expect.stringMatching(UUID),
      status: 'active',
      medicationCodeableConcept: { text: 'Lisinopril' },
      subject: patientRef(),
      effectivePeriod: { start: '2026-10-01' },
      dateAsserted: expect.stringMatching(/Z$/),
      dosage: [
        {
          text: '10mg, once daily',
          patientInstruction: 'Take with water',
          timing: { repeat: { frequency: 1, period: 1, periodUnit: 'd' }, code: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-GTSAbbreviation', code: 'QD', display: 'QD' }] } },
        },
      ],
      note: [{ text: 'Prescribed by Dr. James Okafor' }],
    });
    const statusOf = Object.fromEntries(statements.map((s) => [s.medicationCodeableConcept.text, s.status]));
    expect(statusOf).toEqual({ Lisinopril: 'active', Amoxicillin: 'completed', Ibuprofen: 'stopped' });
    // Taken as needed: no schedule to give, and FHIR has a field to say so.
    expect(statements.find((s) => s.medicationCodeableConcept.text === 'Ibuprofen')!.dosage).toEqual([{ text: '400mg, as needed', asNeededBoolean: true }]);
    expect(statements.find((s) => s.medicationCodeableConcept.text === 'Amoxicillin')!.effectivePeriod.end).toBe(daysFromNow(-10).toISOString().slice(0, 10));
  });

  it('makes appointments Appointments with the doctor and the place, and consultations virtual Encounters', () => {
    const appointments = ofType('Appointment');
    expect(appointments.find((a) => a.start !== '2027-05-03T09:30:00.000Z')!.status).toBe('cancelled');
    expect(appointments.find((a) => a.start === '2027-05-03T09:30:00.000Z')).toEqual({
      resourceType: 'Appointment',
      id: expect.stringMatching(UUID),
      identifier: [{ value: confirmationCode }],
      status: 'booked',
      specialty: [{ text: 'Cardiology' }],
      reasonCode: [{ text: 'Blood pressure review' }],
      start: '2027-05-03T09:30:00.000Z',
      end: '2027-05-03T10:15:00.000Z',
      minutesDuration: 45,
      comment: 'Bring the home readings',
      participant: [
        { actor: patientRef(), status: 'accepted' },
        { actor: { display: 'Dr. James Okafor' }, status: 'accepted' },
        { actor: { display: 'Heart & Vascular Clinic, 12 Harbour Road' }, status: 'accepted' },
      ],
    });

    const virtual = { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'VR', display: 'virtual' };
    const [finished, planned] = [...ofType('Encounter')].sort((a, b) => a.period.start.localeCompare(b.period.start));
    expect(finished).toEqual({
      resourceType: 'Encounter',
      id: expect.stringMatching(UUID),
      status: 'finished',
      class: virtual,
      type: [{ text: 'Video Call' }],
      subject: patientRef(),
      participant: [{ individual: { display: 'Dr. Amira Patel' } }],
      period: { start: '2026-11-10T15:02:00.000Z', end: '2026-11-10T15:27:00.000Z' },
      reasonCode: [{ text: 'Recurring migraine' }],
      diagnosis: [{ condition: { display: 'Tension headache' } }],
    });
    expect(planned).toMatchObject({ status: 'planned', class: virtual, type: [{ text: 'Audio Call' }], period: { start: '2027-02-01T10:00:00.000Z', end: '2027-02-01T10:20:00.000Z' } });
  });

  it("carries a consultation's chat as its transcript: a Communication per line, in the order written, each from the one who wrote it (a guest by the name they gave)", () => {
    const doctor = { display: 'Dr. Amira Patel' };
    const line = (index: number, sender: object, recipient: object[]) => ({
      resourceType: 'Communication',
      id: chatLines[index]!.id,
      status: 'completed',
      subject: patientRef(),
      encounter: { reference: `urn:uuid:${finishedConsultationId}` },
      sent: chatLines[index]!.createdAt.toISOString(),
      sender,
      recipient,
      payload: [{ contentString: chatLines[index]!.text }],
    });
    expect(ofType('Communication')).toEqual([
      line(0, patientRef(), [doctor]),
      line(1, doctor, [patientRef()]),
      line(2, { display: 'Maria Lopez (guest)' }, [patientRef(), doctor]),
      line(3, patientRef(), [doctor]),
    ]);
    expect(byId(finishedConsultationId)!.resourceType).toBe('Encounter');
  });

  it("carries no other patient's data, and no password hash or other secret of the account", async () => {
    const text = JSON.stringify(exported.body);
    const jordanRecord = jordan.account.record;
    for (const foreign of [jordanRecord.id, jordanRecord.email, jordanRecord.username, 'Jordan private panel', 'Jordanmycin', 'Dr. Jordan Only', 'Jordan Marker']) expect(text).not.toContain(foreign);
    const stored = await Document.query().findOne({ userId: alex.account.record.id });
    const account = await User.query().findById(alex.account.record.id);
    for (const secret of [account!.passwordHash, account!.totpSecret!, account!.stripeCustomerId!, stored!.sha256]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/password|totp|stripe|storageKey|sha256|extractedText/i);

    // And the other way round: Jordan's export holds Jordan's records only.
    const theirs = await jordan.client.get('/api/export/fhir');
    expect(theirs.status).toBe(200);
    const theirText = JSON.stringify(theirs.body);
    expect(theirText).toContain('Jordan private panel');
    for (const foreign of [alex.account.record.id, 'Lisinopril', 'Recurring migraine', 'cbc-march.pdf', 'headache diary']) expect(theirText).not.toContain(foreign);
  });

  it('answers 404 to a doctor and an admin, and 401 to a visitor, as every patient-only route does', async () => {
    const admin = await signedInClient(server.url, await createAdmin());
    const answers = await Promise.all([drPatel.client, admin, new TestClient(server.url)].map((client) => client.get('/api/export/fhir')));
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 401]);
    for (const answer of answers) expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
