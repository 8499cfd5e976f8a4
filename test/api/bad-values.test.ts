/**
 * Input that passes JSON parsing but that PostgreSQL would refuse (NUL characters, impossible calendar
 * days, offsets past +/-14:00, integers past 32 bits), blank required fields on update, and requests the
 * router cannot place: each answers a 4xx a person can act on, changes nothing, and the server keeps serving.
 */
import { startTestServer, type TestServer } from '../support/app';
import { patientParty, type Party } from './consultations-fixtures';
import { appointmentBody, insertMedication, insertReport } from './records-fixtures';
import { Appointment, MedicalReport, Medication, type User } from '../../db/models';
import { localDateString } from '../../common/schemas/helpers';

let server: TestServer;
let patient: Party<User>;

beforeAll(async () => {
  server = await startTestServer();
  patient = await patientParty(server.url);
});
afterAll(() => server.close());

const NUL_MESSAGE = 'Text contains a character that cannot be stored (U+0000 or an unpaired surrogate)';
const patientId = () => patient.account.record.id;

afterEach(async () => {
  expect((await patient.client.get('/api/health')).status).toBe(200);
});

describe('text PostgreSQL cannot store', () => {
  it('names every field holding U+0000, nested ones included, and stores nothing', async () => {
    const report = await insertReport(patientId());
    const res = await patient.client.patch(`/api/medical-reports/${report.id}`, {
      title: 'a\u0000b',
      results: { glucose: { value: '\u0000' }, ['bad\u0000key']: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(NUL_MESSAGE);
    expect(res.body.fields).toEqual({ title: NUL_MESSAGE, 'results.glucose.value': NUL_MESSAGE, 'results.bad\u0000key': NUL_MESSAGE });
    expect((await MedicalReport.query().findById(report.id))!.title).toBe(report.title);
  });

  it('refuses it in a new medication and a new appointment', async () => {
    const medication = await patient.client.post('/api/medications', { name: 'Aspirin\u0000', dosage: '81mg', frequency: 'once_daily' });
    expect(medication.status).toBe(400);
    expect(medication.body.fields).toEqual({ name: NUL_MESSAGE });
    const appointment = await patient.client.post('/api/appointments', appointmentBody({ reason: '\u0000' }));
    expect(appointment.status).toBe(400);
    expect(appointment.body.fields).toEqual({ reason: NUL_MESSAGE });
    expect(await Medication.query().where({ userId: patientId() }).where('name', 'like', 'Aspirin%')).toHaveLength(0);
  });

  it('refuses it in sign-in fields before any lookup', async () => {
    const res = await patient.client.post('/api/auth/login', { usernameOrEmail: 'demo\u0000', password: 'whatever1' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ usernameOrEmail: NUL_MESSAGE });
  });
});

describe('dates PostgreSQL cannot store', () => {
  it('refuses a calendar day that does not exist instead of rolling it over', async () => {
    const report = await insertReport(patientId());
    const res = await patient.client.patch(`/api/medical-reports/${report.id}`, { reportDate: '2024-02-30' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ reportDate: 'Report date must be a valid date' });
    const appointment = await patient.client.post('/api/appointments', appointmentBody({ appointmentDate: '2030-02-30', appointmentTime: '10:00' }));
    expect(appointment.status).toBe(400);
    expect(appointment.body.fields).toEqual({ appointmentDate: 'Appointment date must be a valid date' });
  });

  it('refuses an offset beyond +/-14:00 and accepts the furthest real one', async () => {
    const medication = await insertMedication(patientId());
    const far = await patient.client.patch(`/api/medications/${medication.id}`, { endDate: '2030-01-01T00:00+23:59' });
    expect(far.status).toBe(400);
    expect(far.body.fields).toEqual({ endDate: 'End date must be a valid date' });
    const kiribati = await patient.client.patch(`/api/medications/${medication.id}`, { endDate: '2030-01-01T00:00+14:00' });
    expect(kiribati.status).toBe(200);
    expect(kiribati.body.endDate).toBe('2029-12-31T10:00:00.000Z');
  });

  it('books today when a bare date comes with a later time', async () => {
    const soon = new Date(Date.now() + 5 * 60_000);
    const time = `${String(soon.getHours()).padStart(2, '0')}:${String(soon.getMinutes()).padStart(2, '0')}`;
    const res = await patient.client.post('/api/appointments', appointmentBody({ appointmentDate: localDateString(soon), appointmentTime: time }));
    expect(res.status).toBe(201);
    expect(Math.abs(new Date(res.body.appointmentDate).getTime() - soon.getTime())).toBeLessThan(60_000);
  });
});

describe('numbers and nulls', () => {
  it('refuses a cost that no integer column holds', async () => {
    for (const cost of [2_147_483_648, 1e10]) {
      const res = await patient.client.post('/api/appointments', appointmentBody({ cost }));
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ cost: 'Cost is too large' });
    }
    expect(await Appointment.query().where({ userId: patientId() }).where('cost', '>', 1_000_000_000)).toHaveLength(0);
  });

  it('gives labelled messages for null', async () => {
    const medication = await insertMedication(patientId());
    const res = await patient.client.patch(`/api/medications/${medication.id}`, { name: null, startDate: null, isActive: null });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ name: 'Medication name is required', startDate: 'Start date is required', isActive: 'Active must be true or false' });
  });
});

