/**
 * Behind proxies that append to X-Forwarded-For, the client address is the entry TRUST_PROXY_HOPS from
 * the right: whatever a client writes further left (a forged, rotating address) changes nothing.
 */
import { randomInt } from 'node:crypto';
import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { createPatient } from '../support/factories';
import { AuditEvent } from '../../db/models';
import { connected, createCallParties, openSocket, request } from '../signalling/helpers';

const forged = () => `203.0.113.${randomInt(1, 255)}, 198.51.100.${randomInt(1, 255)}`;
const realClient = () => `10.${(process.pid + 11) % 250}.${randomInt(0, 250)}.${randomInt(1, 250)}`;

/** Sign-in ceremony options, limited to 3 per address: the 4th from one address is refused. */
async function optionsStatuses(server: TestServer, forwardedFor: () => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    statuses.push((await new TestClient(server.url, { 'X-Forwarded-For': forwardedFor() }).post('/api/passkeys/authentication/options')).status);
  }
  return statuses;
}

describe.each([
  { hops: undefined, chain: (client: string) => `${forged()}, ${client}` },
  { hops: '2', chain: (client: string) => `${forged()}, ${client}, 172.16.0.9` },
])('with TRUST_PROXY_HOPS=$hops', ({ hops, chain }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true', PASSKEY_OPTIONS_MAX_PER_ADDRESS: '3', ...(hops ? { TRUST_PROXY_HOPS: hops } : {}) });
  });
  afterAll(() => server.close());

  it('counts requests with rotating forged leftmost entries against the one real client', async () => {
    const client = realClient();
    expect(await optionsStatuses(server, () => chain(client))).toEqual([200, 200, 200, 429]);
  });

  it('records the real client, not the forged entries, in audit rows', async () => {
    const client = realClient();
    const account = await createPatient();
    const res = await new TestClient(server.url, { 'X-Forwarded-For': chain(client) }).post('/api/auth/login', { usernameOrEmail: account.login, password: 'not-the-password' });
    expect(res.status).toBe(401);
    const rows = await AuditEvent.query().where({ action: 'auth.login', outcome: 'failure', resourceId: account.record.id });
    expect(rows.map((row) => row.ip)).toEqual([client]);
  });

  it('records the real client in a socket’s audit rows, read at the handshake the same way', async () => {
    const client = realClient();
    const { patientHttp, consultation } = await createCallParties(server.url);
    const socket = await connected(openSocket(server.url, patientHttp, { 'X-Forwarded-For': chain(client) }));
    try {
      expect((await request(socket, 'consultation:join', { consultationId: consultation.id })).ok).toBe(true);
    } finally {
      socket.close();
    }
    const rows = await AuditEvent.query().where({ action: 'consultation.join', outcome: 'success', resourceId: consultation.id });
    expect(rows.map((row) => row.ip)).toEqual([client]);
  });
});
