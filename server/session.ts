import { createHash, randomBytes } from 'node:crypto';
import type Koa from 'koa';
import session from 'koa-session';
import type { Config } from './config';
import type { PgSessionStore, SessionData } from './session-store';
import type { Actor } from './policies/actor';

export const SESSION_COOKIE = 'mv.sid';

/**
 * A stable name for the session a request or a socket handshake carries, for naming the Socket.IO room
 * of that session's sockets. It is read the way koa-session reads it (signature checked, quotes
 * removed), so no spelling of the same cookie lands in another room; hashed, so no session id travels
 * as a room name.
 */
export function sessionFingerprint(ctx: Pick<Koa.Context, 'cookies'>): string | null {
  const id = currentSessionId(ctx);
  return id ? fingerprintOf(id) : null;
}

export function fingerprintOf(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('base64url');
}

/** The session id the request's cookie carries, its signature checked. */
export function currentSessionId(ctx: Pick<Koa.Context, 'cookies'>): string | undefined {
  return ctx.cookies.get(SESSION_COOKIE, { signed: true }) ?? undefined;
}

/** The actor each request's session read resolved, kept for the request's own lifetime. */
const actorsReadWithSessions = new WeakMap<object, { actorId: unknown; actor: Actor }>();

/**
 * The actor resolved when this request's session was read, if that session still names the same
 * account: a session signed into during the request counts from its next request.
 */
export function actorReadWithSession(ctx: object, session: SessionData | null): Actor | undefined {
  const read = actorsReadWithSessions.get(ctx);
  return read && session?.actorId && read.actorId === session.actorId ? read.actor : undefined;
}

/** koa-session options shared by HTTP and the Socket.IO handshake. */
export function sessionMiddleware(app: Koa, config: Config, store: PgSessionStore) {
  return session(
    {
      key: SESSION_COOKIE,
      maxAge: config.sessionIdleMs,
      // Idle expiry: a session used in the second half of its life is extended by a full period.
      renew: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: config.env === 'production',
      signed: true,
      genid: () => randomBytes(32).toString('base64url'),
      store: {
        get: async (key: string, _maxAge: unknown, { ctx }: { ctx: object }) => {
          const read = await store.read(key);
          if (read) actorsReadWithSessions.set(ctx, { actorId: read.data.actorId, actor: read.actor });
          return read?.data;
        },
        set: (key: string, sess: Record<string, unknown>, maxAge: number) => store.set(key, sess, maxAge),
        destroy: (key: string) => store.destroy(key),
      },
    } as Parameters<typeof session>[0],
    app as Parameters<typeof session>[1],
  );
}
