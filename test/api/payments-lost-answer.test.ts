/**
 * Payments with an Idempotency-Key when the checkout committed and PostgreSQL went away before the
 * request could answer: the retry, minutes later, gets the checkout the first request stored (the same
 * client secret, marked replayed) and acts no more: no second audit row, no second call to Stripe.
 */
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '../support/app';
import { StripeMock } from '../support/stripe-mock';
import { minutesLater, withLostAnswer } from '../support/lost-answer';
import { AuditEvent, User } from '../../db/models';
import { book, doctorParty, minutesFromNow, patientParty, type Party } from './consultations-fixtures';

const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_medivault', STRIPE_PUBLISHABLE_KEY: 'pk_test_medivault', STRIPE_WEBHOOK_SECRET: 'whsec_medivault_tests' };

let stripe: StripeMock;
let server: TestServer;

beforeAll(async () => {
  stripe = await new StripeMock().start();
  server = await startTestServer({ ...STRIPE_ENV, STRIPE_API_BASE: stripe.url });
});
afterAll(async () => {
  await server.close();
  await stripe.stop();
});

const owner = () => User.knex();
const auditRows = (actorId: string, action: string) => AuditEvent.query().where({ actorId, action }).resultSize();
const stripeCalls = () => stripe.calls('GET', '/v1').length + stripe.calls('POST', '/v1').length;

/** The first request (its answer lost) and, minutes later, its retry with the same key. */
async function sentTwice(patient: Party<User>, path: string, body: object) {
  const key = randomUUID();
  return withLostAnswer(owner(), key, async () => {
    const first = await patient.client.post(path, body, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    await minutesLater(owner(), key);
    const callsBefore = stripeCalls();
    const retry = await patient.client.post(path, body, { 'Idempotency-Key': key });
    return { first, retry, stripeCallsOnRetry: stripeCalls() - callsBefore };
  });
}

describe('a payment whose answer was lost as PostgreSQL went away', () => {
  it('Premium checkout: the retry gets the stored client secret and starts nothing again', async () => {
    const patient = await patientParty(server.url);
    const { first, retry, stripeCallsOnRetry } = await sentTwice(patient, '/api/create-payment-intent', { plan: 'monthly' });
    expect([retry.status, retry.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect(retry.body).toEqual(first.body);
    expect(stripeCallsOnRetry).toBe(0);
    expect(await auditRows(patient.account.record.id, 'premium.checkout_monthly')).toBe(1);
  });

  it("a consultation's fee: the retry gets the stored client secret and asks Stripe nothing", async () => {
    const [patient, doctor] = await Promise.all([patientParty(server.url), doctorParty(server.url, { consultationFee: 7500 })]);
    const booked = await book(patient.client, doctor.account.record.id, minutesFromNow(3 * 24 * 60));
    const { first, retry, stripeCallsOnRetry } = await sentTwice(patient, `/api/consultations/${booked.id}/payment`, {});
    expect([retry.status, retry.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect(retry.body).toEqual(first.body);
    expect(stripeCallsOnRetry).toBe(0);
    expect(await auditRows(patient.account.record.id, 'consultation.payment_checkout')).toBe(1);
  });

  it('cancelling Premium: the retry gets the first answer, not "no subscription to cancel"', async () => {
    const patient = await patientParty(server.url);
    expect((await patient.client.post('/api/test/grant-premium', {})).status).toBe(200);
    const { first, retry } = await sentTwice(patient, '/api/subscription/cancel', {});
    expect([retry.status, retry.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect(retry.body).toEqual(first.body);
    expect(await auditRows(patient.account.record.id, 'premium.cancel')).toBe(1);
  });

  it('Testing Mode Premium: the retry gets the first answer and grants nothing again', async () => {
    const patient = await patientParty(server.url);
    const { first, retry } = await sentTwice(patient, '/api/test/grant-premium', {});
    expect([retry.status, retry.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect(retry.body).toEqual(first.body);
    expect(await auditRows(patient.account.record.id, 'premium.test_grant')).toBe(1);
  });
});
