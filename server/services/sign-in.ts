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
  await session.regenerate();
}

/**
 * Destroys the server-side session, so the old cookie no longer signs anyone in, and, once the answer
 * has gone out (the row is deleted by then), disconnects that session's open sockets everywhere.
 */
export function endSession(ctx: AppContext): void {
  const fingerprint = sessionFingerprint(ctx.get('Cookie'));
  ctx.session = null;
  if (fingerprint) ctx.res.once('finish', () => ctx.deps.realtime.emit('session:ended', { fingerprint }));
}
