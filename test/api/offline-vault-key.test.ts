/**
 * GET /api/auth/vault-key: the key that unwraps a device's offline vault, handed only to a live session:
 * 32 bytes, the same for every session of the account, another account's differs, never cached.
 */
import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { patientParty } from './consultations-fixtures';
import { AuditEvent } from '../../db/models';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const keyOf = async (client: TestClient) => {
  const res = await client.get('/api/auth/vault-key');
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return res.body.key as string;
};

describe('offline vault wrapping key', () => {
  it("is 32 bytes, stable for the account, and another account's is another", async () => {
    const [patient, other] = await Promise.all([patientParty(server.url), patientParty(server.url)]);
    const key = await keyOf(patient.client);
    expect(Buffer.from(key, 'base64url')).toHaveLength(32);
    expect(await keyOf(patient.client)).toBe(key);
    expect(await keyOf(other.client)).not.toBe(key);
    expect(await AuditEvent.query().where({ action: 'offline_vault.key_release', patientId: patient.account.record.id }).resultSize()).toBe(2);
  });

  it('is refused without a session', async () => {
    const res = await new TestClient(server.url).get('/api/auth/vault-key');
    expect(res.status).toBe(401);
    expect(res.body.key).toBeUndefined();
  });
});
