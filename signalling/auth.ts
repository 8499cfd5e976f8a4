import type { IncomingMessage } from 'node:http';
import { ServerResponse } from 'node:http';
import type { App } from '../server/app';
import type { AppContext } from '../server/context';
import { ANONYMOUS, type Actor } from '../server/policies/actor';
import type { CallActor } from '../server/policies/consultation-guest';
import { actorOfRequest } from '../server/middleware/actor';
import { isAllowedOrigin } from '../server/middleware/security';
import { misdirectedMessage, servesHost } from '../server/middleware/public-host';
import type { SocketData } from '../common/socket-events';
import type { SignallingSocket } from './types';
import { sessionFingerprint } from '../server/session';
import { sessionRoom } from './rooms/names';

function handshakeContext(app: App, request: IncomingMessage): AppContext {
  return app.koa.createContext(request, new ServerResponse(request)) as unknown as AppContext;
}

/** Reads the actor behind a handshake's session cookie with the same koa-session middleware as HTTP. */
export async function actorFromHandshake(app: App, request: IncomingMessage, ctx = handshakeContext(app, request)): Promise<Actor> {
  let actor: Actor = ANONYMOUS;
  await app.session(ctx as never, async () => {
    actor = actorOfRequest(ctx);
  });
  return actor;
}

/** Socket identity from the session: patients, doctors, and guests (of their one consultation) take part in consultations. */
export function socketIdentity(actor: Actor): Omit<SocketData, 'media' | 'address' | 'joinedAt'> | null {
  if (actor.kind === 'patient') return { role: 'patient', id: actor.userId, name: actor.name };
  if (actor.kind === 'doctor') return { role: 'doctor', id: actor.doctorId, name: actor.name };
  if (actor.kind === 'guest') return { role: 'guest', id: actor.guestId, name: actor.name, guestOf: actor.consultationId };
  return null;
}

/** The socket's owner as the server's policies know them (the reverse of socketIdentity). */
export function socketActor({ role, id, name, guestOf }: Pick<SocketData, 'role' | 'id' | 'name' | 'guestOf'>): CallActor {
  if (role === 'guest') return { kind: 'guest', guestId: id, consultationId: guestOf!, name };
  return role === 'patient' ? { kind: 'patient', userId: id, name } : { kind: 'doctor', doctorId: id, name };
}

/**
 * Refuses, before any session lookup, handshakes for another host than PUBLIC_URL's and cross-site ones
 * (the same rules as HTTP requests: server/middleware/public-host.ts, then the API's Origin check).
 */
export function originCheck(app: App) {
  const { config } = app.deps;
  return (req: IncomingMessage, callback: (err: string | null | undefined, success: boolean) => void) => {
    const ctx = handshakeContext(app, req);
    if (!servesHost(config, ctx.host)) return callback(misdirectedMessage(config), false);
    const origin = req.headers.origin;
    const ok = !origin || isAllowedOrigin(origin, ctx.host, ctx.protocol, config);
    callback(ok ? null : 'Cross-site connections are not allowed.', ok);
  };
}

/** Socket.IO middleware: a connection without a live patient, doctor or guest session gets connect_error. */
export function sessionAuth(app: App) {
  return async (socket: SignallingSocket, next: (err?: Error) => void) => {
    try {
      const ctx = handshakeContext(app, socket.request);
      // The session's room first: a sign-out that lands during the lookup below still reaches this socket.
      const fingerprint = sessionFingerprint(ctx);
      if (fingerprint) await socket.join(sessionRoom(fingerprint));
      const identity = socketIdentity(await actorFromHandshake(app, socket.request, ctx));
      if (!identity) return next(new Error('Please sign in to continue.'));
      socket.data = { ...identity, address: ctx.ip || null, media: {}, joinedAt: {} };
      next();
    } catch {
      next(new Error('Could not verify your session.'));
    }
  };
}
