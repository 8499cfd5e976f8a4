import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { App } from '../server/app';
import type { MediaMode } from '../common/socket-events';
import { originCheck, sessionAuth } from './auth';
import { onConnection } from './connection';
import { createMediaBackend } from './media';
import { connectRedisAdapter } from './redis';
import { ChatStore } from './rooms/chat-store';
import { ReconnectingParticipants } from './rooms/reconnecting';
import { SignallingLifecycle } from './services';
import { broadcastStatusChanges } from './rooms/status-broadcast';
import { disconnectEndedSessions } from './rooms/session-end';
import type { SignallingServer } from './types';

export { actorFromHandshake } from './auth';

export interface Signalling {
  io: SignallingServer;
  mediaMode: MediaMode;
  close(): Promise<void>;
}

/** Largest message a client may send: an SDP or a 2,000-character chat line fits many times over. */
const MAX_MESSAGE_BYTES = 256 * 1024;

/** Socket.IO on the same HTTP server at /socket.io. Every connection must carry a live session. */
export async function attachSignalling(httpServer: HttpServer, app: App): Promise<Signalling> {
  const { config } = app.deps;
  const io: SignallingServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    allowRequest: originCheck(app),
  });
  const redis = config.redisUrl ? await connectRedisAdapter(config.redisUrl) : null;
  if (redis) io.adapter(redis.adapter);

  const media = await createMediaBackend(
    config.media,
    { notify: (socketId, event, ...args) => io.to(socketId).emit(event, ...args) },
    redis?.client,
  );
  const reconnecting = new ReconnectingParticipants();
  const lifecycle = new SignallingLifecycle();
  const services = { io, app, media, chat: new ChatStore(), reconnecting, lifecycle };
  io.use(sessionAuth(app));
  io.on('connection', (socket) => void onConnection(services, socket));
  const stopStatus = broadcastStatusChanges(app.deps.realtime, io);
  const stopSessions = disconnectEndedSessions(app.deps.realtime, io);

  return {
    io,
    mediaMode: media.mode,
    async close() {
      lifecycle.closing = true;
      stopStatus();
      stopSessions();
      reconnecting.close();
      await media.close();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await lifecycle.settled();
      await redis?.close();
    },
  };
}
