import { createHash } from 'node:crypto';
import type { AppContext } from '../context';
import { isAccountHolder, type AccountActor, type Actor } from '../policies/actor';
import { sessionFingerprint } from '../session';
import type { SessionData } from '../session-store';
import { deviceLabel } from '../lib/device-label';
import { NotFound, Unauthenticated } from '../errors';
import type { AccountSession } from '../../common/api-types';

type SignedIn = AccountActor;

interface SessionRow {
  /** The session's fingerprint (session-store.ts keeps no session id). */
  id: string;
  data: SessionData;
  createdAt: Date;
  lastSeenAt: Date;
}

/** The session store's (actor_kind, actor_id) of a signed-in actor. */
function owner(actor: SignedIn): { actorKind: 'user' | 'doctor'; actorId: string } {
  return actor.kind === 'doctor' ? { actorKind: 'doctor', actorId: actor.doctorId } : { actorKind: 'user', actorId: actor.userId };
}

/** The id a session is shown and revoked by: a one-way hash, so the list never hands out a usable session id. */
function handleOf(fingerprint: string): string {
  return createHash('sha256').update(`device:${fingerprint}`).digest('base64url').slice(0, 32);
}

async function liveSessions(ctx: AppContext, actor: SignedIn): Promise<SessionRow[]> {
  return ctx.deps.knex('sessions').where(owner(actor)).andWhere('expiresAt', '>', new Date()).select('id', 'data', 'createdAt', 'lastSeenAt').orderBy('lastSeenAt', 'desc');
}

/** The account's live sessions, newest use first, this one flagged. */
export async function listAccountSessions(ctx: AppContext, actor: SignedIn): Promise<AccountSession[]> {
  const current = sessionFingerprint(ctx);
  return (await liveSessions(ctx, actor)).map((row) => ({
    id: handleOf(row.id),
    device: deviceLabel(row.data.userAgent),
    createdAt: new Date(row.data.signedInAt ?? row.createdAt).toISOString(),
    lastUsedAt: new Date(row.lastSeenAt).toISOString(),
    current: row.id === current,
  }));
}

/** Deletes the sessions and closes their sockets on every process (see rooms/session-end.ts). */
async function endSessions(ctx: AppContext, fingerprints: string[]): Promise<void> {
  if (fingerprints.length === 0) return;
  await ctx.deps.knex('sessions').whereIn('id', fingerprints).delete();
  for (const fingerprint of fingerprints) ctx.deps.realtime.emit('session:ended', { fingerprint });
}

/** Ends every session of the account except the one making this request. */
export async function endOtherSessions(ctx: AppContext, actor: SignedIn): Promise<number> {
  const current = sessionFingerprint(ctx);
  const others = (await liveSessions(ctx, actor)).map((row) => row.id).filter((id) => id !== current);
  await endSessions(ctx, others);
  return others.length;
}

/** Ends every session of the account (a doctor an admin unverified or deactivated); answers how many. */
export async function endEverySession(ctx: AppContext, actor: SignedIn): Promise<number> {
  const ids = (await liveSessions(ctx, actor)).map((row) => row.id);
  await endSessions(ctx, ids);
  return ids.length;
}

/** Ends one of the account's sessions by its handle; another account's (or an unknown) handle is 404. */
export async function endSessionByHandle(ctx: AppContext, actor: SignedIn, handle: string): Promise<void> {
  const row = (await liveSessions(ctx, actor)).find((r) => handleOf(r.id) === handle);
  if (!row) throw new NotFound('No such signed-in device.');
  await endSessions(ctx, [row.id]);
}

/** The actor of a route whose policy admits only signed-in people. */
export function signedIn(actor: Actor): SignedIn {
  if (!isAccountHolder(actor)) throw new Unauthenticated();
  return actor;
}
