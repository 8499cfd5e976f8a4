import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import session from 'koa-session';
import type { Config } from './config';
import type { PgSessionStore } from './session-store';

export const SESSION_COOKIE = 'mv.sid';

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
        get: (key: string) => store.get(key),
        set: (key: string, sess: Record<string, unknown>, maxAge: number) => store.set(key, sess, maxAge),
        destroy: (key: string) => store.destroy(key),
      },
    } as Parameters<typeof session>[0],
    app as Parameters<typeof session>[1],
  );
}
