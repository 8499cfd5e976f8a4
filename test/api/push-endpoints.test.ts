/**
 * The server POSTs to a push subscription's endpoint, so it takes only https endpoints at the browser push
 * services (PUSH_SERVICE_HOSTS): never an address, a loopback, private or link-local host, or any other
 * name a patient picks (server-side request forgery). A subscription stored before the check is deleted
 * unsent.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '../support/app';
import { PushReceiver } from '../support/push-receiver';
import { patientParty } from './consultations-fixtures';
import { PushSubscription } from '../../db/models';
import { pushToPatient } from '../../server/services/push/send';
import { log } from '../../server/log';

let server: TestServer;
const receiver = new PushReceiver();

beforeAll(async () => {
  await receiver.start();
  // The default list: the local push service is not on it.
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server.close();
  await receiver.close();
});

const keys = () => ({ p256dh: randomBytes(65).toString('base64url'), auth: randomBytes(16).toString('base64url') });
const token = () => randomBytes(8).toString('hex');

describe('push subscription endpoints', () => {
  it.each([
    ['a reachable local service', () => receiver.subscription().endpoint],
    ['plain http at a push service', () => `http://fcm.googleapis.com/fcm/send/${token()}`],
    ['the cloud metadata address', () => `https://169.254.169.254/latest/meta-data/${token()}`],
    ['a private address', () => `https://10.0.0.5/${token()}`],
    ['IPv6 loopback', () => `https://[::1]/${token()}`],
    ['localhost', () => `https://localhost/${token()}`],
    ['a push service on another port', () => `https://fcm.googleapis.com:8443/fcm/send/${token()}`],
    ['a name merely starting like a push service', () => `https://fcm.googleapis.com.evil.example/${token()}`],
    ['a name merely ending like one', () => `https://evilpush.services.mozilla.com/${token()}`],
    ['credentials in the address', () => `https://user:pw@fcm.googleapis.com/fcm/send/${token()}`],
    ['any other host', () => `https://hooks.evil.example/${token()}`],
  ])('refuses %s with 400, naming the field, and stores nothing', async (_, endpointOf) => {
    const { client } = await patientParty(server.url);
    const endpoint = endpointOf();
    const res = await client.post('/api/push/subscribe', { endpoint, keys: keys() });
    expect(res.status).toBe(400);
    expect(res.body.fields.endpoint).toMatch(/^Endpoint must be (an https:\/\/ address of a browser push service|at a browser push service \(fcm\.googleapis\.com, \*\.push\.services\.mozilla\.com, \*\.notify\.windows\.com, web\.push\.apple\.com, \*\.push\.apple\.com\); .+ is not one)$/);
    expect(await PushSubscription.query().where({ endpoint })).toHaveLength(0);
  });

  it.each([
    `https://fcm.googleapis.com/fcm/send/${token()}`,
    `https://updates.push.services.mozilla.com/wpush/v2/${token()}`,
    `https://wns2-par02p.notify.windows.com/w/?token=${token()}`,
    `https://web.push.apple.com/${token()}`,
  ])('keeps a subscription at a browser push service: %s', async (endpoint) => {
    const { client } = await patientParty(server.url);
    expect((await client.post('/api/push/subscribe', { endpoint, keys: keys() })).status).toBe(204);
    expect(await PushSubscription.query().where({ endpoint })).toHaveLength(1);
  });

  it('deletes, unsent, a subscription stored before the check that points elsewhere', async () => {
    const { account } = await patientParty(server.url);
    const subscription = receiver.subscription();
    await PushSubscription.query().insert({ userId: account.record.id, endpoint: subscription.endpoint, keys: subscription.keys });
    const sent = await pushToPatient(account.record.id, { type: 'medication_reminder', notificationId: randomUUID(), url: '/medications' }, { vapid: server.app.deps.reminders.vapid, serviceHosts: server.config.pushServiceHosts }, log);
    expect(sent).toBe(0);
    expect(receiver.receivedAt(subscription.endpoint)).toHaveLength(0);
    expect(await PushSubscription.query().where({ endpoint: subscription.endpoint })).toHaveLength(0);
  });
});
