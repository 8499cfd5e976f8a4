import type { Next } from 'koa';
import type { AppContext } from '../context';
import { ANONYMOUS, type Actor, type DoctorActor, type UserActor } from '../policies/actor';
import { Doctor, User } from '../../db/models';
import type { SessionData } from '../session-store';
import { actorReadWithSession } from '../session';
import { batchedLookup } from '../lib/batcher';
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

/** Every API request resolves its actor: concurrent lookups share one query per table. */
const doctorById = batchedLookup(async (ids: string[]) => {
  const doctors = await Doctor.query().whereIn('id', ids).select('id', 'name', 'isVerified', 'isActive');
  return new Map(doctors.map((d) => [d.id, d]));
});
const userById = batchedLookup(async (ids: string[]) => {
  const users = await User.query().whereIn('id', ids).select('id', 'firstName', 'lastName', 'username', 'role');
  return new Map(users.map((u) => [u.id, u]));
});

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
}

export function actorOfIdentity(row: SessionIdentity): Actor {
  if (row.doctorId) {
    const doctor = { id: row.doctorId, name: row.doctorName!, isVerified: row.isVerified!, isActive: row.isActive! };
    return doctorInGoodStanding(doctor) ? doctorActor(doctor) : ANONYMOUS;
  }
  if (row.userId) return userActor({ id: row.userId, firstName: row.firstName!, lastName: row.lastName!, username: row.username!, role: row.role! });
  return ANONYMOUS;
}

/**
 * Resolves the session's actor against the database, so a deleted account's session is worth nothing, nor
 * the session of a doctor an admin has since unverified or deactivated (their sessions are also deleted then).
 */
export async function actorFromSession(session: SessionData | null | undefined): Promise<Actor> {
  if (!session?.actorId) return ANONYMOUS;
  if (session.actorKind === 'doctor') {
    const doctor = await doctorById(session.actorId);
    return doctor && doctorInGoodStanding(doctor) ? doctorActor(doctor) : ANONYMOUS;
  }
  if (session.actorKind === 'user') {
    const user = await userById(session.actorId);
    return user ? userActor(user) : ANONYMOUS;
  }
  return ANONYMOUS;
}

/** The actor of the request's session: the one read with the session, or looked up for a session made since. */
export async function actorOfRequest(ctx: AppContext): Promise<Actor> {
  const session = ctx.session as SessionData | null;
  return actorReadWithSession(ctx, session) ?? actorFromSession(session);
}

export async function loadActor(ctx: AppContext, next: Next): Promise<void> {
  if (ctx.path.startsWith('/api')) ctx.state.actor = await actorOfRequest(ctx);
  await next();
}
