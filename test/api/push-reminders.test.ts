import { RealtimeEvents } from '../../server/services/realtime';
import { ReminderService } from '../../server/services/reminders/service';
import { MedicationReminder, Notification, PushSubscription } from '../../db/models';
import { startTestServer, type TestServer } from '../support/app';
import { PushReceiver } from '../support/push-receiver';
import { book, doctorParty, minutesFromNow, patientParty } from './consultations-fixtures';
import { log } from '../../server/log';
import { pollFor } from '../support/poll';

let server: TestServer;
const receiver = new PushReceiver();

beforeAll(async () => {
  await receiver.start();
  server = await startTestServer({ RUN_JOBS: 'true', PUSH_SERVICE_HOSTS: receiver.host }, { jobPollingSeconds: 0.5 });
}, 60_000);
afterAll(async () => {
  await server.close();
  await receiver.close();
});

/** Another server process's reminder queue on the same database. */
function anotherProcess(): ReminderService {
  const { connectionString } = server.app.deps.knex.client.config.connection as { connectionString: string };
  return new ReminderService({ knex: server.app.deps.knex, connectionString, vapid: server.config.vapid, pushServiceHosts: server.config.pushServiceHosts, realtime: new RealtimeEvents(), log, pollingIntervalSeconds: 0.5, runJobs: true });
}

