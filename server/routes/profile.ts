import type { Router } from '@koa/router';
import { defineRoute } from './define';
import { userResponse } from '../presenters/response-schemas';
import { patientOnly, signedInUser } from '../policies/route-policy';
import { asPatient, type PatientActor } from '../policies/actor';
import { accountDeletionSchema, profileUpdateSchema } from '../../common/schemas/profile';
import { type Consultation, User } from '../../db/models';
import { presentUser } from '../presenters/user';
import { auditedWrite, recordAudit } from '../services/audit';
import { endOtherSessions } from '../services/account-sessions';
import type { AppContext } from '../context';
import { confirmPassword } from '../services/password-confirmation';
import { cancelDeletion, scheduleDeletion } from '../services/account-deletion';
import { endSession } from '../services/sign-in';
import { consultationsOf } from '../policies/consultation';
import { cancelAsPatient } from '../services/consultations/patient-cancellation';
import { assertDepartureRefundAsShown } from '../services/payments/refund-rule';
import { doctorInGoodStanding } from '../services/doctor-standing';
import { Conflict, Unauthenticated, ValidationFailed } from '../errors';

const WRONG_PASSWORD = 'That password is not right.';

/** The patient's scheduled consultations (with their doctors): the ones leaving cancels. */
async function scheduledConsultations(patient: PatientActor): Promise<Consultation[]> {
  return consultationsOf(patient).where('status', 'scheduled').withGraphFetched('doctor');
}

/**
 * Refuses (409) the deletion when its refunds are no longer the `shown` total the dialog said, when sent; by
 * the same rule and doctor standing the cancellations then apply.
 */
function assertDepartureAsShown(scheduled: Consultation[], shown: number | undefined): void {
  assertDepartureRefundAsShown(
    scheduled.map((consultation) => ({ consultation, doctorWithdrawn: !doctorInGoodStanding(consultation.doctor!) })),
    shown,
  );
}

/**
 * A patient who asked to delete their account is leaving: their doctors stop keeping time for them, each
 * scheduled consultation cancelled as if they cancelled it (refunded by the same rule). One the doctor started
 * meanwhile can no longer be cancelled and is left to the doctor.
 */
async function cancelScheduledConsultations(ctx: AppContext, scheduled: Consultation[]): Promise<void> {
  for (const consultation of scheduled) {
    await cancelAsPatient(ctx, consultation).catch((error: unknown) => {
      if (!(error instanceof Conflict)) throw error;
    });
  }
}

/** The signed-in patient's or admin's own account (the route's policy admits no one else). */
function ownAccount(ctx: AppContext): { userId: string; patientId: string | undefined } {
  const actor = ctx.state.actor;
  if (actor.kind !== 'patient' && actor.kind !== 'admin') throw new Unauthenticated();
  return { userId: actor.userId, patientId: actor.kind === 'patient' ? actor.userId : undefined };
}

/** Nothing to change: the account as it is, its read audited like GET /api/auth/me. */
async function readOwnProfile(ctx: AppContext, userId: string, patientId: string | undefined): Promise<User | undefined> {
  const user = await User.query().findById(userId);
  await recordAudit(ctx, { action: 'profile.read', outcome: 'success', resourceType: 'user', resourceId: userId, patientId });
  return user;
}

/** One's own profile (patients and admins), and a patient's deletion of their account, with a grace period to change their mind. */
export function registerProfileRoutes(router: Router): void {
  defineRoute(router, {
    method: 'patch',
    path: '/auth/me',
    summary: "Change one's name, phone or emergency contact (only the fields sent; an empty phone or a null contact clears it)",
    policy: signedInUser,
    body: profileUpdateSchema,
    response: userResponse,
    handler: async (ctx, { body }) => {
      const { userId, patientId } = ownAccount(ctx);
      const contact = body.emergencyContact;
      const changes = {
        ...(body.firstName !== undefined ? { firstName: body.firstName.trim() } : {}),
        ...(body.lastName !== undefined ? { lastName: body.lastName.trim() } : {}),
        ...(body.phone !== undefined ? { phone: body.phone } : {}),
        ...(contact !== undefined ? { emergencyContact: contact && { name: contact.name.trim(), phone: contact.phone.trim(), relationship: contact.relation } } : {}),
      };
      const user = Object.keys(changes).length
        ? await auditedWrite(
            ctx,
            (trx) => User.query(trx).patchAndFetchById(userId, changes),
            () => ({ action: 'profile.update', outcome: 'success', resourceType: 'user', resourceId: userId, patientId }),
          )
        : await readOwnProfile(ctx, userId, patientId);
      if (!user) throw new Unauthenticated();
      return presentUser(user);
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/account/deletion',
    summary:
      "Ask to delete one's account (with the password): its health data is erased after ACCOUNT_DELETION_GRACE_DAYS (30 by default), " +
      'unless the patient signs in and keeps it before then; every session ends now, and every scheduled consultation is cancelled as if ' +
      'the patient cancelled it (refunded by the same rule). With `refundAmount` (the total refund the patient was shown), a deletion ' +
      'that would now refund another total is refused (409) and changes nothing. The audit trail, payments and consultations are kept',
    policy: patientOnly,
    body: accountDeletionSchema,
    refusals: { 409: 'Deleting now would refund another total than the refundAmount sent' },
    response: userResponse,
    handler: async (ctx, { body }) => {
      const patient = asPatient(ctx.state.actor);
      const account = await User.query().findById(patient.userId);
      if (!account) throw new Unauthenticated();
      if (!(await confirmPassword(ctx, 'user', account, body.password))) {
        await recordAudit(ctx, { action: 'account.deletion_request', outcome: 'failure', patientId: patient.userId });
        throw new ValidationFailed(WRONG_PASSWORD, { password: WRONG_PASSWORD });
      }
      const leaving = await scheduledConsultations(patient);
      assertDepartureAsShown(leaving, body.refundAmount);
      const scheduled = await auditedWrite(
        ctx,
        (trx) => scheduleDeletion(trx, patient.userId, ctx.deps.config.accountDeletionGraceMs),
        () => ({ action: 'account.deletion_request', outcome: 'success', resourceType: 'user', resourceId: patient.userId, patientId: patient.userId }),
      );
      try {
        await cancelScheduledConsultations(ctx, leaving);
      } finally {
        await endOtherSessions(ctx, patient);
        endSession(ctx);
      }
      return presentUser(scheduled);
    },
  });

  defineRoute(router, {
    method: 'delete',
    path: '/account/deletion',
    summary: 'Keep the account: cancels a deletion that has not taken effect yet (nothing to cancel changes nothing)',
    policy: patientOnly,
    response: userResponse,
    handler: async (ctx) => {
      const patient = asPatient(ctx.state.actor);
      const account = await User.query().findById(patient.userId);
      if (!account) throw new Unauthenticated();
      if (!account.deletionScheduledFor) return presentUser(account);
      const kept = await auditedWrite(
        ctx,
        (trx) => cancelDeletion(trx, patient.userId),
        () => ({ action: 'account.deletion_cancel', outcome: 'success', resourceType: 'user', resourceId: patient.userId, patientId: patient.userId }),
      );
      return presentUser(kept);
    },
  });
}
