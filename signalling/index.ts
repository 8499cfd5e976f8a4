import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { App } from '../server/app';
import type { MediaMode } from '../common/socket-events';
import { originCheck, sessionAuth } from './auth';
import { onConnection } from './connection';
import { createMediaBackend } from './media';
import { connectRedisAdapter } from './redis';
import { ChatStore } from '../server/services/chat-store';
import { LocalChatLimits, RedisChatLimits, sharedChatLimitSettings } from './access/shared-chat-limits';
import { ReconnectingParticipants } from './rooms/reconnecting';
import { SignallingLifecycle } from './services';
import { broadcastStatusChanges } from './rooms/status-broadcast';
import { broadcastToSides } from './rooms/sides-broadcast';
import { broadcastDocumentProgress } from './rooms/document-progress';
import { disconnectEndedSessions } from './rooms/session-end';
import { announceWithdrawnDoctors } from './rooms/doctor-withdrawn';
import { closeEndedConsultations } from './rooms/consultation-end';
import { releaseMediaOnLeave } from './rooms/room-media';
import { consultationOfRoom } from './rooms/names';
import type { SignallingServer } from './types';

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
  const chatLimitSettings = sharedChatLimitSettings(config.sockets.rateLimits.chat);
  const chatLimits = redis ? new RedisChatLimits(redis.client, chatLimitSettings) : new LocalChatLimits(chatLimitSettings);
  const services = { io, app, media, chat: new ChatStore(), reconnecting, lifecycle, chatLimits };
  app.deps.metrics.readSignallingFrom(() => ({
    sockets: io.engine.clientsCount,
    rooms: [...io.of('/').adapter.rooms.keys()].filter((room) => consultationOfRoom(room) !== null).length,
    media: media.counts(),
  }));
  io.use(sessionAuth(app));
  io.on('connection', (socket) => void onConnection(services, socket));
  // In this order: a status change is pushed to the room, then known to the checks, then the room closes if it ended.
  const stops = [
    broadcastStatusChanges(app.deps.realtime, io),
    broadcastToSides(app.deps.realtime, io, 'consultation:guests'),
    broadcastToSides(app.deps.realtime, io, 'consultation:payment'),
    broadcastDocumentProgress(app.deps.realtime, io),
    app.deps.consultationStandings.follow(app.deps.realtime),
    closeEndedConsultations(app.deps.realtime, io),
    disconnectEndedSessions(app.deps.realtime, io),
    announceWithdrawnDoctors(app.deps.realtime, io),
    releaseMediaOnLeave(io, media),
  ];

  return {
    io,
    mediaMode: media.mode,
    async close() {
      lifecycle.closing = true;
      for (const stop of stops) stop();
      reconnecting.close();
      chatLimits.close();
      await media.close();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await lifecycle.settled();
      await redis?.close();
    },
  };
}
