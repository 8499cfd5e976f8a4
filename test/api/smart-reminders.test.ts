import { Doctor, Medication, MedicationReminder, Notification, User } from '../../db/models';
import { REMINDER_RULES } from '../../server/services/reminders/kinds';
import { startTestServer, type TestServer } from '../support/app';
import { unique } from '../support/factories';
import { book, doctorParty, minutesFromNow, patientParty } from './consultations-fixtures';
import { pollFor } from '../support/poll';

/** Premium's smart reminders (issue 39): refill reminders from a counted supply, and a follow-up for a dose left unmarked. */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ RUN_JOBS: 'true' }, { jobPollingSeconds: 0.5 });
}, 60_000);
afterAll(() => server.close());

const premiumPatient = () => patientParty(server.url, { stripeSubscriptionId: unique('sub_test_') });

const DAY_MS = 86_400_000;
const smart = { pillsLeft: 10, pillsPerDose: 2, refillReminderDays: 3, followUpMinutes: 30 };

describe('smart reminders on the free plan and on Premium', () => {
  it('tells each plan what it gives: the account carries the abilities the app shows by', async () => {
    const free = await patientParty(server.url);
    const premium = await premiumPatient();
    expect((await free.client.get('/api/auth/me')).body.abilities).toEqual({ smartReminders: false, prioritySupport: false });
    expect((await premium.client.get('/api/auth/me')).body.abilities).toEqual({ smartReminders: true, prioritySupport: true });
  });

  it('refuses a refill or follow-up reminder to the free plan (402, saying what Premium gives), and keeps its plain reminders', async () => {
    const free = await patientParty(server.url);
    const refused = await free.client.post('/api/medications', { name: 'Metformin', dosage: '500mg', frequency: 'once_daily', reminderTimes: ['08:00'], pillsLeft: 30 });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toMatch(/^Smart reminders are part of Premium\. Upgrade to Premium/);
    expect(await Medication.query().where({ userId: free.account.record.id })).toHaveLength(0);

    const plain = await free.client.post('/api/medications', { name: 'Metformin', dosage: '500mg', frequency: 'once_daily', reminderTimes: ['08:00'], followUpMinutes: null });
    expect(plain.status).toBe(201);
    expect(plain.body).toEqual(expect.objectContaining({ supply: null, followUpMinutes: null }));
    expect((await free.client.patch(`/api/medications/${plain.body.id}`, { followUpMinutes: 15 })).status).toBe(402);
  });

  it("projects a Premium patient's supply from the schedule: pills left now, and the first dose they no longer cover", async () => {
    const premium = await premiumPatient();
    // Twice a day, 6 and 18 hours from now in the patient's zone (UTC): the same doses whatever the time the test runs.
    const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString().slice(11, 16);
    const [sooner, later] = [hoursFromNow(6), hoursFromNow(18)];
    const created = await premium.client.post('/api/medications', { name: 'Lisinopril', dosage: '10mg', frequency: 'twice_daily', reminderTimes: [sooner, later], ...smart });
    expect(created.status).toBe(201);
    const { supply, followUpMinutes } = created.body;
    expect(followUpMinutes).toBe(30);
    expect(supply).toEqual({ pillsLeft: 10, pillsPerDose: 2, refillReminderDays: 3, runsOutAt: expect.any(String) });
    // 10 pills at 2 a dose cover 5 doses (sooner, later, sooner, later, sooner): the 6th, at the later time two days on, is 2.5 to 3 days away.
    const runsOutIn = Date.parse(supply.runsOutAt) - Date.now();
    expect(runsOutIn).toBeGreaterThan(2.5 * DAY_MS - 60_000);
    expect(runsOutIn).toBeLessThanOrEqual(3 * DAY_MS);
    expect(new Date(supply.runsOutAt).toISOString().slice(11, 16)).toBe(later);

    const listed = await premium.client.get('/api/medications');
    expect(listed.body.medications[0].supply).toEqual(supply);
  });

  it('asks for the pills left before a refill reminder, saying so on the field', async () => {
    const premium = await premiumPatient();
    const res = await premium.client.post('/api/medications', { name: 'Lisinopril', dosage: '10mg', frequency: 'once_daily', reminderTimes: ['08:00'], refillReminderDays: 5 });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ pillsLeft: 'Enter the pills left to get a refill reminder' });
    const tooMany = await premium.client.post('/api/medications', { name: 'Lisinopril', dosage: '10mg', frequency: 'once_daily', pillsLeft: 5000, followUpMinutes: 1 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields).toEqual({ pillsLeft: 'Pills left must be at most 1000', followUpMinutes: 'Minutes before reminding again must be at least 5' });
  });

  it('reminds a Premium patient to refill (bell) once, when the pills counted are already within the chosen days; a patient who left Premium is not', async () => {
    const premium = await premiumPatient();
    const lapsed = await premiumPatient();
    const body = { name: 'Atorvastatin', dosage: '20mg', frequency: 'once_daily', reminderTimes: ['08:00'], pillsLeft: 2, refillReminderDays: 7 };
    const mine = await premium.client.post('/api/medications', body);
    const theirs = await lapsed.client.post('/api/medications', body);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    await User.query().patch({ stripeSubscriptionId: null }).where({ id: lapsed.account.record.id });

    const refills = (userId: string) => Notification.query().where({ userId, type: 'refill_reminder' });
    const [reminder] = await pollFor('the refill reminder', async () => {
      const rows = await refills(premium.account.record.id);
      return rows.length ? rows : undefined;
    }, 90_000);
    expect(reminder?.title).toBe('Refill reminder');
    expect(reminder?.message).toMatch(/^Atorvastatin \(20mg\) runs out on \w{3}, \w{3} \d{1,2}\. Time to refill your prescription\.$/);
    const bell = await premium.client.get('/api/notifications');
    expect(bell.body.map((n: { type: string }) => n.type)).toEqual(['refill_reminder']);
    // Each medication's refill reminder is a job that asks the database when it runs and writes before it completes
    // (queuing any next one first): once every refill job of both has completed, all they would write is written.
    const refillJobs = async (medicationId: string) =>
      (await server.app.deps.knex.raw<{ rows: { state: string }[] }>('SELECT state FROM pgboss.job WHERE singleton_key LIKE ?', [`refill:${medicationId}:%`])).rows;
    const completed = async (medicationId: string) => {
      const jobs = await refillJobs(medicationId);
      return jobs.length > 0 && jobs.every((job) => job.state === 'completed');
    };
    await pollFor('every refill job of both completed', async () => (await completed(mine.body.id)) && (await completed(theirs.body.id)));
    expect(await refills(premium.account.record.id)).toHaveLength(1);
    expect(await refills(lapsed.account.record.id)).toEqual([]);
  }, 120_000);

  it('follows up a dose left unmarked the chosen minutes after its time (Premium only), and not one marked taken', async () => {
    const premium = await premiumPatient();
    const free = await patientParty(server.url);
    const doseAt = new Date(Math.floor((Date.now() - 40 * 60_000) / 60_000) * 60_000);
    const time = doseAt.toISOString().slice(11, 16);
    const medicationOf = (userId: string) =>
      Medication.query().insertAndFetch({ userId, name: 'Warfarin', dosage: '5mg', frequency: 'once_daily', reminderTimes: [time], startDate: new Date(Date.now() - 3 * DAY_MS), followUpMinutes: 30 });
    const [mine, theirs] = await Promise.all([medicationOf(premium.account.record.id), medicationOf(free.account.record.id)]);
    const dose = await MedicationReminder.query().insert({ medicationId: mine.id, userId: premium.account.record.id, scheduledTime: doseAt });
    await MedicationReminder.query().insert({ medicationId: theirs.id, userId: free.account.record.id, scheduledTime: doseAt });
    const followUpAt = new Date(doseAt.getTime() + 30 * 60_000);
    const rule = REMINDER_RULES.dose_follow_up;

    expect(await rule.upcoming(mine.id, new Date(doseAt.getTime() + 60_000))).toEqual([followUpAt]);
    const delivery = await rule.delivery(mine.id, followUpAt);
    expect(delivery).toEqual(
      expect.objectContaining({ type: 'dose_follow_up', title: 'Dose not marked taken', url: '/medications', dose: { medicationId: mine.id, scheduledTime: doseAt } }),
    );
    expect(delivery!.message).toMatch(/^Did you take Warfarin \(5mg\), due .+\? Mark it taken or skipped\.$/);
    expect(await rule.delivery(theirs.id, followUpAt)).toBeNull();
    expect(await rule.upcoming(theirs.id, new Date(doseAt.getTime() + 60_000))).toEqual([]);

    expect((await premium.client.patch(`/api/medication-reminders/${dose.id}`, { status: 'taken' })).status).toBe(200);
    expect(await rule.delivery(mine.id, followUpAt)).toBeNull();
  });

  it("a consultation's reminder tells the patient once the clinic has withdrawn its doctor, instead of expecting them", async () => {
    const [patient, doctor] = await Promise.all([patientParty(server.url), doctorParty(server.url)]);
    const booked = await book(patient.client, doctor.account.record.id, minutesFromNow(3 * 24 * 60));
    const dayBefore = new Date(Date.parse(booked.appointmentDate) - DAY_MS);
    const rule = REMINDER_RULES.consultation;
    expect((await rule.delivery(booked.id, dayBefore))!.message).toMatch(/^Your consultation with Dr\. .+ is at .+\.$/);

    await Doctor.query().findById(doctor.account.record.id).patch({ isActive: false });
    expect((await rule.delivery(booked.id, dayBefore))!.message).toMatch(/^Dr\. .+ can no longer take your consultation at .+\. Cancel it under Telemedicine and book another doctor\.$/);
  });
});
