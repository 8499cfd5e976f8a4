import type { Server, Socket } from 'socket.io';
import type {
  ClientToServerEvents,
  InterServerEvents,
  ServerToClientEvents,
  SocketData,
} from '../common/socket-events';

export type SignallingServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type SignallingSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
