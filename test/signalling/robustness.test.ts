import { startTestServer, type TestServer } from '../support/app';
import { createCallParties, request, signedInSocket, type ClientSocket } from './helpers';
import type { Socket } from 'socket.io-client';

let server: TestServer;
let socket: ClientSocket;
let consultationId: string;

beforeAll(async () => {
  server = await startTestServer();
  const parties = await createCallParties(server.url);
  consultationId = parties.consultation.id;
  socket = await signedInSocket(server.url, parties.patientHttp);
});
afterAll(async () => {
  socket.close();
  await server.close();
});

const raw = () => socket as unknown as Socket;
const EVENTS = ['consultation:join', 'consultation:leave', 'consultation:setStatus', 'chat:send', 'media:state', 'p2p:signal', 'sfu:produce', 'sfu:consume'];

describe('bad payloads', () => {
  it.each([
    ['nothing', undefined],
    ['null', null],
    ['a string', 'hello'],
    ['a number', 42],
    ['an array', [consultationId]],
    ['a bad uuid', { consultationId: 'nope' }],
    ['an unknown key', { consultationId: '00000000-0000-4000-8000-000000000000', admin: true }],
    ['a nested object as text', { consultationId: '00000000-0000-4000-8000-000000000000', text: { $gt: '' } }],
  ])('answers %s with an error ack on every event', async (_label, payload) => {
    for (const event of EVENTS) {
      const answer = await request(socket, event, payload);
      expect(answer.ok).toBe(false);
      expect(answer.ok === false && typeof answer.error.message).toBe('string');
      expect(answer.ok === false && answer.error.code).not.toBe('internal_error');
    }
  });

  it('survives requests without an ack callback and unknown events', async () => {
    raw().emit('chat:send', { consultationId, text: 'no ack' });
    raw().emit('consultation:join');
    raw().emit('consultation:join', { consultationId });
    raw().emit('no-such-event', { x: 1 });
    raw().emit('p2p:signal', 'garbage', 'more', 'args');
    const answer = await request(socket, 'consultation:join', { consultationId });
    expect(answer.ok).toBe(true);
    expect(socket.connected).toBe(true);
  });

  it('refuses a signal too large to relay', async () => {
    await request(socket, 'consultation:join', { consultationId });
    const answer = await request(socket, 'p2p:signal', { consultationId, session: 's', signal: { sdp: 'x'.repeat(70_000) } });
    expect(answer).toMatchObject({ ok: false, error: { code: 'validation_failed', message: 'Signal is too large' } });
  });
});
