import type { Next } from 'koa';
import type { AppContext } from '../context';
import { ANONYMOUS, type Actor, type DoctorActor, type UserActor } from '../policies/actor';
import type { Doctor, User } from '../../db/models';
import type { ConsultationStatus, GuestStatus } from '../../common/constants';
import { canJoinConsultation } from '../../common/consultation-status';
import type { SessionData } from '../session-store';
import { actorReadWithSession } from '../session';
import { personName } from '../../common/names';
import { doctorInGoodStanding } from '../services/doctor-standing';

type UserIdentity = Pick<User, 'id' | 'firstName' | 'lastName' | 'username' | 'role'>;

/** A patient or admin as an actor: the role decides which. */
export function userActor(user: UserIdentity): UserActor {
  const name = personName(user);
  return user.role === 'admin' ? { kind: 'admin', userId: user.id, name } : { kind: 'patient', userId: user.id, name };
}

export function doctorActor(doctor: Pick<Doctor, 'id' | 'name'>): DoctorActor {
  return { kind: 'doctor', doctorId: doctor.id, name: doctor.name };
}

/** The account columns a session read joins in: a user's or a doctor's, or none when the account is gone. */
export interface SessionIdentity {
  userId: string | null;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  role: User['role'] | null;
  doctorId: string | null;
  doctorName: string | null;
  isVerified: boolean | null;
  isActive: boolean | null;
  guestId: string | null;
  guestName: string | null;
  guestStatus: GuestStatus | null;
  guestConsultationId: string | null;
  guestConsultationStatus: ConsultationStatus | null;
}

/**
 * The actor an account makes now, so a deleted account's session is worth nothing, nor the session of a
 * doctor an admin has since unverified or deactivated (their sessions are also deleted then), nor a guest's
 * once removed or once their consultation has ended.
 */
export function actorOfIdentity(row: SessionIdentity): Actor {
  if (row.doctorId) {
    const doctor = { id: row.doctorId, name: row.doctorName!, isVerified: row.isVerified!, isActive: row.isActive! };
    return doctorInGoodStanding(doctor) ? doctorActor(doctor) : ANONYMOUS;
  }
  if (row.guestId) {
    // A guest counts only while their link's use stands (not removed) and the consultation still runs.
    const live = row.guestStatus === 'joined' && canJoinConsultation(row.guestConsultationStatus!);
    return live ? { kind: 'guest', guestId: row.guestId, consultationId: row.guestConsultationId!, name: row.guestName! } : ANONYMOUS;
  }
  if (row.userId) return userActor({ id: row.userId, firstName: row.firstName!, lastName: row.lastName!, username: row.username!, role: row.role! });
  return ANONYMOUS;
}

/** The actor of the request's session, as the session's read resolved it; anonymous without a session. */
export function actorOfRequest(ctx: AppContext): Actor {
  return actorReadWithSession(ctx, ctx.session as SessionData | null) ?? ANONYMOUS;
}

export async function loadActor(ctx: AppContext, next: Next): Promise<void> {
  if (ctx.path.startsWith('/api')) ctx.state.actor = actorOfRequest(ctx);
  await next();
}