describe('push subscriptions', () => {
  it('hands out one VAPID public key (a P-256 point) and keeps one subscription per endpoint', async () => {
    const { client, account } = await patientParty(server.url);
    const key = await client.get('/api/push/public-key');
    expect(key.status).toBe(200);
    expect(Buffer.from(key.body.publicKey, 'base64url')).toHaveLength(65);

    const subscription = receiver.subscription();
    expect((await client.post('/api/push/subscribe', subscription)).status).toBe(204);
    expect((await client.post('/api/push/subscribe', subscription)).status).toBe(204);
    expect(await PushSubscription.query().where({ endpoint: subscription.endpoint })).toEqual([expect.objectContaining({ userId: account.record.id })]);
  });

  it('refuses a subscription that is not one, saying what is wrong', async () => {
    const { client } = await patientParty(server.url);
    const res = await client.post('/api/push/subscribe', { endpoint: 'not a url', keys: { p256dh: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual(expect.objectContaining({ endpoint: 'Endpoint must be a URL', 'keys.auth': 'auth key is required' }));
  });

  it('pushes "consultation started" encrypted per RFC 8291, with no health details, and writes it to the bell once', async () => {
    const patient = await patientParty(server.url);
    const doctor = await doctorParty(server.url, { name: 'Gregory Unique' });
    const subscription = receiver.subscription();
    await patient.client.post('/api/push/subscribe', subscription);
    const consultation = await book(patient.client, doctor.account.record.id, minutesFromNow(60));

    expect((await doctor.client.put(`/api/doctor/consultation/${consultation.id}/status`, { status: 'in_progress' })).status).toBe(200);

    await pollFor('the push', () => receiver.receivedAt(subscription.endpoint).length > 0);
    const [push] = receiver.receivedAt(subscription.endpoint);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(String(push!.headers.authorization)).toMatch(/^vapid t=.+, k=.+/);
    const payload = JSON.parse(push!.plaintext);
    const [notification] = await Notification.query().where({ userId: patient.account.record.id, type: 'consultation_started' });
    expect(payload).toEqual({ type: 'consultation_started', notificationId: notification!.id, url: `/video-call/${consultation.id}` });
    expect(push!.plaintext).not.toMatch(/Gregory|cough|Unique/i);
    expect(notification!.message).toContain('Gregory Unique');
    expect((await patient.client.get('/api/notifications')).body.map((n: { type: string }) => n.type)).toEqual(['consultation_started']);
  });

  it("tells a Premium patient, once per doctor and hour, that a doctor opened their records, and a free patient's bell nothing (enhanced security)", async () => {
    const doctor = await doctorParty(server.url, { name: 'Olive Opener' });
    const premium = await patientParty(server.url, { stripeSubscriptionId: `sub_test_${Math.random().toString(36).slice(2)}` });
    const free = await patientParty(server.url);
    const subscription = receiver.subscription();
    await premium.client.post('/api/push/subscribe', subscription);
    // The free patient's records are opened first: an alert they must not get would be on its way, by the same
    // path, before the Premium patient's, whose push (after its notification is written) is awaited below.
    for (const [index, patient] of [free, premium].entries()) {
      await book(patient.client, doctor.account.record.id, minutesFromNow(60 * (index + 1)));
      for (let opened = 0; opened < 2; opened++) expect((await doctor.client.get(`/api/doctor/patient/${patient.account.record.id}/records`)).status).toBe(200);
    }

    await pollFor('the push', () => receiver.receivedAt(subscription.endpoint).length > 0);
    const alerts = await Notification.query().where({ userId: premium.account.record.id, type: 'records_opened' });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.message).toMatch(/^Dr\. Olive Opener opened your medical records\./);
    expect(JSON.parse(receiver.receivedAt(subscription.endpoint)[0]!.plaintext)).toEqual({ type: 'records_opened', notificationId: alerts[0]!.id, url: '/access-history' });
    expect(await Notification.query().where({ userId: free.account.record.id, type: 'records_opened' })).toEqual([]);
  });

  it('removes a subscription the push service says is gone (410)', async () => {
    const patient = await patientParty(server.url);
    const doctor = await doctorParty(server.url);
    const subscription = receiver.subscription();
    await patient.client.post('/api/push/subscribe', subscription);
    const consultation = await book(patient.client, doctor.account.record.id, minutesFromNow(60));
    receiver.status = 410;
    try {
      await doctor.client.put(`/api/doctor/consultation/${consultation.id}/status`, { status: 'in_progress' });
      await pollFor('the gone subscription deleted', async () => (await PushSubscription.query().where({ endpoint: subscription.endpoint })).length === 0);
    } finally {
      receiver.status = 201;
    }
  });

  it('forgets the subscription of the session that signs out, and only that one', async () => {
    const first = await patientParty(server.url);
    const other = await patientParty(server.url);
    const mine = receiver.subscription();
    const theirs = receiver.subscription();
    await first.client.post('/api/push/subscribe', mine);
    await other.client.post('/api/push/subscribe', theirs);
    expect((await first.client.post('/api/auth/logout', {})).status).toBe(200);
    expect(await PushSubscription.query().where({ endpoint: mine.endpoint })).toHaveLength(0);
    expect(await PushSubscription.query().where({ endpoint: theirs.endpoint })).toHaveLength(1);
  });
});

describe('reminders on the job queue', () => {
  it('fires an appointment reminder once at its time, after a restart, with two processes on the queue', async () => {
    const patient = await patientParty(server.url);
    const subscription = receiver.subscription();
    await patient.client.post('/api/push/subscribe', subscription);
    // The 15-minute reminder of an appointment 15 min 12 s away is due in 12 seconds.
    const startsAt = new Date(Date.now() + 15 * 60_000 + 12_000).toISOString();
    const booked = await patient.client.post('/api/appointments', { doctorName: 'Dr. Who', specialty: 'Cardiology', facility: 'Clinic', appointmentDate: startsAt, cost: 0 });
    expect((await patient.client.patch(`/api/appointments/${booked.body.id}/reminder`, { reminderEnabled: true })).status).toBe(200);

    // The server stops before the reminder is due; two processes start afterwards.
    await server.app.deps.reminders.stop();
    const rows = () => Notification.query().where({ userId: patient.account.record.id, type: 'appointment_reminder' });
    // Nothing fired before the restart (checked now: on a busy machine the processes may take longer to start than the 12 s).
    expect(await rows()).toHaveLength(0);
    const processes = [anotherProcess(), anotherProcess()];
    try {
      await Promise.all(processes.map((p) => p.start()));
      await pollFor('one notification', async () => (await rows()).length === 1, 40_000);
      await pollFor('the push', () => receiver.receivedAt(subscription.endpoint).length > 0);
      // Every job of this reminder has completed: its due jobs (each writes before it completes, and queues any
      // next reminder first) and the pushes they queued (each sent before it completes). Nothing is left to fire.
      const jobs = async () =>
        (
          await server.app.deps.knex.raw<{ rows: { name: string; state: string }[] }>(
            `SELECT name, state FROM pgboss.job WHERE singleton_key LIKE ? OR (name = 'reminder-push' AND data->>'userId' = ?)`,
            [`appointment:${booked.body.id}:%`, patient.account.record.id],
          )
        ).rows;
      await pollFor('every job of the reminder completed', async () => {
        const all = await jobs();
        return all.some((job) => job.name === 'reminder-push') && all.every((job) => job.state === 'completed');
      });
      expect(await rows()).toHaveLength(1);
      expect(receiver.receivedAt(subscription.endpoint)).toHaveLength(1);
      const [row] = await rows();
      expect(new Date(row!.scheduledFor!).getTime()).toBe(Date.parse(startsAt) - 15 * 60_000);
    } finally {
      await Promise.all(processes.map((p) => p.stop()));
      await server.app.deps.reminders.start();
    }
  }, 90_000);

  it('delivers nothing for a reminder scheduled before the appointment moved', async () => {
    const patient = await patientParty(server.url);
    const soon = new Date(Date.now() + 15 * 60_000 + 6_000).toISOString();
    const booked = await patient.client.post('/api/appointments', { doctorName: 'Dr. Who', specialty: 'Cardiology', facility: 'Clinic', appointmentDate: soon, cost: 0 });
    await patient.client.patch(`/api/appointments/${booked.body.id}/reminder`, { reminderEnabled: true });
    const moved = await patient.client.patch(`/api/appointments/${booked.body.id}`, { appointmentDate: new Date(Date.now() + 3 * 86_400_000).toISOString() });
    expect(moved.status).toBe(200);
    // The old reminder's job runs at its time and finds the appointment elsewhere.
    const oldKey = `appointment:${booked.body.id}:${new Date(Date.parse(soon) - 15 * 60_000).toISOString()}`;
    const oldJobState = async () => (await server.app.deps.knex.raw('SELECT state FROM pgboss.job WHERE singleton_key = ?', [oldKey])).rows[0]?.state;
    await pollFor("the old job completed", async () => (await oldJobState()) === 'completed');
    expect(await Notification.query().where({ userId: patient.account.record.id })).toEqual([]);
  }, 30_000);

  it('reminds of a dose at the next reminder time in the patient\'s zone; the dose is marked taken; the treating doctor reads the log', async () => {
    const patient = await patientParty(server.url, { timeZone: 'Asia/Kolkata' });
    const doctor = await doctorParty(server.url);
    const otherDoctor = await doctorParty(server.url);
    const subscription = receiver.subscription();
    await patient.client.post('/api/push/subscribe', subscription);
    // The next whole minute at least 15 s away, as a wall-clock time in Kolkata.
    const due = new Date(Math.ceil((Date.now() + 15_000) / 60_000) * 60_000);
    const kolkataTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(due);
    const created = await patient.client.post('/api/medications', { name: 'Metformin', dosage: '500mg', frequency: 'once_daily', reminderTimes: [kolkataTime] });
    expect(created.status).toBe(201);

    const dose = await pollFor('the dose reminder', () => MedicationReminder.query().where({ medicationId: created.body.id }).first(), 90_000);
    expect(new Date(dose!.scheduledTime).getTime()).toBe(due.getTime());
    await pollFor('the push', () => receiver.receivedAt(subscription.endpoint).length > 0);
    const payload = JSON.parse(receiver.receivedAt(subscription.endpoint)[0]!.plaintext);
    expect(payload).toEqual({ type: 'medication_reminder', notificationId: expect.any(String), doseId: dose!.id, url: '/medications' });
    expect(JSON.stringify(payload)).not.toMatch(/Metformin|500mg/);

    const marked = await patient.client.patch(`/api/medication-reminders/${dose!.id}`, { status: 'taken' });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual(expect.objectContaining({ status: 'taken', medicationName: 'Metformin', isSkipped: false }));
    const mine = await patient.client.get('/api/medication-reminders?days=7');
    expect(mine.body.map((d: { id: string; status: string }) => [d.id, d.status])).toEqual([[dose!.id, 'taken']]);

    const consultation = await book(patient.client, doctor.account.record.id, minutesFromNow(120));
    const log = await doctor.client.get(`/api/doctor/consultation/${consultation.id}/medication-log`);
    expect(log.status).toBe(200);
    expect(log.body).toEqual([expect.objectContaining({ id: dose!.id, status: 'taken', medicationName: 'Metformin' })]);
    expect((await otherDoctor.client.get(`/api/doctor/consultation/${consultation.id}/medication-log`)).status).toBe(404);
    expect((await patient.client.post(`/api/consultations/${consultation.id}/cancel`, {})).status).toBe(200);
    expect((await doctor.client.get(`/api/doctor/consultation/${consultation.id}/medication-log`)).status).toBe(404);
  }, 120_000);
});
