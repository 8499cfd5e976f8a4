import type { Router } from '@koa/router';
import { defineRoute } from './define';
import { breakGlassEntryResponse, doctorAccountResponse, doctorPasswordResetResponse, listOf } from '../presenters/response-schemas';
import { adminOnly } from '../policies/route-policy';
import { ROSTER_ORDER, findRosterDoctor, rosterDoctors } from '../policies/doctor';
import { readAuditedPage } from '../services/audited-page';
import { activationSchema, adminDoctorCreateSchema, adminDoctorUpdateSchema, rosterQuerySchema, verificationSchema } from '../../common/schemas/doctor';
import { BreakGlassGrant, Doctor } from '../../db/models';
import { hashPassword } from '../services/passwords';
import { presentDoctorAccount } from '../presenters/doctor';
import { auditedWrite, recordAudit } from '../services/audit';
import { issueResetToken, resetLink, resetMail } from '../services/password-reset';
import type { AppContext } from '../context';
import { UniqueViolationError } from 'objection';
import { Conflict } from '../errors';
import { patchIfCurrent } from '../services/versioned-write';
import { userUsesEmail } from '../services/account-emails';
import { endEverySession } from '../services/account-sessions';
import { doctorActor } from '../middleware/actor';
import { doctorInGoodStanding } from '../services/doctor-standing';
import { presentBreakGlassEntry } from '../presenters/break-glass';
import { emptyBodySchema } from '../../common/schemas/misc';
import { log } from '../log';

const EMAIL_TAKEN = 'A doctor with this email already exists';
const PATIENT_EMAIL = 'This email belongs to a patient account: use another address for the doctor';

/** One address names one person: a patient's (or admin's) address cannot become a doctor's. */
async function assertNotPatientEmail(email: string | undefined): Promise<void> {
  if (email && (await userUsesEmail(email))) throw new Conflict(PATIENT_EMAIL, { email: PATIENT_EMAIL });
}

/** The unique index on lower(email) is the source of truth, so two concurrent saves cannot both win. */
async function withUniqueEmail<T>(save: () => PromiseLike<T>): Promise<T> {
  try {
    return await save();
  } catch (err) {
    if (err instanceof UniqueViolationError) throw new Conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw err;
  }
}

const rosterEntry = (action: string) => (doctor: Doctor) => ({ action, outcome: 'success' as const, resourceType: 'doctor', resourceId: doctor.id });

/**
 * A doctor the admin just unverified or deactivated stops acting at once: every session of theirs is deleted
 * and its sockets closed on every process (the realtime 'session:ended' event), and sign-in is refused. The
 * patients in their open consultations' calls are told they will not come ('doctor:withdrawn'), and told
 * again when the doctor is back in good standing ('doctor:reinstated').
 */
async function announceStanding(ctx: AppContext, wasInGoodStanding: boolean, after: Doctor): Promise<void> {
  const actor = doctorActor(after);
  if (doctorInGoodStanding(after)) {
    if (!wasInGoodStanding) ctx.deps.realtime.emit('doctor:reinstated', { doctor: actor });
    return;
  }
  const ended = await endEverySession(ctx, actor);
  ctx.deps.realtime.emit('doctor:withdrawn', { doctor: actor });
  log.info({ doctorId: after.id, endedSessions: ended }, 'doctor access revoked');
}

/** The verification and activation switches: written and audited, then their consequences announced. */
async function switchStanding(ctx: AppContext, doctorId: string, change: Pick<Partial<Doctor>, 'isVerified' | 'isActive'>, action: string) {
  const doctor = await findRosterDoctor(doctorId);
  const wasInGoodStanding = doctorInGoodStanding(doctor);
  const updated = await auditedWrite(ctx, (trx) => doctor.$query(trx).patchAndFetch(change), rosterEntry(action));
  await announceStanding(ctx, wasInGoodStanding, updated);
  return presentDoctorAccount(updated);
}

