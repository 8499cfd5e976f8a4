import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { releaseMediaOnLeave } from '../../signalling/rooms/room-media';
import type { SignallingServer } from '../../signalling/types';
import { pollFor } from '../support/poll';

/** However a socket leaves a consultation's room, its media there is released (and only there). */
describe('media follows the room', () => {
  let io: SignallingServer;
  let url: string;
  const released: Array<[string, string]> = [];
  beforeAll(async () => {
    const server = http.createServer();
    io = new Server(server) as SignallingServer;
    releaseMediaOnLeave(io, { release: (consultationId, socketId) => void released.push([consultationId, socketId]) });
    io.on('connection', (socket) => {
      socket.data = { role: 'patient', id: 'p', name: 'P', address: null, media: { a: { consultationId: 'a', audio: true, video: true, screen: false } }, joinedAt: {} };
      void socket.join(['consultation:a', 'consultation:b', 'patient:p']);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });

  it('on a leave ordered for the whole room, and on disconnect, for consultation rooms only', async () => {
    const client = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false });
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
    const socketId = [...io.of('/').sockets.keys()][0]!;

    io.in('consultation:a').socketsLeave('consultation:a');
    expect(released).toEqual([['a', socketId]]);
    expect(io.of('/').sockets.get(socketId)!.data.media).toEqual({});

    client.close();
    await pollFor('the server to see the socket go', () => !io.of('/').sockets.has(socketId) || null, 5000, 20);
    expect(released).toEqual([
      ['a', socketId],
      ['b', socketId],
    ]);
  });
});