describe('updates', () => {
  it('refuses a blank required field instead of answering 200 and keeping the old value', async () => {
    const medication = await insertMedication(patientId(), { name: 'Metformin' });
    const res = await patient.client.patch(`/api/medications/${medication.id}`, { name: '  ', dosage: '' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ name: 'Medication name is required', dosage: 'Dosage is required' });
    expect((await Medication.query().findById(medication.id))!.name).toBe('Metformin');
    const blankDate = await patient.client.patch(`/api/medications/${medication.id}`, { startDate: ' ' });
    expect(blankDate.body.fields).toEqual({ startDate: 'Start date is required' });
    const report = await insertReport(patientId());
    const blankReportDate = await patient.client.patch(`/api/medical-reports/${report.id}`, { reportDate: '' });
    expect(blankReportDate.body.fields).toEqual({ reportDate: 'Report date is required' });
  });
});

describe('shapes yup would trip over', () => {
  it('answers a list or an object where text belongs with the type message', async () => {
    for (const value of [['demo'], { name: 'demo' }]) {
      const res = await patient.client.post('/api/auth/login', { usernameOrEmail: value, password: 'whatever1' });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ usernameOrEmail: 'Username or email must be text' });
    }
  });

  it('names the expected type without echoing the value back', async () => {
    const res = await patient.client.post('/api/auth/signup', { emergencyContact: 'x'.repeat(5000), firstName: ['A'] });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({ emergencyContact: 'emergencyContact must be an object' });
    expect(JSON.stringify(res.body).length).toBeLessThan(2000);
    const report = await insertReport(patientId());
    const status = await patient.client.patch(`/api/medical-reports/${report.id}`, { status: ['normal'], isOfflineAvailable: null });
    expect(status.body.fields).toEqual({ status: 'status must be text', isOfflineAvailable: 'Offline availability must be true or false' });
  });

  it('lists at most 50 fields, however many unknown or unstorable keys a body holds (up to the 1,000 keys a body may have)', async () => {
    const unknown = Object.fromEntries(Array.from({ length: 900 }, (_, i) => [`extra${i}`, i]));
    const res = await patient.client.post('/api/medications', unknown);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toHaveLength(50);
    const unstorable = Object.fromEntries(Array.from({ length: 900 }, (_, i) => [`k${i}`, '\u0000']));
    const signIn = await patient.client.post('/api/auth/login', unstorable);
    expect(signIn.status).toBe(400);
    expect(Object.keys(signIn.body.fields)).toHaveLength(50);
  });

  it('refuses numbers and booleans where text belongs, and anything but true or false for a flag', async () => {
    const report = await insertReport(patientId());
    const res = await patient.client.patch(`/api/medical-reports/${report.id}`, { title: 123, summary: true, isOfflineAvailable: 'true', reportDate: 20240101 });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      title: 'Title must be text',
      summary: 'Summary must be text',
      isOfflineAvailable: 'Offline availability must be true or false',
      reportDate: 'Report date must be a valid date',
    });
    expect((await MedicalReport.query().findById(report.id))!.title).toBe(report.title);
  });

  it('answers inherited key names in a body or a query as unknown fields', async () => {
    const body = await patient.client.request('POST', '/api/medications', '{"name":"Aspirin","dosage":"81mg","frequency":"once_daily","constructor":1,"toString":"x"}', { 'content-type': 'application/json' });
    expect(body.status).toBe(400);
    expect(body.body.fields).toEqual({ constructor: 'Unknown field: constructor', toString: 'Unknown field: toString' });
    const query = await patient.client.get('/api/access-history?constructor=1');
    expect(query.status).toBe(400);
    expect(query.body.fields).toEqual({ constructor: 'Unknown field: constructor' });
  });
});

describe('requests the router cannot place', () => {
  it('answers a wrong method with JSON naming the allowed ones', async () => {
    const report = await insertReport(patientId());
    const res = await patient.client.request('PUT', `/api/medical-reports/${report.id}`, {});
    expect(res.status).toBe(405);
    expect(res.body).toMatchObject({ code: 'method_not_allowed', message: expect.stringMatching(/^This endpoint does not accept PUT; use .*PATCH/) });
    const nowhere = await fetch(`${server.url}/api/no-such-thing`, { method: 'PROPFIND' });
    expect(nowhere.status).toBe(404);
    expect(await nowhere.json()).toMatchObject({ code: 'not_found' });
    const unheardOf = await fetch(`${server.url}/api/medical-reports`, { method: 'PROPFIND' });
    expect(unheardOf.status).toBe(405);
    expect(await unheardOf.json()).toMatchObject({ code: 'method_not_allowed', message: 'This endpoint does not accept PROPFIND; use HEAD or GET or POST.' });
  });

  it('answers a body over the limit with 413, not as broken JSON', async () => {
    const res = await patient.client.request('POST', '/api/medications', JSON.stringify({ name: 'x'.repeat(65 * 1024) }), { 'content-type': 'application/json' });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'payload_too_large', message: 'The request body is too large (at most 64 KB).' });
  });
});
