import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { closeTestKnex, testKnex } from '../support/db';

/**
 * The schema itself keeps the spec's defaults and rules, whatever code path writes the row:
 * each entity is inserted with only its required columns and read back, and bad enum values,
 * out-of-range numbers, duplicates and ON DELETE rules are checked against PostgreSQL.
 * Rows use random suffixes; no table is ever wiped.
 */

let knex: Knex;

const suffix = () => randomBytes(6).toString('hex');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const CHECK_VIOLATION = '23514';
const UNIQUE_VIOLATION = '23505';
/** ON DELETE RESTRICT raises restrict_violation, not foreign_key_violation (23503). */
const RESTRICT_VIOLATION = '23001';
const NOT_NULL_VIOLATION = '23502';

async function expectViolation(query: Promise<unknown>, code: string, constraint?: string): Promise<void> {
  await expect(query).rejects.toMatchObject(constraint ? { code, constraint } : { code });
}

type Row = Record<string, unknown>;

async function insertOne(table: string, values: Row): Promise<Row> {
  const [row] = await knex(table).insert(values).returning('*');
  return row as Row;
}

function userValues(overrides: Row = {}): Row {
  const s = suffix();
  return { username: `u_${s}`, email: `u_${s}@example.test`, passwordHash: 'not-a-real-hash', ...overrides };
}

function doctorValues(overrides: Row = {}): Row {
  const s = suffix();
  return {
    name: `Dr Test ${s}`,
    specialty: 'General Practice',
    licenseNumber: `LIC-${s}`,
    email: `doc_${s}@example.test`,
    passwordHash: 'not-a-real-hash',
    ...overrides,
  };
}

const createUser = (overrides: Row = {}) => insertOne('users', userValues(overrides));
const createDoctor = (overrides: Row = {}) => insertOne('doctors', doctorValues(overrides));

async function createConsultation(patientId: unknown, doctorId: unknown, overrides: Row = {}): Promise<Row> {
  return insertOne('consultations', { patientId, doctorId, appointmentDate: new Date(Date.now() + 86_400_000), ...overrides });
}

beforeAll(async () => {
  knex = await testKnex();
});

afterAll(closeTestKnex);

describe('users', () => {
  it('defaults a new account to a patient without biometrics', async () => {
    const user = await createUser();
    expect(user.id).toMatch(UUID);
    expect(user.role).toBe('patient');
    expect(user.biometricEnabled).toBe(false);
    expect(user.emergencyContact).toBeNull();
    expect(user.stripeSubscriptionId).toBeNull();
    expect(user.lastLogin).toBeNull();
    expect(user.createdAt).toBeInstanceOf(Date);
  });

  it('stores the emergency contact as JSON', async () => {
    const contact = { name: 'Sam Doe', relationship: 'sibling', phone: '+1 555 0000' };
    const user = await createUser({ emergencyContact: JSON.stringify(contact) });
    expect(user.emergencyContact).toEqual(contact);
  });

  it('accepts admin and rejects unknown roles', async () => {
    expect((await createUser({ role: 'admin' })).role).toBe('admin');
    await expectViolation(createUser({ role: 'superuser' }), CHECK_VIOLATION, 'users_role_check');
  });

  it('requires a username, an email and a password hash', async () => {
    await expectViolation(createUser({ username: null }), NOT_NULL_VIOLATION);
    await expectViolation(createUser({ email: null }), NOT_NULL_VIOLATION);
    await expectViolation(createUser({ passwordHash: null }), NOT_NULL_VIOLATION);
  });

  it('refuses a duplicate username, also when only the case differs', async () => {
    const user = await createUser();
    await expectViolation(createUser({ username: user.username }), UNIQUE_VIOLATION, 'users_username_unique');
    await expectViolation(createUser({ username: String(user.username).toUpperCase() }), UNIQUE_VIOLATION, 'users_username_lower_unique');
  });

  it('refuses a duplicate email, also when only the case differs', async () => {
    const user = await createUser();
    await expectViolation(createUser({ email: user.email }), UNIQUE_VIOLATION, 'users_email_unique');
    await expectViolation(createUser({ email: String(user.email).toUpperCase() }), UNIQUE_VIOLATION, 'users_email_lower_unique');
  });
});

