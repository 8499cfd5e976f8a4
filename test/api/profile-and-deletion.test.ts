/**
 * One's own profile (name, phone, emergency contact), and a patient deleting their account: asked with the
 * password, every session ends, a grace period to keep it, then its health data erased while the audit
 * trail, payments and the clinic's consultations stay, tied to a nameless row that never signs in again.
 */
import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { createAdmin, createDoctor, createPatient, signedInClient } from '../support/factories';
import { AuditEvent, Consultation, User } from '../../db/models';
import { insertAppointment, insertMedication, insertNotification, insertReport } from './records-fixtures';
import { storeDocumentWithReport } from '../../server/services/documents/storage';
import { hasOriginal } from '../support/stored-documents';
import { ERASED_WITH_THE_ACCOUNT, KEPT_AFTER_ERASURE, eraseDueAccounts } from '../../server/services/account-deletion';
import { testKnex } from '../support/db';
import { book, minutesFromNow } from './consultations-fixtures';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('profile', () => {
  it('changes only the fields sent, clears a phone and a contact, and audits it', async () => {
    const patient = await createPatient({ phone: '+1 555 0100' });
    const client = await signedInClient(server.url, patient);
    const renamed = await client.patch('/api/auth/me', { firstName: '  Robin ', emergencyContact: { name: 'Sam Okafor', phone: '+1 555 0198', relation: 'sibling' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ firstName: 'Robin', lastName: patient.record.lastName, phone: '+1 555 0100', emergencyContact: { name: 'Sam Okafor', phone: '+1 555 0198', relation: 'sibling' } });

    const cleared = await client.patch('/api/auth/me', { phone: '', emergencyContact: null });
    expect(cleared.body).toMatchObject({ firstName: 'Robin', phone: null, emergencyContact: null });
    expect((await client.get('/api/auth/me')).body).toMatchObject({ firstName: 'Robin', phone: null, emergencyContact: null });
    expect(await AuditEvent.query().where({ action: 'profile.update', patientId: patient.record.id }).resultSize()).toBe(2);
    // Nothing sent, nothing changed: no change is recorded.
    expect((await client.patch('/api/auth/me', {})).body).toMatchObject({ firstName: 'Robin', phone: null });
    expect(await AuditEvent.query().where({ action: 'profile.update', patientId: patient.record.id }).resultSize()).toBe(2);
  });

  it('keeping an account that is not being deleted changes and records nothing', async () => {
    const patient = await createPatient();
    const client = await signedInClient(server.url, patient);
    const kept = await client.delete('/api/account/deletion');
    expect(kept.status).toBe(200);
    expect(kept.body.deletionScheduledFor).toBeNull();
    expect(await AuditEvent.query().where({ action: 'account.deletion_cancel', patientId: patient.record.id }).resultSize()).toBe(0);
  });

  it('refuses bad values with the field message and fields that are not editable here', async () => {
    const patient = await createPatient();
    const client = await signedInClient(server.url, patient);
    const short = await client.patch('/api/auth/me', { firstName: 'R' });
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual({ firstName: 'First name must be at least 2 characters' });
    const contact = await client.patch('/api/auth/me', { emergencyContact: { name: 'Sam', phone: '', relation: 'cousin' } });
    expect(contact.status).toBe(400);
    expect(Object.keys(contact.body.fields).sort()).toEqual(['emergencyContact.phone', 'emergencyContact.relation']);
    const email = await client.patch('/api/auth/me', { email: 'someone-else@example.test' });
    expect(email.status).toBe(400);
    expect(email.body.message).toBe('Unknown field: email');
    expect((await User.query().findById(patient.record.id))!.firstName).toBe(patient.record.firstName);
  });

  it('lets an admin edit their own profile; a doctor and a visitor have none here', async () => {
    const admin = await createAdmin();
    expect((await (await signedInClient(server.url, admin)).patch('/api/auth/me', { lastName: 'Ndiaye' })).body.lastName).toBe('Ndiaye');
    expect((await (await signedInClient(server.url, await createDoctor())).patch('/api/auth/me', { lastName: 'Other' })).status).toBe(404);
    expect((await new TestClient(server.url).patch('/api/auth/me', { lastName: 'Other' })).status).toBe(401);
  });
});

describe('deleting the account', () => {
  it('needs the password, then schedules the deletion 30 days ahead and signs out every device', async () => {
    const patient = await createPatient();
    const client = await signedInClient(server.url, patient);
    const phone = await signedInClient(server.url, patient);
    const wrong = await client.post('/api/account/deletion', { password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({ password: 'That password is not right.' });
    expect((await client.get('/api/auth/me')).body.deletionScheduledFor).toBeNull();

    const asked = await client.post('/api/account/deletion', { password: patient.password });
    expect(asked.status).toBe(200);
    const due = Date.parse(asked.body.deletionScheduledFor);
    expect(Math.abs(due - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect((await phone.get('/api/auth/me')).status).toBe(401);
  });

  it('cancels the scheduled consultations when asked, as if the patient cancelled each, and leaves finished ones', async () => {
    const [patient, doctor] = await Promise.all([createPatient(), createDoctor()]);
    const client = await signedInClient(server.url, patient);
    const upcoming = await book(client, doctor.record.id, minutesFromNow(3 * 24 * 60));
    const finished = await book(client, doctor.record.id, minutesFromNow(5 * 24 * 60));
    await Consultation.query().findById(finished.id).patch({ status: 'completed' });

    expect((await client.post('/api/account/deletion', { password: patient.password })).status).toBe(200);
    expect((await Consultation.query().findById(upcoming.id))!.status).toBe('cancelled');
    expect((await Consultation.query().findById(finished.id))!.status).toBe('completed');
    const cancels = await AuditEvent.query().where({ action: 'consultation.cancel', resourceId: upcoming.id });
    expect(cancels).toMatchObject([{ outcome: 'success', patientId: patient.record.id }]);
  });

  it('keeps the account when the patient signs in and cancels before the date', async () => {
    const patient = await createPatient();
    await (await signedInClient(server.url, patient)).post('/api/account/deletion', { password: patient.password });
    const again = await signedInClient(server.url, patient);
    expect((await again.get('/api/auth/me')).body.deletionScheduledFor).not.toBeNull();
    const kept = await again.delete('/api/account/deletion');
    expect(kept.status).toBe(200);
    expect(kept.body.deletionScheduledFor).toBeNull();
    await eraseDueAccounts(await testKnex());
    expect((await User.query().findById(patient.record.id))!.erasedAt).toBeNull();
  });

  it('erases the health data when the grace period is over, and keeps what the law asks, under a nameless row', async () => {
    const patient = await createPatient();
    const doctor = await createDoctor();
    const userId = patient.record.id;
    await Promise.all([insertReport(userId), insertMedication(userId), insertAppointment(userId), insertNotification(userId)]);
    const scanned = await storeDocumentWithReport(
      { userId, filename: 'scan.pdf', mimeType: 'application/pdf', bytes: Buffer.from('%PDF-1.4 test'), pages: 1, extractedText: null, extraction: null },
      { title: 'Scan', type: 'blood_work', status: 'normal', reportDate: new Date(), doctorName: null, facility: null, summary: null, results: null },
    );
    const consultation = await Consultation.query().insert({ patientId: userId, doctorId: doctor.record.id, appointmentDate: new Date(Date.now() - 86_400_000), duration: 30, status: 'completed', consultationType: 'video', symptoms: 'Cough', fee: 5000 });
    const client = await signedInClient(server.url, patient);
    await client.post('/api/account/deletion', { password: patient.password });
    const auditRowsBefore = await AuditEvent.query().where({ patientId: userId }).resultSize();

    await User.query().findById(userId).patch({ deletionScheduledFor: new Date(Date.now() - 1000) });
    expect(await eraseDueAccounts(await testKnex())).toBeGreaterThanOrEqual(1);

    const knex = await testKnex();
    for (const table of ERASED_WITH_THE_ACCOUNT) expect([table, await knex(table).where({ user_id: userId }).first('user_id')]).toEqual([table, undefined]);
    // Every table that points at users either loses the account's rows or is one the law keeps: a new table must choose.
    const referencing = await knex.raw(`SELECT conrelid::regclass::text AS "table" FROM pg_constraint WHERE confrelid = 'users'::regclass AND contype = 'f'`);
    for (const { table } of referencing.rows as Array<{ table: string }>) expect([...ERASED_WITH_THE_ACCOUNT, ...KEPT_AFTER_ERASURE]).toContain(table);
    expect(await hasOriginal(scanned.documentId!)).toBe(false);

    const erased = (await User.query().findById(userId))!;
    expect(erased).toMatchObject({ firstName: null, lastName: null, phone: null, emergencyContact: null, deletionScheduledFor: null });
    expect(erased.erasedAt).not.toBeNull();
    expect(JSON.stringify(erased)).not.toContain(patient.record.email);
    expect(await Consultation.query().findById(consultation.id)).toBeDefined();
    expect(await AuditEvent.query().where({ patientId: userId }).resultSize()).toBe(auditRowsBefore + 1);
    expect(await AuditEvent.query().where({ patientId: userId, action: 'account.erase', actorKind: 'system' }).resultSize()).toBe(1);
    const signIn = await new TestClient(server.url).post('/api/auth/login', { usernameOrEmail: patient.login, password: patient.password });
    expect(signIn.status).toBe(401);
  });
});
