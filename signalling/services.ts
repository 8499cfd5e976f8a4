import type { App } from '../server/app';
import type { SocketGate } from './access/gate';
import type { MediaBackend } from './media';
import type { ChatStore } from '../server/services/chat-store';
import type { SharedChatLimits } from './access/shared-chat-limits';
import type { ReconnectingParticipants } from './rooms/reconnecting';
import type { SignallingServer, SignallingSocket } from './types';

/** What every socket handler can reach. */
export interface SignallingServices {
  io: SignallingServer;
  app: App;
  media: MediaBackend;
  chat: ChatStore;
  reconnecting: ReconnectingParticipants;
  lifecycle: SignallingLifecycle;
  chatLimits: SharedChatLimits;
}

export interface HandlerContext extends SignallingServices {
  socket: SignallingSocket;
  gate: SocketGate;
}

/**
 * What shutting down waits for: announcements of sockets that went away are still under way (they
 * use Redis, which closes last), and sockets closed by the shutdown itself announce nothing.
 */
export class SignallingLifecycle {
  closing = false;
  private readonly pending = new Set<Promise<unknown>>();

  track(work: Promise<unknown>): void {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  async settled(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }
}
