import { createLogger } from '../../server/log';
import { CapturedLines } from '../support/captured-log';
import { startTestServer, type TestServer } from '../support/app';
import { createCallParties, request, signedInSocket, type ClientSocket } from './helpers';

const WORDS = 'The rash on my left shoulder is spreading';

let server: TestServer;
const captured = new CapturedLines();
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  server = await startTestServer({}, { logger: createLogger('info', captured) });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => server.close());

const socketRequests = (from: number) => captured.lines.slice(from).filter((line) => line.msg === 'socket request') as Array<Record<string, unknown>>;

describe('socket request log', () => {
  it('writes one line per socket request with its event, outcome, duration, actor kind and where its time went, never its payload', async () => {
    const parties = await createCallParties(server.url);
    const consultationId = parties.consultation.id;
    const patient = await signedInSocket(server.url, parties.patientHttp);
    sockets.push(patient);
    const before = captured.lines.length;

    expect((await request(patient, 'consultation:join', { consultationId })).ok).toBe(true);
    expect((await request(patient, 'chat:send', { consultationId, text: WORDS })).ok).toBe(true);

    const [join, chat] = socketRequests(before);
    expect(join).toEqual(expect.objectContaining({ level: 30, event: 'consultation:join', ok: true, actor: 'patient', durationMs: expect.any(Number) }));
    expect(chat).toEqual(expect.objectContaining({ event: 'chat:send', ok: true, actor: 'patient' }));
    // The join reads the membership and the history (its queries) and writes its audit row (a stage of its own).
    expect(join!.queries).toBeGreaterThan(0);
    expect(join!.auditMs).toBeGreaterThan(0);
    expect((join!.queryMs as number) + (join!.auditMs as number)).toBeLessThanOrEqual(join!.durationMs as number);
    const written = captured.raw.slice(before).join('\n');
    expect(written).not.toContain(WORDS);
    expect(written).not.toContain(consultationId);
  });

  it("names a refused request's error code", async () => {
    const stranger = await createCallParties(server.url);
    const parties = await createCallParties(server.url);
    const socket = await signedInSocket(server.url, stranger.patientHttp);
    sockets.push(socket);
    const before = captured.lines.length;

    const answer = await request(socket, 'consultation:join', { consultationId: parties.consultation.id });
    expect(answer.ok).toBe(false);

    const [line] = socketRequests(before);
    expect(line).toEqual(expect.objectContaining({ event: 'consultation:join', ok: false, error: (answer as { error: { code: string } }).error.code }));
  });
});
