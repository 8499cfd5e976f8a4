/**
 * The floor for the signalling benches, run as its own process: a bare Socket.IO server whose sockets
 * join the room named in their query and whose 'chat:send' acks and broadcasts to that room. Prints its
 * port on stdout once listening.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

const server = http.createServer();
const io = new Server(server, { path: '/socket.io', serveClient: false });
io.on('connection', (socket) => {
  const room = String(socket.handshake.query.room ?? 'r');
  void socket.join(room);
  socket.on('chat:send', (payload: { text: string }, ack: (answer: unknown) => void) => {
    const message = { id: String(Math.random()), text: payload.text, createdAt: new Date().toISOString() };
    io.to(room).emit('chat:message', message);
    ack({ ok: true, data: { message } });
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