/** The admin roster: add, edit, verify and deactivate doctors. Admins never reach patient data through these. */
export function registerAdminDoctorsRoutes(router: Router): void {
  defineRoute(router, {
    method: 'get',
    path: '/admin/doctors',
    summary: 'The doctor roster, newest first; `q` finds text in name, email, specialty or licence number; `limit` and `offset` page it (X-Total-Count: how many match)',
    policy: adminOnly,
    query: rosterQuerySchema,
    response: listOf(doctorAccountResponse),
    handler: async (ctx, { query }) => {
      const doctors = await readAuditedPage(ctx, rosterDoctors(query.q).orderBy([...ROSTER_ORDER]), query, { action: 'admin.list_doctors', outcome: 'success', resourceType: 'doctor' });
      return doctors.map(presentDoctorAccount);
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/admin/doctors',
    summary: 'Add a doctor to the roster',
    policy: adminOnly,
    body: adminDoctorCreateSchema,
    status: 201,
    response: doctorAccountResponse,
    handler: async (ctx, { body }) => {
      const { password, ...fields } = body;
      await assertNotPatientEmail(fields.email);
      const passwordHash = await hashPassword(password);
      const doctor = await withUniqueEmail(() =>
        auditedWrite(
          ctx,
          (trx) =>
            Doctor.query(trx).insertAndFetch({
              ...fields,
              email: fields.email.toLowerCase(),
              bio: fields.bio ?? null,
              education: fields.education ?? '',
              availability: (fields.availability ?? {}) as Doctor['availability'],
              passwordHash,
            }),
          rosterEntry('admin.create_doctor'),
        ),
      );
      return presentDoctorAccount(doctor);
    },
  });

  defineRoute(router, {
    method: 'patch',
    path: '/admin/doctors/:id',
    summary: "Change a doctor's profile",
    policy: adminOnly,
    body: adminDoctorUpdateSchema,
    response: doctorAccountResponse,
    handler: async (ctx, { params, body }) => {
      const doctor = await findRosterDoctor(params.id!);
      const wasInGoodStanding = doctorInGoodStanding(doctor);
      const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Partial<Doctor>;
      if (changes.email) changes.email = changes.email.toLowerCase();
      await assertNotPatientEmail(changes.email);
      const updated = await withUniqueEmail(() =>
        auditedWrite(ctx, (trx) => patchIfCurrent(ctx, doctor, changes, presentDoctorAccount, trx), rosterEntry('admin.update_doctor')),
      );
      // The profile carries isVerified too: unverifying a doctor here has the verification switch's consequences.
      if (doctorInGoodStanding(updated) !== wasInGoodStanding) await announceStanding(ctx, wasInGoodStanding, updated);
      return presentDoctorAccount(updated);
    },
  });

  defineRoute(router, {
    method: 'patch',
    path: '/admin/doctors/:id/verification',
    summary: 'Verify or unverify a doctor',
    policy: adminOnly,
    body: verificationSchema,
    response: doctorAccountResponse,
    handler: (ctx, { params, body: { isVerified } }) =>
      switchStanding(ctx, params.id!, { isVerified }, isVerified ? 'admin.verify_doctor' : 'admin.unverify_doctor'),
  });

  defineRoute(router, {
    method: 'patch',
    path: '/admin/doctors/:id/activation',
    summary: 'Deactivate a doctor (their sessions and sockets end at once, sign-in is refused) or reactivate them',
    policy: adminOnly,
    body: activationSchema,
    response: doctorAccountResponse,
    handler: (ctx, { params, body: { isActive } }) =>
      switchStanding(ctx, params.id!, { isActive }, isActive ? 'admin.activate_doctor' : 'admin.deactivate_doctor'),
  });

  defineRoute(router, {
    method: 'post',
    path: '/admin/doctors/:id/password-reset',
    summary:
      "Reset a doctor's password: a single-use, 30-minute link, emailed to the doctor where mail is set up (SMTP_URL), " +
      'else answered for the admin to hand over (shown this once). Using it ends all of the doctor\'s sessions',
    policy: adminOnly,
    body: emptyBodySchema,
    status: 201,
    response: doctorPasswordResetResponse,
    answerHoldsSecrets: true,
    handler: async (ctx, { params }) => {
      const doctor = await findRosterDoctor(params.id!);
      const link = resetLink(ctx, await issueResetToken(ctx.deps.knex, 'doctor', doctor.id));
      const emailed = Boolean(ctx.deps.config.mail);
      if (emailed) await ctx.deps.mailer.send(resetMail(doctor.email, link, 'Your clinic\'s administrator asked'));
      await recordAudit(ctx, { action: 'admin.reset_doctor_password', outcome: 'success', resourceType: 'doctor', resourceId: doctor.id });
      return { emailed, resetLink: emailed ? null : link };
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/admin/break-glass',
    summary: "Doctors' break-glass accesses to patients' records, newest first (the last 200), with their reasons",
    policy: adminOnly,
    response: listOf(breakGlassEntryResponse),
    handler: async (ctx) => {
      const grants = await BreakGlassGrant.query()
        .join('doctors', 'doctors.id', 'break_glass_grants.doctorId')
        .join('users', 'users.id', 'break_glass_grants.patientId')
        .select('break_glass_grants.*', 'doctors.name as doctorName', 'users.firstName as patientFirstName', 'users.lastName as patientLastName')
        .orderBy('break_glass_grants.createdAt', 'desc')
        .limit(200);
      await recordAudit(ctx, { action: 'admin.list_break_glass', outcome: 'success', resourceType: 'break_glass' });
      return grants.map(presentBreakGlassEntry);
    },
  });
}
