import type { App } from '../server/app';
import type { SocketGate } from './access/gate';
import type { ConsultationStandings } from './access/consultation-standing';
import type { MediaBackend } from './media';
import type { ChatStore } from './rooms/chat-store';
import type { ReconnectingParticipants } from './rooms/reconnecting';
import type { SignallingServer, SignallingSocket } from './types';

/** What every socket handler can reach. */
export interface SignallingServices {
  io: SignallingServer;
  app: App;
  media: MediaBackend;
  chat: ChatStore;
  reconnecting: ReconnectingParticipants;
  standings: ConsultationStandings;
}

export interface HandlerContext extends SignallingServices {
  socket: SignallingSocket;
  gate: SocketGate;
}
