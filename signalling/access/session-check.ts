import type { App } from '../../server/app';
import { actorFromHandshake, socketIdentity } from '../auth';
import { SessionEnded } from '../errors';
import type { SignallingSocket } from '../types';
import { ShortLived } from '../../server/lib/short-lived';
import { timeStage } from '../../server/lib/request-timing';

/** Whether the socket's session cookie still signs in the person the socket was opened for. */
async function sessionStillValid(app: App, socket: SignallingSocket): Promise<boolean> {
  const identity = socketIdentity(await actorFromHandshake(app, socket.request));
  return Boolean(identity && identity.id === socket.data.id && identity.role === socket.data.role);
}

/**
 * One socket's session, read again (as the handshake read it, so a socket in use keeps its session
 * alive as HTTP requests do) at most once per recheck period. A signed-out session's sockets are
 * closed at once (rooms/session-end.ts); one that expired or whose row was deleted is caught here.
 */
export class SessionCheck {
  private readonly valid: ShortLived<boolean>;

  constructor(app: App, socket: SignallingSocket, recheckMs: number) {
    this.valid = new ShortLived(recheckMs, () => sessionStillValid(app, socket));
    // The handshake has just verified it.
    this.valid.set(true);
  }

  /** Timed as the request's 'session' stage, as the session read of an HTTP request is. */
  async assertLive(): Promise<void> {
    if (!(await timeStage('session', () => this.valid.get()))) throw new SessionEnded();
  }
}
