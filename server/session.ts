import { createHash, randomBytes } from 'node:crypto';
import type Koa from 'koa';
import session from 'koa-session';
import type { Config } from './config';
import type { AppContext } from './context';
import type { PgSessionStore, SessionData } from './session-store';
import type { Actor } from './policies/actor';

const SESSION_COOKIE = 'mv.sid';

/**
 * The session cookie's name. In production it carries the `__Host-` prefix: a browser then keeps it only
 * when set Secure, for Path=/ and without Domain, so neither a sibling subdomain nor a plain-HTTP page
 * can plant a session id in it.
 */
export function sessionCookieName(env: Config['env']): string {
  return env === 'production' ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/** What reading the request's session cookie needs: its cookies and the deployment's mode. */
type CookieContext = Pick<Koa.Context, 'cookies'> & { deps: { config: Pick<Config, 'env'> } };

/** Whether the request carries a session cookie at all (valid or not). */
export function carriesSessionCookie(ctx: CookieContext): boolean {
  return ctx.cookies.get(sessionCookieName(ctx.deps.config.env)) !== undefined;
}

/**
 * A stable name for the session a request or a socket handshake carries, for naming the Socket.IO room
 * of that session's sockets. It is read the way koa-session reads it (signature checked, quotes
 * removed), so no spelling of the same cookie lands in another room; hashed, so no session id travels
 * as a room name.
 */
export function sessionFingerprint(ctx: CookieContext): string | null {
  const id = currentSessionId(ctx);
  return id ? fingerprintOf(id) : null;
}

export function fingerprintOf(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('base64url');
}

/** The session id the request's cookie carries, its signature checked. */
function currentSessionId(ctx: CookieContext): string | undefined {
  return ctx.cookies.get(sessionCookieName(ctx.deps.config.env), { signed: true }) ?? undefined;
}

/**
 * Gives the session a new id, its data carried over, and deletes the old one: at every change of
 * privilege (a sign-in, a sign-in held for its second factor), so an id planted before it is worthless.
 * Sockets opened with the old id act for no one any more.
 */
export async function renewSessionId(ctx: AppContext): Promise<void> {
  const previous = sessionFingerprint(ctx);
  await (ctx.session as unknown as { regenerate(): Promise<void> }).regenerate();
  if (previous) ctx.deps.realtime.emit('session:ended', { fingerprint: previous });
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
      key: sessionCookieName(config.env),
      maxAge: config.sessionIdleMs,
      // Idle expiry: a session used in the second half of its life is extended by a full period.
      renew: true,
      httpOnly: true,
      sameSite: 'lax',
      // Path=/ and no Domain are koa-session's defaults, as the __Host- prefix requires.
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