describe('sessions', () => {
  it('stores opaque ids with JSON data and no actor by default', async () => {
    const session = await insertOne('sessions', {
      id: `sess_${suffix()}`,
      data: JSON.stringify({ cookie: { maxAge: 1000 } }),
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(session.data).toEqual({ cookie: { maxAge: 1000 } });
    expect(session.actorKind).toBeNull();
    expect(session.actorId).toBeNull();
    expect(session.createdAt).toBeInstanceOf(Date);
  });
});

describe('doctors', () => {
  it('defaults rating 5.0, no consultations, available, unverified, empty availability, free', async () => {
    const doctor = await createDoctor();
    expect(doctor.rating).toBe('5.0');
    expect(doctor.totalConsultations).toBe(0);
    expect(doctor.isAvailable).toBe(true);
    expect(doctor.isVerified).toBe(false);
    expect(doctor.availability).toEqual({});
    expect(doctor.consultationFee).toBe(0);
    expect(doctor.experience).toBe(0);
    expect(doctor.lastLogin).toBeNull();
  });

  it('refuses negative fees and experience', async () => {
    await expectViolation(createDoctor({ consultationFee: -1 }), CHECK_VIOLATION, 'doctors_consultation_fee_check');
    await expectViolation(createDoctor({ experience: -1 }), CHECK_VIOLATION, 'doctors_experience_check');
  });

  it('refuses a duplicate email, also when only the case differs', async () => {
    const doctor = await createDoctor();
    await expectViolation(createDoctor({ email: doctor.email }), UNIQUE_VIOLATION, 'doctors_email_unique');
    await expectViolation(createDoctor({ email: String(doctor.email).toUpperCase() }), UNIQUE_VIOLATION, 'doctors_email_lower_unique');
  });
});

describe('medical reports and documents', () => {
  const reportValues = (userId: unknown, overrides: Row = {}): Row => ({
    userId,
    title: 'CBC',
    type: 'blood_work',
    reportDate: new Date(),
    ...overrides,
  });

  it('defaults status normal and not offline-available', async () => {
    const user = await createUser();
    const report = await insertOne('medical_reports', reportValues(user.id));
    expect(report.status).toBe('normal');
    expect(report.isOfflineAvailable).toBe(false);
    expect(report.results).toBeNull();
    expect(report.documentId).toBeNull();
    expect(report.createdAt).toBeInstanceOf(Date);
    expect(report.updatedAt).toBeInstanceOf(Date);
  });

  it('accepts every report type and status of the spec', async () => {
    const user = await createUser();
    for (const type of ['blood_work', 'x_ray', 'mri', 'prescription', 'consultation', 'heart_rate', 'premium_analysis']) {
      await insertOne('medical_reports', reportValues(user.id, { type }));
    }
    for (const status of ['urgent', 'review', 'normal', 'active']) {
      await insertOne('medical_reports', reportValues(user.id, { status }));
    }
    const [{ count }] = await knex('medical_reports').where({ userId: user.id }).count({ count: '*' });
    expect(Number(count)).toBe(11);
  });

  it('refuses an unknown type or status', async () => {
    const user = await createUser();
    await expectViolation(insertOne('medical_reports', reportValues(user.id, { type: 'ct_scan' })), CHECK_VIOLATION, 'medical_reports_type_check');
    await expectViolation(insertOne('medical_reports', reportValues(user.id, { status: 'critical' })), CHECK_VIOLATION, 'medical_reports_status_check');
  });

  it('requires a report date', async () => {
    const user = await createUser();
    await expectViolation(insertOne('medical_reports', reportValues(user.id, { reportDate: null })), NOT_NULL_VIOLATION);
  });

  it('keeps results given as an object or as a JSON string value', async () => {
    const user = await createUser();
    const results = { hemoglobin: { value: 13.2, unit: 'g/dL', referenceRange: '13.5-17.5' } };
    const asObject = await insertOne('medical_reports', reportValues(user.id, { results: JSON.stringify(results) }));
    expect(asObject.results).toEqual(results);
    const asString = await insertOne('medical_reports', reportValues(user.id, { results: JSON.stringify(JSON.stringify(results)) }));
    expect(asString.results).toBe(JSON.stringify(results));
  });

  it('stores documents, and a deleted document leaves its report in place without the link', async () => {
    const user = await createUser();
    const document = await insertOne('documents', {
      userId: user.id,
      filename: 'scan.jpg',
      mimeType: 'image/jpeg',
      byteSize: 1024,
      sha256: 'a'.repeat(64),
      storageKey: `documents/${user.id}/${suffix()}.jpg`,
    });
    expect(document.extractedText).toBeNull();
    expect(document.createdAt).toBeInstanceOf(Date);
    const report = await insertOne('medical_reports', reportValues(user.id, { documentId: document.id }));
    await knex('documents').where({ id: document.id }).delete();
    const after = await knex('medical_reports').where({ id: report.id }).first();
    expect(after).toBeDefined();
    expect(after.documentId).toBeNull();
  });

  it('refuses a negative document size', async () => {
    const user = await createUser();
    await expectViolation(
      insertOne('documents', { userId: user.id, filename: 'x.pdf', mimeType: 'application/pdf', byteSize: -1, sha256: 'b'.repeat(64), storageKey: `documents/${suffix()}` }),
      CHECK_VIOLATION,
      'documents_byte_size_check',
    );
  });
});

describe('offline cache', () => {
  it('defaults last synced to now and allows one copy per user and report', async () => {
    const user = await createUser();
    const report = await insertOne('medical_reports', { userId: user.id, title: 'X-Ray', type: 'x_ray', reportDate: new Date() });
    const before = Date.now() - 5_000;
    const cached = await insertOne('offline_cache', { userId: user.id, reportId: report.id, encryptedData: 'ciphertext' });
    expect(cached.lastSynced).toBeInstanceOf(Date);
    expect((cached.lastSynced as Date).getTime()).toBeGreaterThanOrEqual(before);
    await expectViolation(insertOne('offline_cache', { userId: user.id, reportId: report.id, encryptedData: 'again' }), UNIQUE_VIOLATION);
  });
});

describe('notifications', () => {
  it('defaults to unread, general, not scheduled', async () => {
    const user = await createUser();
    const notification = await insertOne('notifications', { userId: user.id, title: 'Hello', message: 'World' });
    expect(notification.isRead).toBe(false);
    expect(notification.type).toBe('general');
    expect(notification.scheduledFor).toBeNull();
    expect(notification.createdAt).toBeInstanceOf(Date);
  });
});

describe('medications and reminders', () => {
  it('defaults reminder times [08:00], once daily, active, starting now, no end date', async () => {
    const user = await createUser();
    const before = Date.now() - 5_000;
    const medication = await insertOne('medications', { userId: user.id, name: 'Lisinopril', dosage: '10mg' });
    expect(medication.reminderTimes).toEqual(['08:00']);
    expect(medication.frequency).toBe('once_daily');
    expect(medication.isActive).toBe(true);
    expect(medication.startDate).toBeInstanceOf(Date);
    expect((medication.startDate as Date).getTime()).toBeGreaterThanOrEqual(before);
    expect(medication.endDate).toBeNull();
  });

  it('accepts every frequency of the spec and refuses others', async () => {
    const user = await createUser();
    for (const frequency of ['once_daily', 'twice_daily', 'three_times_daily', 'four_times_daily', 'as_needed', 'weekly', 'monthly']) {
      await insertOne('medications', { userId: user.id, name: 'Drug', dosage: '1mg', frequency });
    }
    await expectViolation(
      insertOne('medications', { userId: user.id, name: 'Drug', dosage: '1mg', frequency: 'hourly' }),
      CHECK_VIOLATION,
      'medications_frequency_check',
    );
  });

  it('refuses reminder times that are not a JSON list', async () => {
    const user = await createUser();
    await expectViolation(
      insertOne('medications', { userId: user.id, name: 'Drug', dosage: '1mg', reminderTimes: JSON.stringify('08:00') }),
      CHECK_VIOLATION,
      'medications_reminder_times_array_check',
    );
  });

  it('moves updated_at forward on update', async () => {
    const user = await createUser();
    const medication = await insertOne('medications', { userId: user.id, name: 'Drug', dosage: '1mg', updatedAt: new Date(Date.now() - 60_000) });
    const [updated] = await knex('medications').where({ id: medication.id }).update({ dosage: '2mg' }).returning('*');
    expect((updated.updatedAt as Date).getTime()).toBeGreaterThan((medication.updatedAt as Date).getTime());
  });

  it('defaults a reminder to not skipped, and deleting the medication deletes its reminders', async () => {
    const user = await createUser();
    const medication = await insertOne('medications', { userId: user.id, name: 'Drug', dosage: '1mg' });
    const reminder = await insertOne('medication_reminders', { medicationId: medication.id, userId: user.id, scheduledTime: new Date() });
    expect(reminder.isSkipped).toBe(false);
    expect(reminder.takenTime).toBeNull();
    await knex('medications').where({ id: medication.id }).delete();
    expect(await knex('medication_reminders').where({ id: reminder.id }).first()).toBeUndefined();
  });
});

describe('payments and push subscriptions', () => {
  it('defaults currency usd and status pending; payment intents are unique', async () => {
    const user = await createUser();
    const intent = `pi_${suffix()}`;
    const payment = await insertOne('payments', { userId: user.id, amount: 999, stripePaymentIntentId: intent });
    expect(payment.currency).toBe('usd');
    expect(payment.status).toBe('pending');
    expect(payment.amount).toBe(999);
    await expectViolation(insertOne('payments', { userId: user.id, amount: 999, stripePaymentIntentId: intent }), UNIQUE_VIOLATION);
    await expectViolation(insertOne('payments', { userId: user.id, amount: -5 }), CHECK_VIOLATION, 'payments_amount_check');
  });

  it('stores keys as JSON and keeps endpoints unique', async () => {
    const user = await createUser();
    const endpoint = `https://fcm.googleapis.com/fcm/send/${suffix()}`;
    const keys = { p256dh: 'key', auth: 'secret' };
    const subscription = await insertOne('push_subscriptions', { userId: user.id, endpoint, keys: JSON.stringify(keys) });
    expect(subscription.keys).toEqual(keys);
    await expectViolation(insertOne('push_subscriptions', { userId: user.id, endpoint, keys: JSON.stringify(keys) }), UNIQUE_VIOLATION);
  });
});

describe('consultations and chat', () => {
  it('defaults to a scheduled 30-minute video call, payment pending, no fee, no rating', async () => {
    const [user, doctor] = await Promise.all([createUser(), createDoctor()]);
    const consultation = await createConsultation(user.id, doctor.id);
    expect(consultation.status).toBe('scheduled');
    expect(consultation.consultationType).toBe('video');
    expect(consultation.paymentStatus).toBe('pending');
    expect(consultation.duration).toBe(30);
    expect(consultation.fee).toBe(0);
    expect(consultation.rating).toBeNull();
    expect(consultation.meetingRoomId).toBeNull();
    expect(consultation.prescription).toBeNull();
    expect(consultation.startedAt).toBeNull();
    expect(consultation.updatedAt).toBeInstanceOf(Date);
  });

  it('refuses unknown statuses, types and payment statuses, bad ratings and durations', async () => {
    const [user, doctor] = await Promise.all([createUser(), createDoctor()]);
    await expectViolation(createConsultation(user.id, doctor.id, { status: 'done' }), CHECK_VIOLATION, 'consultations_status_check');
    await expectViolation(createConsultation(user.id, doctor.id, { consultationType: 'fax' }), CHECK_VIOLATION, 'consultations_consultation_type_check');
    await expectViolation(createConsultation(user.id, doctor.id, { paymentStatus: 'owed' }), CHECK_VIOLATION, 'consultations_payment_status_check');
    await expectViolation(createConsultation(user.id, doctor.id, { rating: 6 }), CHECK_VIOLATION, 'consultations_rating_check');
    await expectViolation(createConsultation(user.id, doctor.id, { rating: 0 }), CHECK_VIOLATION, 'consultations_rating_check');
    await expectViolation(createConsultation(user.id, doctor.id, { duration: 0 }), CHECK_VIOLATION, 'consultations_duration_check');
    await expectViolation(createConsultation(user.id, doctor.id, { fee: -100 }), CHECK_VIOLATION, 'consultations_fee_check');
  });

  it('keeps meeting room ids unique', async () => {
    const [user, doctor] = await Promise.all([createUser(), createDoctor()]);
    const room = `room_${suffix()}`;
    await createConsultation(user.id, doctor.id, { meetingRoomId: room });
    await expectViolation(createConsultation(user.id, doctor.id, { meetingRoomId: room }), UNIQUE_VIOLATION);
  });

  it('will not delete a doctor who has consultations', async () => {
    const [user, doctor] = await Promise.all([createUser(), createDoctor()]);
    await createConsultation(user.id, doctor.id);
    await expectViolation(knex('doctors').where({ id: doctor.id }).delete(), RESTRICT_VIOLATION, 'consultations_doctor_id_foreign');
  });

  it('stores chat messages of 1 to 2000 characters from a patient or a doctor', async () => {
    const [user, doctor] = await Promise.all([createUser(), createDoctor()]);
    const consultation = await createConsultation(user.id, doctor.id);
    const message = (overrides: Row) =>
      insertOne('chat_messages', { consultationId: consultation.id, senderRole: 'patient', senderId: user.id, text: 'Hello', ...overrides });
    const saved = await message({});
    expect(saved.createdAt).toBeInstanceOf(Date);
    await message({ senderRole: 'doctor', senderId: doctor.id, text: 'x'.repeat(2000) });
    await expectViolation(message({ text: '' }), CHECK_VIOLATION, 'chat_messages_text_length_check');
    await expectViolation(message({ text: 'x'.repeat(2001) }), CHECK_VIOLATION, 'chat_messages_text_length_check');
    await expectViolation(message({ senderRole: 'admin' }), CHECK_VIOLATION, 'chat_messages_sender_role_check');
  });
});

describe('appointments', () => {
  const appointmentValues = (userId: unknown, overrides: Row = {}): Row => ({
    userId,
    doctorName: 'Dr. Who',
    specialty: 'Cardiology',
    facility: 'Clinic',
    appointmentDate: new Date(Date.now() + 86_400_000),
    ...overrides,
  });

  it('defaults to scheduled, 30 minutes, no reminder, free, not insured', async () => {
    const user = await createUser();
    const appointment = await insertOne('appointments', appointmentValues(user.id));
    expect(appointment.status).toBe('scheduled');
    expect(appointment.duration).toBe(30);
    expect(appointment.reminderSent).toBe(false);
    expect(appointment.cost).toBe(0);
    expect(appointment.insuranceCovered).toBe(false);
    expect(appointment.doctorId).toBeNull();
    expect(appointment.confirmationCode).toBeNull();
  });

  it('refuses an unknown status and a negative cost', async () => {
    const user = await createUser();
    await expectViolation(insertOne('appointments', appointmentValues(user.id, { status: 'pending' })), CHECK_VIOLATION, 'appointments_status_check');
    await expectViolation(insertOne('appointments', appointmentValues(user.id, { cost: -1 })), CHECK_VIOLATION, 'appointments_cost_check');
  });

  it('keeps the appointment when its linked doctor is deleted', async () => {
    const [user, doctor] = await Promise.all([createUser(), createDoctor()]);
    const appointment = await insertOne('appointments', appointmentValues(user.id, { doctorId: doctor.id }));
    await knex('doctors').where({ id: doctor.id }).delete();
    const after = await knex('appointments').where({ id: appointment.id }).first();
    expect(after.doctorId).toBeNull();
  });
});

describe('audit events, auth failures and passkeys', () => {
  it('records audit events and refuses unknown actor kinds and outcomes', async () => {
    const user = await createUser();
    const event = await insertOne('audit_events', { actorKind: 'patient', actorId: user.id, action: 'report.read', patientId: user.id, outcome: 'success' });
    expect(event.createdAt).toBeInstanceOf(Date);
    expect(event.resourceId).toBeNull();
    await expectViolation(insertOne('audit_events', { actorKind: 'robot', action: 'auth.login', outcome: 'success' }), CHECK_VIOLATION, 'audit_events_actor_kind_check');
    await expectViolation(insertOne('audit_events', { actorKind: 'system', action: 'auth.login', outcome: 'maybe' }), CHECK_VIOLATION, 'audit_events_outcome_check');
  });

  it('counts sign-ins per pair, address or account only, and starts a counter with no wait', async () => {
    const counter = await insertOne('sign_in_counters', { scope: 'address', key: `203.0.113.${Math.floor(Math.random() * 250)}`, windowStart: new Date(), count: 1 });
    expect(counter.waitUntil).toBeInstanceOf(Date);
    await expectViolation(insertOne('sign_in_counters', { scope: 'ip', key: 'x', windowStart: new Date(), count: 1 }), CHECK_VIOLATION, 'sign_in_counters_scope_check');
  });

  it('starts a passkey counter at 0 and keeps credential ids unique', async () => {
    const user = await createUser();
    const credentialId = `cred_${suffix()}`;
    const credential = await insertOne('webauthn_credentials', { userId: user.id, credentialId, publicKey: 'pk' });
    expect(Number(credential.counter)).toBe(0);
    expect(credential.transports).toBeNull();
    expect(credential.lastUsedAt).toBeNull();
    await expectViolation(insertOne('webauthn_credentials', { userId: user.id, credentialId, publicKey: 'pk' }), UNIQUE_VIOLATION);
  });
});

describe('deleting a user', () => {
  it("removes the user's own rows and the consultations they booked", async () => {
    const [user, doctor] = await Promise.all([createUser(), createDoctor()]);
    const report = await insertOne('medical_reports', { userId: user.id, title: 'MRI', type: 'mri', reportDate: new Date() });
    const medication = await insertOne('medications', { userId: user.id, name: 'Drug', dosage: '1mg' });
    const consultation = await createConsultation(user.id, doctor.id);
    const message = await insertOne('chat_messages', { consultationId: consultation.id, senderRole: 'patient', senderId: user.id, text: 'Hi' });
    await knex('users').where({ id: user.id }).delete();
    expect(await knex('medical_reports').where({ id: report.id }).first()).toBeUndefined();
    expect(await knex('medications').where({ id: medication.id }).first()).toBeUndefined();
    expect(await knex('consultations').where({ id: consultation.id }).first()).toBeUndefined();
    expect(await knex('chat_messages').where({ id: message.id }).first()).toBeUndefined();
    expect(await knex('doctors').where({ id: doctor.id }).first()).toBeDefined();
  });
});
