import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { PgBoss, fromKnex } from 'pg-boss';
import { Appointment, Consultation, Medication } from '../../../db/models';
import { REMINDER_LATE_LIMIT_MS, type PushPayload } from '../../../common/reminders';
import type { RealtimeEvents } from '../realtime';
import { pushToPatient } from '../push/send';
import { supportAnsweredDelivery } from '../support/answered-notice';
import { resolveVapidKeys, type VapidKeys } from '../push/vapid';
import { MEDICATION_REMINDER_KINDS, REMINDER_RULES, consultationStartedDelivery, recordsOpenedDelivery, type Delivery, type ReminderKind } from './kinds';

/** A reminder's job: the thing and the instant. Its singleton key is the same three, so it is queued once. */
interface DueJob {
  kind: ReminderKind;
  subjectId: string;
  dueAt: string;
}

interface PushJob {
  notificationId: string;
  userId: string;
  payload: PushPayload;
}

const DUE_QUEUE = 'reminder-due';
const PUSH_QUEUE = 'reminder-push';

interface ReminderOptions {
  knex: Knex;
  connectionString: string;
  vapid: { publicKey?: string; privateKey?: string; subject: string };
  /** PUSH_SERVICE_HOSTS: subscriptions at any other host (stored before it was checked) are deleted, never sent to. */
  pushServiceHosts: readonly string[];
  realtime: RealtimeEvents;
  log: Logger;
  /** How often an idle worker looks for due jobs besides being woken by LISTEN/NOTIFY (tests shorten it). */
  pollingIntervalSeconds?: number;
  /** False for a process that queues reminders but leaves running them to the others (RUN_JOBS). */
  runJobs: boolean;
}

/**
 * Reminders on pg-boss, in the app's own database (schema `pgboss`). Each reminder is a job deferred to
 * its due time on a 'short' queue keyed by (kind, subject, time), so scheduling it again (an edit, the
 * start-up sweep, a second process) queues nothing more. When due, the job asks the database whether it
 * is still due, writes the notification (unique per user, type, subject and time) and, in the same
 * transaction, queues its push; then it queues the next reminder of that subject. A crash before the
 * commit leaves the job to be retried; a notification can never be written twice.
 */
export class ReminderService {
  private readonly boss: PgBoss;
  private vapidKeys?: VapidKeys;
  private started = false;

  constructor(private readonly options: ReminderOptions) {
    this.boss = new PgBoss({ connectionString: options.connectionString, schema: 'pgboss', application_name: 'medivault-reminders', max: 4 });
    this.boss.on('error', (err) => options.log.warn({ error: err.message }, 'reminder queue error'));
    options.realtime.on('consultation:status', ({ consultationId, status }) => {
      if (status === 'scheduled') void this.schedule('consultation', consultationId);
      if (status === 'in_progress') void this.deliverNow(() => consultationStartedDelivery(consultationId));
    });
  }

  get vapid(): VapidKeys {
    if (!this.vapidKeys) throw new Error('reminders not started');
    return this.vapidKeys;
  }

  async start(): Promise<void> {
    this.vapidKeys = await resolveVapidKeys(this.options.knex, this.options.vapid);
    await this.boss.start();
    await this.boss.createQueue(DUE_QUEUE, { policy: 'short', retryLimit: 5, retryDelay: 30 });
    await this.boss.createQueue(PUSH_QUEUE, { retryLimit: 3, retryDelay: 30 });
    this.started = true;
    // The process that runs the jobs repairs the schedule; every web process sweeping at start would only
    // queue the same jobs again (a no-op each, but one statement per medication, appointment and consultation).
    if (this.options.runJobs) {
      await this.runJobs();
      await this.sweep();
    }
  }

