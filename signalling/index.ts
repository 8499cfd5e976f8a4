import type { Server as HttpServer } from 'node:http';
import { ServerResponse } from 'node:http';
import { Server } from 'socket.io';
import type { App } from '../server/app';
import type { Actor } from '../server/policies/actor';
import { actorFromSession } from '../server/middleware/actor';
import { isAllowedOrigin } from '../server/middleware/security';
import type { SessionData } from '../server/session-store';
import type { AppContext } from '../server/context';

export interface Signalling {
  io: Server;
  mediaMode: 'sfu' | 'p2p';
  close(): Promise<void>;
}

/** Reads the actor behind a handshake's session cookie with the same koa-session middleware as HTTP. */
export async function actorFromHandshake(app: App, request: import('node:http').IncomingMessage): Promise<Actor> {
  const ctx = app.koa.createContext(request, new ServerResponse(request)) as unknown as AppContext;
  let actor: Actor = { kind: 'anonymous' };
  await app.session(ctx as never, async () => {
    actor = await actorFromSession(ctx.session as SessionData | null);
  });
  return actor;
}

/** Socket.IO on the same HTTP server at /socket.io. Every connection must carry a live session. */
export async function attachSignalling(httpServer: HttpServer, app: App): Promise<Signalling> {
  const { config } = app.deps;
  const io = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      const ok = !origin || isAllowedOrigin(origin, req.headers.host, 'http', config.allowedOrigins);
      callback(ok ? null : 'Cross-site connections are not allowed.', ok);
    },
  });
  io.use(async (socket, next) => {
    try {
      const actor = await actorFromHandshake(app, socket.request);
      if (actor.kind === 'anonymous') return next(new Error('Please sign in to continue.'));
      socket.data.actor = actor;
      next();
    } catch {
      next(new Error('Could not verify your session.'));
    }
  });
  return {
    io,
    mediaMode: 'p2p',
    close: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
}
