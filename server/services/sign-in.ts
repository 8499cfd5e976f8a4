import type { AppContext } from '../context';
import type { SessionData } from '../session-store';
import { sessionFingerprint } from '../session';

type Session = SessionData & { maxAge: number; regenerate(): Promise<void> };

/** Starts a fresh session for the actor: a new id at every sign-in, so a planted cookie is worthless. */
export async function startSession(ctx: AppContext, actorKind: 'user' | 'doctor', actorId: string): Promise<void> {
  const session = ctx.session as unknown as Session;
  // Nothing from before sign-in (a pending passkey challenge, say) survives into the signed-in session.
  for (const key of Object.keys(session)) if (!key.startsWith('_')) delete session[key];
  session.actorKind = actorKind;
  session.actorId = actorId;
  // Back to the configured idle period, whatever the pre-sign-in session had (a short-lived challenge one).
  session.maxAge = ctx.deps.config.sessionIdleMs;
  const previous = sessionFingerprint(ctx);
  await session.regenerate();
  // regenerate() has deleted the previous session: sockets opened with it act for no one any more.
  if (previous) ctx.deps.realtime.emit('session:ended', { fingerprint: previous });
}

/**
 * Destroys the server-side session, so the old cookie no longer signs anyone in, and disconnects that
 * session's open sockets everywhere once the request is over ('close' comes after the row is deleted,
 * and also when the client went away before the answer reached it).
 */
export function endSession(ctx: AppContext): void {
  const fingerprint = sessionFingerprint(ctx);
  ctx.session = null;
  if (fingerprint) ctx.res.once('close', () => ctx.deps.realtime.emit('session:ended', { fingerprint }));
}