  private async runJobs(): Promise<void> {
    const polling = { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2 };
    await this.boss.work<DueJob>(DUE_QUEUE, polling, async (jobs) => {
      for (const job of jobs) await this.handleDue(job.data);
    });
    await this.boss.work<PushJob>(PUSH_QUEUE, polling, async (jobs) => {
      for (const job of jobs) await this.handlePush(job.data);
    });
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: 5000 });
  }

  /**
   * Queues the coming reminders of a medication, appointment or consultation that was just created or
   * changed. Never fails the caller's write: a failure is logged and the next start's sweep repairs it.
   */
  async schedule(kind: ReminderKind, subjectId: string): Promise<void> {
    try {
      for (const at of await REMINDER_RULES[kind].upcoming(subjectId, new Date())) await this.enqueue({ kind, subjectId, dueAt: at.toISOString() });
    } catch (err) {
      this.options.log.warn({ kind, subjectId, error: (err as Error).message }, 'reminder not scheduled');
    }
  }

  /** Queues every reminder a medication has (its doses, and Premium's refill and follow-up) after it was created or changed. */
  async scheduleMedication(medicationId: string): Promise<void> {
    for (const kind of MEDICATION_REMINDER_KINDS) await this.schedule(kind, medicationId);
  }

  /** Through the app's own pool: a write's request should not queue behind the job runner's few connections. */
  private async enqueue(job: DueJob): Promise<void> {
    await this.boss.send(DUE_QUEUE, job, { startAfter: new Date(job.dueAt), singletonKey: `${job.kind}:${job.subjectId}:${job.dueAt}`, db: fromKnex(this.options.knex) });
  }

  /** Everything that should have a reminder ahead, queued again at start: covers writes made while scheduling failed. */
  private async sweep(): Promise<void> {
    const now = new Date();
    // A medication's end date is a day taken in full (medicationEndsAt): one that began within the last day still has doses.
    const endedBefore = new Date(now.getTime() - 86_400_000);
    const [medications, appointments, consultations] = await Promise.all([
      Medication.query().where('isActive', true).whereNot('frequency', 'as_needed').where((q) => q.whereNull('endDate').orWhere('endDate', '>', endedBefore)).select('id'),
      Appointment.query().where('reminderSent', true).whereIn('status', ['scheduled', 'confirmed']).where('appointmentDate', '>', now).select('id'),
      Consultation.query().where('status', 'scheduled').where('appointmentDate', '>', now).select('id'),
    ]);
    for (const { id } of medications) await this.scheduleMedication(id);
    for (const { id } of appointments) await this.schedule('appointment', id);
    for (const { id } of consultations) await this.schedule('consultation', id);
  }

  private async handleDue(job: DueJob): Promise<void> {
    const dueAt = new Date(job.dueAt);
    const rule = REMINDER_RULES[job.kind];
    if (Date.now() - dueAt.getTime() < REMINDER_LATE_LIMIT_MS) {
      const delivery = await rule.delivery(job.subjectId, dueAt);
      if (delivery) await this.write(delivery);
    }
    const after = new Date(Math.max(Date.now(), dueAt.getTime()));
    for (const at of await rule.upcoming(job.subjectId, after)) await this.enqueue({ kind: job.kind, subjectId: job.subjectId, dueAt: at.toISOString() });
  }

  /** A doctor opened a patient's records: a Premium patient is told (never failing or delaying the doctor's request). */
  alertRecordsOpened(patientId: string, doctorId: string): void {
    void this.deliverNow(() => recordsOpenedDelivery(patientId, doctorId, new Date()));
  }

  /** The admin answered a patient's support request: the patient is told (bell and push). */
  tellSupportAnswered(requestId: string): void {
    void this.deliverNow(() => supportAnsweredDelivery(requestId));
  }

  private async deliverNow(find: () => Promise<Delivery | null>): Promise<void> {
    try {
      const delivery = await find();
      if (delivery) await this.write(delivery);
    } catch (err) {
      this.options.log.warn({ error: (err as Error).message }, 'notification not written');
    }
  }

  /** The notification (and for a medication its dose) and its push job, in one transaction, at most once. */
  private async write(delivery: Delivery): Promise<void> {
    await this.options.knex.transaction(async (trx) => {
      const doseId = delivery.dose ? await this.writeDose(trx, delivery.dose.medicationId, delivery.userId, delivery.dose.scheduledTime) : undefined;
      const { rows } = await trx.raw<{ rows: { id: string }[] }>(
        `INSERT INTO notifications (user_id, type, subject_id, scheduled_for, title, message) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (user_id, type, subject_id, scheduled_for) WHERE subject_id IS NOT NULL DO NOTHING RETURNING id`,
        [delivery.userId, delivery.type, delivery.subjectId, delivery.scheduledFor, delivery.title, delivery.message],
      );
      const notificationId = rows[0]?.id;
      if (!notificationId) return;
      const payload: PushPayload = { type: delivery.type, notificationId, url: delivery.url, ...(doseId ? { doseId } : {}) };
      await this.boss.send(PUSH_QUEUE, { notificationId, userId: delivery.userId, payload } satisfies PushJob, { db: fromKnex(trx) });
    });
  }

  private async writeDose(trx: Knex.Transaction, medicationId: string, userId: string, scheduledTime: Date): Promise<string> {
    await trx.raw('INSERT INTO medication_reminders (medication_id, user_id, scheduled_time) VALUES (?, ?, ?) ON CONFLICT (medication_id, scheduled_time) DO NOTHING', [
      medicationId,
      userId,
      scheduledTime,
    ]);
    const row = await trx('medication_reminders').where({ medication_id: medicationId, scheduled_time: scheduledTime }).first('id');
    return (row as { id: string }).id;
  }

  private async handlePush(job: PushJob): Promise<void> {
    const { knex, log } = this.options;
    const pending = await knex('notifications').where({ id: job.notificationId }).whereNull('pushed_at').first('id');
    if (!pending) return;
    await pushToPatient(job.userId, job.payload, { vapid: this.vapid, serviceHosts: this.options.pushServiceHosts }, log);
    await knex('notifications').where({ id: job.notificationId }).update({ pushed_at: knex.fn.now() });
  }
}
