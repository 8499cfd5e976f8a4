import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { StripeMock } from '../support/stripe-mock';
import { createApp } from '../../server/app';
import { createHttpServer } from '../../server/http-server';
import { PRODUCTION_ENV, THROUGH_PROXY } from '../support/production';
import { loadConfig } from '../../server/config';
import { Consultation, Doctor, Payment, Subscription, User } from '../../db/models';
import { PAYMENT_FAILED_JOIN_MESSAGE } from '../../common/payment-status';
import { book, doctorParty, minutesFromNow, patientParty } from './consultations-fixtures';
import { nextEvent, request, signedInSocket } from '../signalling/helpers';
import { createPatient } from '../support/factories';
import { retryDueRefunds } from '../../server/services/payments/refund-retry';
import { ALREADY_PAID_MESSAGE } from '../../server/services/payments/consultation-payments';
import { ALREADY_PREMIUM_MESSAGE } from '../../server/services/payments/premium';
import { PAYMENTS_UNAVAILABLE_MESSAGE } from '../../server/services/payments/gateway';

const WEBHOOK_SECRET = 'whsec_medivault_tests';
const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_medivault', STRIPE_PUBLISHABLE_KEY: 'pk_test_medivault', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };

let stripe: StripeMock;
let server: TestServer;
let unconfigured: TestServer;

beforeAll(async () => {
  stripe = await new StripeMock().start();
  server = await startTestServer({ ...STRIPE_ENV, STRIPE_API_BASE: stripe.url });
  unconfigured = await startTestServer();
  stripe.webhook = { url: `${server.url}/api/webhooks/stripe`, secret: WEBHOOK_SECRET };
});
afterAll(async () => {
  await unconfigured.close();
  await server.close();
  await stripe.stop();
});

const me = async (client: TestClient) => (await client.get('/api/auth/me')).body;
const eventsStored = (ids: string[]) => server.app.deps.knex('stripe_events').whereIn('id', ids).count<{ count: string }[]>({ count: '*' }).then(([row]) => Number(row!.count));

/** A patient who started Premium for the plan: the subscription's first invoice is waiting to be paid. */
async function checkout(plan: 'monthly' | 'yearly' = 'monthly', body: Record<string, unknown> = {}) {
  const patient = await patientParty(server.url);
  const res = await patient.client.post('/api/create-payment-intent', { plan, ...body });
  expect(res.status).toBe(200);
  const intent = [...stripe.paymentIntents.values()].find((pi) => pi.client_secret === res.body.clientSecret)!;
  const sub = [...stripe.subscriptions.values()].find((s) => s.latest_invoice === intent.invoiceId)!;
  return { patient, answer: res.body, intent, sub };
}

describe('Premium through Stripe', () => {
  it('charges the plan price, never an amount from the body, and unlocks Premium once Stripe says the first invoice is paid', async () => {
    const { patient, answer, intent, sub } = await checkout('yearly', { amount: 1, description: 'Premium Monthly' });
    expect(answer).toEqual({ clientSecret: intent.client_secret, amount: 9999, plan: 'yearly' });
    const created = stripe.calls('POST', '/v1/subscriptions').at(-1)!;
    expect(created.params.items[0].price_data).toMatchObject({ unit_amount: '9999', currency: 'usd', recurring: { interval: 'year' } });
    expect(created.params.payment_behavior).toBe('default_incomplete');
    const user = await User.query().findById(patient.account.record.id);
    expect(user!.stripeCustomerId).toBe(sub.customer);
    expect(await me(patient.client)).toMatchObject({ isPremium: false, stripeSubscriptionId: null });

    const statuses = await stripe.deliverAll(stripe.confirm(intent.id, 'succeeded'));
    expect(statuses).toEqual([200, 200, 200]);
    expect(await me(patient.client)).toMatchObject({ isPremium: true, stripeSubscriptionId: sub.id });
    const payment = await Payment.query().findOne({ stripeInvoiceId: sub.latest_invoice });
    expect(payment).toMatchObject({ userId: user!.id, amount: 9999, status: 'paid', stripeSubscriptionId: sub.id });
    const status = await patient.client.get('/api/subscription');
    expect(status.body.subscription).toMatchObject({ plan: 'yearly', status: 'active', cancelAtPeriodEnd: false, testMode: false });
  });

  it('the spec client (amount and description only) gets the plan its description names, at that plan price', async () => {
    const patient = await patientParty(server.url);
    const monthly = await patient.client.post('/api/create-payment-intent', { amount: 99999, description: 'MediVault Premium - Monthly' });
    expect(monthly.status).toBe(200);
    expect(monthly.body).toMatchObject({ amount: 999, plan: 'monthly' });
    const other = await patientParty(server.url);
    const yearly = await other.client.post('/api/create-payment-intent', { amount: 5, description: 'MediVault Premium - Yearly' });
    expect(yearly.body).toMatchObject({ amount: 9999, plan: 'yearly' });
  });

  it('asking again before paying reuses the unpaid subscription (one customer, one subscription)', async () => {
    const { patient, answer } = await checkout('monthly');
    const subscriptionsBefore = stripe.subscriptions.size;
    const again = await patient.client.post('/api/create-payment-intent', { plan: 'monthly' });
    expect(again.body.clientSecret).toBe(answer.clientSecret);
    expect(stripe.subscriptions.size).toBe(subscriptionsBefore);
    expect(await Subscription.query().where({ userId: patient.account.record.id })).toHaveLength(1);
  });

  it('Premium Stripe took whose webhook is late is not sold again, for either plan: the checkout applies it and answers 409', async () => {
    const { patient, intent, sub } = await checkout('monthly');
    const lateWebhook = stripe.confirm(intent.id, 'succeeded');
    const subscriptionsBefore = stripe.subscriptions.size;
    const yearly = await patient.client.post('/api/create-payment-intent', { plan: 'yearly' });
    expect(yearly.status).toBe(409);
    expect(yearly.body.message).toBe(ALREADY_PREMIUM_MESSAGE);
    expect(stripe.subscriptions.size).toBe(subscriptionsBefore);
    expect(await me(patient.client)).toMatchObject({ isPremium: true, stripeSubscriptionId: sub.id });
    await stripe.deliverAll(lateWebhook);
    expect(await me(patient.client)).toMatchObject({ isPremium: true, stripeSubscriptionId: sub.id });
    expect((await patient.client.post('/api/create-payment-intent', { plan: 'monthly' })).status).toBe(409);
  });

  it('after paying, the browser asks the server to check with Stripe: Premium starts at once though the webhook is late, and not before Stripe has the payment', async () => {
    const { patient, intent, sub } = await checkout('monthly');
    const unpaid = await patient.client.post('/api/subscription/sync', {});
    expect(unpaid.status).toBe(200);
    expect(unpaid.body).toEqual({ subscription: null });
    expect(await me(patient.client)).toMatchObject({ isPremium: false });

    const lateWebhook = stripe.confirm(intent.id, 'succeeded');
    const synced = await patient.client.post('/api/subscription/sync', {});
    expect(synced.body.subscription).toMatchObject({ plan: 'monthly', status: 'active', testMode: false });
    expect(await me(patient.client)).toMatchObject({ isPremium: true, stripeSubscriptionId: sub.id });
    await stripe.deliverAll(lateWebhook);
    expect(await me(patient.client)).toMatchObject({ isPremium: true, stripeSubscriptionId: sub.id });
  });

  it('two checkouts at once (a double click, two tabs) make one customer and one subscription', async () => {
    const patient = await patientParty(server.url);
    const customers = stripe.customers.size;
    const answers = await Promise.all([1, 2, 3].map((n) => patient.client.post('/api/create-payment-intent', { plan: 'monthly' }, { 'Idempotency-Key': `double-click-${n}-${patient.account.record.id}` })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.clientSecret)).size).toBe(1);
    expect(stripe.customers.size).toBe(customers + 1);
    expect(await Subscription.query().where({ userId: patient.account.record.id })).toHaveLength(1);
  });

  it('a declined first payment leaves the patient on the free plan with the invoice marked failed', async () => {
    const { patient, sub, intent } = await checkout();
    expect(await stripe.deliverAll(stripe.confirm(intent.id, 'declined'))).toEqual([200, 200]);
    expect(await me(patient.client)).toMatchObject({ isPremium: false });
    expect(await Payment.query().findOne({ stripeInvoiceId: sub.latest_invoice })).toMatchObject({ status: 'failed' });
  });

  it('Manage Subscription cancels at the period end: Premium stays until Stripe ends the subscription', async () => {
    const { patient, intent, sub } = await checkout();
    await stripe.deliverAll(stripe.confirm(intent.id, 'succeeded'));
    const cancelled = await patient.client.post('/api/subscription/cancel', {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.subscription).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
    expect(stripe.calls('POST', `/v1/subscriptions/${sub.id}`).at(-1)!.params).toMatchObject({ cancel_at_period_end: 'true' });
    expect(await me(patient.client)).toMatchObject({ isPremium: true });

    expect(await stripe.deliver(stripe.endSubscription(sub.id))).toBe(200);
    expect(await me(patient.client)).toMatchObject({ isPremium: false, stripeSubscriptionId: null });
    expect((await patient.client.get('/api/subscription')).body).toEqual({ subscription: null });
  });

  it('keeps Premium while Stripe retries a failed renewal (past_due), and ends it when Stripe gives up (unpaid)', async () => {
    const { patient, intent, sub } = await checkout();
    await stripe.deliverAll(stripe.confirm(intent.id, 'succeeded'));
    sub.status = 'past_due';
    const retrying = stripe.event('customer.subscription.updated', sub);
    retrying.created += 1;
    await stripe.deliver(retrying);
    expect(await me(patient.client)).toMatchObject({ isPremium: true });
    sub.status = 'unpaid';
    const gaveUp = stripe.event('customer.subscription.updated', sub);
    gaveUp.created += 2;
    await stripe.deliver(gaveUp);
    expect(await me(patient.client)).toMatchObject({ isPremium: false, stripeSubscriptionId: null });
  });

  it('an older event delivered after a newer one cannot undo it (out of order)', async () => {
    const { patient, intent, sub } = await checkout();
    const [succeeded, paid, activated] = stripe.confirm(intent.id, 'succeeded');
    const ended = stripe.endSubscription(sub.id);
    ended.created = activated!.created + 5;
    // The end arrives first; the activation (older) arrives later and must not bring Premium back.
    expect(await stripe.deliverAll([ended, succeeded!, paid!, activated!])).toEqual([200, 200, 200, 200]);
    expect(await me(patient.client)).toMatchObject({ isPremium: false });
    expect(await Subscription.query().findById(sub.id)).toMatchObject({ status: 'canceled' });

    // Same second, reversed: 'incomplete' (created) after 'active' keeps the subscription active.
    const second = await checkout();
    const created = stripe.event('customer.subscription.created', second.sub);
    const events = stripe.confirm(second.intent.id, 'succeeded');
    const active = events[2]!;
    created.created = active.created;
    await stripe.deliverAll([active, created]);
    expect(await me(second.patient.client)).toMatchObject({ isPremium: true });
  });

  it('applies an event delivered twice, or twice at the same moment, exactly once', async () => {
    const { patient, intent, sub } = await checkout();
    await stripe.deliverAll(stripe.confirm(intent.id, 'succeeded'));
    const renewal = await Payment.query().where({ userId: patient.account.record.id });
    expect(renewal).toHaveLength(1);

    // A renewal invoice: its row is made by the event, once, however many times the event comes.
    const invoice = { ...stripe.invoices.get(sub.latest_invoice)!, id: `in_renewal_${Date.now()}`, status: 'paid' };
    const event = stripe.event('invoice.paid', invoice);
    const statuses = await Promise.all(Array.from({ length: 6 }, () => stripe.deliver(event)));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await stripe.deliver(event)).toBe(200);
    expect(await Payment.query().where({ stripeInvoiceId: invoice.id })).toHaveLength(1);
    expect(await eventsStored([event.id])).toBe(1);

    // And the end, once delivered, takes Premium away.
    const ended = stripe.endSubscription(sub.id);
    await stripe.deliver(ended);
    expect(await me(patient.client)).toMatchObject({ isPremium: false });
  });

  it('refuses forged and stale signatures with 400 and writes nothing', async () => {
    const { patient, intent } = await checkout();
    const events = stripe.confirm(intent.id, 'succeeded');
    const forged = await stripe.deliver(events[2]!, { secret: 'whsec_someone_else' });
    const stale = await stripe.deliver(events[2]!, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect({ forged, stale }).toEqual({ forged: 400, stale: 400 });
    const unsigned = await fetch(stripe.webhook!.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(events[2]) });
    expect(unsigned.status).toBe(400);
    // Signed correctly but the body changed after signing.
    const payload = JSON.stringify(events[2]);
    const tampered = await fetch(stripe.webhook!.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.signature(payload, WEBHOOK_SECRET) },
      body: payload.replace('"active"', '"trialing"'),
    });
    expect(tampered.status).toBe(400);
    expect((await tampered.json()).message).toBe('The Stripe signature is invalid or too old.');
    expect(await eventsStored(events.map((e) => e.id))).toBe(0);
    expect(await me(patient.client)).toMatchObject({ isPremium: false });
  });
});

describe('Consultation fees', () => {
  const feeDoctor = () => doctorParty(server.url, { consultationFee: 7500 });

  /** A patient who booked a doctor of their own and asked to pay the fee. */
  async function bookedAndCheckedOut(appointmentDate = minutesFromNow(3 * 24 * 60)) {
    const [patient, doctor] = await Promise.all([patientParty(server.url), feeDoctor()]);
    const booked = await book(patient.client, doctor.account.record.id, appointmentDate);
    const res = await patient.client.post(`/api/consultations/${booked.id}/payment`, {}, { 'Idempotency-Key': crypto.randomUUID() });
    expect(res.status).toBe(200);
    const intent = [...stripe.paymentIntents.values()].find((pi) => pi.client_secret === res.body.clientSecret)!;
    return { patient, doctor, booked, answer: res.body, intent };
  }

  it("collects the doctor's fee (never the body's) and moves pending -> paid on the webhook; the doctor sees it", async () => {
    const [patient, doctor] = await Promise.all([patientParty(server.url), feeDoctor()]);
    const res = await patient.client.post('/api/consultations', { doctorId: doctor.account.record.id, appointmentDate: minutesFromNow(3 * 24 * 60), consultationType: 'video', symptoms: 'Cough', fee: 1 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ fee: 7500, paymentStatus: 'pending' });
    const pay = await patient.client.post(`/api/consultations/${res.body.id}/payment`, {});
    expect(pay.body.amount).toBe(7500);
    const intent = [...stripe.paymentIntents.values()].find((pi) => pi.client_secret === pay.body.clientSecret)!;
    expect(intent).toMatchObject({ amount: 7500, currency: 'usd', metadata: { consultationId: res.body.id } });

    await stripe.deliverAll(stripe.confirm(intent.id, 'succeeded'));
    expect((await patient.client.get(`/api/consultations/${res.body.id}`)).body.paymentStatus).toBe('paid');
    const seen = await doctor.client.get(`/api/doctor/consultation/${res.body.id}`);
    expect(seen.body.paymentStatus ?? seen.body.consultation?.paymentStatus).toBe('paid');
    expect(await Payment.query().findOne({ consultationId: res.body.id })).toMatchObject({ status: 'paid', amount: 7500, stripePaymentIntentId: intent.id });

    const again = await patient.client.post(`/api/consultations/${res.body.id}/payment`, {});
    expect(again.status).toBe(409);
  });

  it('reuses the same PaymentIntent for a retry after a declined card, and a late decline cannot unpay it', async () => {
    const { patient, booked, intent } = await bookedAndCheckedOut();
    const [declined] = stripe.confirm(intent.id, 'declined');
    await stripe.deliver(declined!);
    expect((await patient.client.get(`/api/consultations/${booked.id}`)).body.paymentStatus).toBe('failed');
    const retry = await patient.client.post(`/api/consultations/${booked.id}/payment`, {});
    expect(retry.body.clientSecret).toBe(intent.client_secret);
    const [succeeded] = stripe.confirm(intent.id, 'succeeded');
    await stripe.deliver(succeeded!);
    // The decline is delivered again, late: the fee stays paid.
    await stripe.deliver({ ...declined!, id: `${declined!.id}_late` });
    expect((await patient.client.get(`/api/consultations/${booked.id}`)).body.paymentStatus).toBe('paid');
  });

  it('a consultation whose payment failed cannot be joined, by either side, until it is paid', async () => {
    const { patient, doctor, booked, intent } = await bookedAndCheckedOut(minutesFromNow(5));
    await stripe.deliverAll(stripe.confirm(intent.id, 'declined'));
    const patientSocket = await signedInSocket(server.url, patient.client);
    const doctorSocket = await signedInSocket(server.url, doctor.client);
    try {
      const refused = await request(patientSocket, 'consultation:join', { consultationId: booked.id });
      expect(refused).toEqual({ ok: false, error: { code: 'payment_failed', message: PAYMENT_FAILED_JOIN_MESSAGE, requestId: expect.any(String) } });
      expect((await request(doctorSocket, 'consultation:join', { consultationId: booked.id })).ok).toBe(false);
      await stripe.deliverAll(stripe.confirm(intent.id, 'succeeded'));
      expect((await request(patientSocket, 'consultation:join', { consultationId: booked.id })).ok).toBe(true);
    } finally {
      patientSocket.close();
      doctorSocket.close();
    }
  });

  it('refunds in full when the patient cancels more than 24 hours ahead', async () => {
    const { patient, booked, intent } = await bookedAndCheckedOut(minutesFromNow(3 * 24 * 60));
    await stripe.deliverAll(stripe.confirm(intent.id, 'succeeded'));
    const cancelled = await patient.client.post(`/api/consultations/${booked.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    const refunds = [...stripe.refunds.values()].filter((r) => r.payment_intent === intent.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount).toBe(7500);
    expect((await patient.client.get(`/api/consultations/${booked.id}`)).body.paymentStatus).toBe('refunded');
    expect(await Payment.query().findOne({ consultationId: booked.id })).toMatchObject({ status: 'refunded' });
    // A late 'succeeded' cannot turn the refund back into a payment.
    await stripe.deliver(stripe.event('payment_intent.succeeded', intent));
    expect((await Consultation.query().findById(booked.id))!.paymentStatus).toBe('refunded');
  });

  it('keeps the fee when the patient cancels within 24 hours, refunds when the doctor cancels at any time', async () => {
    const late = await bookedAndCheckedOut(minutesFromNow(6 * 60));
    await stripe.deliverAll(stripe.confirm(late.intent.id, 'succeeded'));
    await late.patient.client.post(`/api/consultations/${late.booked.id}/cancel`, {});
    expect((await Consultation.query().findById(late.booked.id))!).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' });
    expect([...stripe.refunds.values()].some((r) => r.payment_intent === late.intent.id)).toBe(false);

    const byDoctor = await bookedAndCheckedOut(minutesFromNow(2 * 60));
    await stripe.deliverAll(stripe.confirm(byDoctor.intent.id, 'succeeded'));
    const res = await byDoctor.doctor.client.put(`/api/doctor/consultation/${byDoctor.booked.id}/status`, { status: 'cancelled' });
    expect(res.status).toBe(200);
    expect((await Consultation.query().findById(byDoctor.booked.id))!.paymentStatus).toBe('refunded');
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === byDoctor.intent.id)).toHaveLength(1);
  });

  it('sends each consultation what a cancellation by the patient would do now: the deadline, the refund, what is kept', async () => {
    const early = await bookedAndCheckedOut(minutesFromNow(3 * 24 * 60));
    const read = async (party: typeof early) => (await party.patient.client.get(`/api/consultations/${party.booked.id}`)).body;
    const unpaid = await read(early);
    expect(unpaid.cancellation).toEqual({
      refundDeadline: new Date(Date.parse(unpaid.appointmentDate) - 24 * 3_600_000).toISOString(),
      deadlinePassed: false,
      refundAmount: 0,
      keptAmount: 0,
    });
    await stripe.deliverAll(stripe.confirm(early.intent.id, 'succeeded'));
    expect((await read(early)).cancellation).toMatchObject({ deadlinePassed: false, refundAmount: 7500, keptAmount: 0 });

    const late = await bookedAndCheckedOut(minutesFromNow(6 * 60));
    await stripe.deliverAll(stripe.confirm(late.intent.id, 'succeeded'));
    const listed = (await late.patient.client.get('/api/consultations')).body.find((c: { id: string }) => c.id === late.booked.id);
    expect(listed.cancellation).toMatchObject({ deadlinePassed: true, refundAmount: 0, keptAmount: 7500 });

    // Once cancelled there is nothing left to decide: the payment status says where the fee went.
    const cancelled = await late.patient.client.post(`/api/consultations/${late.booked.id}/cancel`, { refundAmount: 0 });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', cancellation: null });
  });

  it('a consultation whose doctor the clinic withdrew says so, cannot be paid or moved, and refunds in full when cancelled late', async () => {
    const late = await bookedAndCheckedOut(minutesFromNow(6 * 60));
    await stripe.deliverAll(stripe.confirm(late.intent.id, 'succeeded'));
    const unpaid = await bookedAndCheckedOut(minutesFromNow(3 * 24 * 60));
    const read = async (party: typeof late) => (await party.patient.client.get(`/api/consultations/${party.booked.id}`)).body;
    expect(await read(late)).toMatchObject({ doctorWithdrawn: false, cancellation: { deadlinePassed: true, refundAmount: 0, keptAmount: 7500 } });

    await Doctor.query().patch({ isActive: false }).whereIn('id', [late.doctor.account.record.id, unpaid.doctor.account.record.id]);
    expect(await read(late)).toMatchObject({ doctorWithdrawn: true, cancellation: { deadlinePassed: true, refundAmount: 7500, keptAmount: 0 } });
    const payment = await unpaid.patient.client.post(`/api/consultations/${unpaid.booked.id}/payment`, {});
    expect(payment.status).toBe(409);
    expect(payment.body.message).toMatch(/can no longer take this consultation, so there is nothing to pay\. Cancel it and book another doctor\.$/);
    const moved = await late.patient.client.patch(`/api/consultations/${late.booked.id}`, { appointmentDate: minutesFromNow(4 * 24 * 60) });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toMatch(/can no longer take this consultation, so it cannot be moved\./);

    const cancelled = await late.patient.client.post(`/api/consultations/${late.booked.id}/cancel`, { refundAmount: 7500 });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === late.intent.id)).toHaveLength(1);
  });

  it('deleting the account cancels each scheduled consultation by the refund rule: refunded ahead of the deadline, kept after it', async () => {
    const [patient, early, late] = await Promise.all([patientParty(server.url), feeDoctor(), feeDoctor()]);
    const paid = async (doctor: typeof early, appointmentDate: string) => {
      const booked = await book(patient.client, doctor.account.record.id, appointmentDate);
      const checkout = await patient.client.post(`/api/consultations/${booked.id}/payment`, {});
      const intent = [...stripe.paymentIntents.values()].find((pi) => pi.client_secret === checkout.body.clientSecret)!;
      await stripe.deliverAll(stripe.confirm(intent.id, 'succeeded'));
      return { id: booked.id as string, intent };
    };
    const ahead = await paid(early, minutesFromNow(3 * 24 * 60));
    const soon = await paid(late, minutesFromNow(6 * 60));

    expect((await patient.client.post('/api/account/deletion', { password: patient.account.password })).status).toBe(200);
    expect(await Consultation.query().findById(ahead.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(await Consultation.query().findById(soon.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' });
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === ahead.intent.id)).toHaveLength(1);
    expect([...stripe.refunds.values()].some((r) => r.payment_intent === soon.intent.id)).toBe(false);
  });

  it('refuses an account deletion whose refunds are not the ones the patient was shown, and deletes nothing', async () => {
    const late = await bookedAndCheckedOut(minutesFromNow(6 * 60));
    await stripe.deliverAll(stripe.confirm(late.intent.id, 'succeeded'));
    const { password } = late.patient.account;
    const refused = await late.patient.client.post('/api/account/deletion', { password, refundAmount: 7500 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Deleting your account now refunds $0.00, not the $75.00 shown when you opened it. Nothing was deleted: read the new terms and delete again if you still want to.',
    );
    expect((await User.query().findById(late.patient.account.record.id))!.deletionScheduledFor).toBeNull();
    expect((await Consultation.query().findById(late.booked.id))!.status).toBe('scheduled');
    expect((await late.patient.client.get('/api/auth/me')).status).toBe(200);
    expect((await late.patient.client.post('/api/account/deletion', { password, refundAmount: 1.5 })).status).toBe(400);

    expect((await late.patient.client.post('/api/account/deletion', { password, refundAmount: 0 })).status).toBe(200);
    expect(await Consultation.query().findById(late.booked.id)).toMatchObject({ status: 'cancelled', paymentStatus: 'paid' });
  });

  it('refuses a cancellation whose refund is not the one the patient was shown, and cancels nothing', async () => {
    const late = await bookedAndCheckedOut(minutesFromNow(6 * 60));
    await stripe.deliverAll(stripe.confirm(late.intent.id, 'succeeded'));
    const refused = await late.patient.client.post(`/api/consultations/${late.booked.id}/cancel`, { refundAmount: 7500 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Cancelling now refunds \$0\.00, not the \$75\.00 shown when you opened it\. Nothing was cancelled/);
    expect((await Consultation.query().findById(late.booked.id))!.status).toBe('scheduled');
    expect((await late.patient.client.post(`/api/consultations/${late.booked.id}/cancel`, { refundAmount: -1 })).status).toBe(400);

    const accepted = await late.patient.client.post(`/api/consultations/${late.booked.id}/cancel`, { refundAmount: 0 });
    expect(accepted.status).toBe(200);
    expect([...stripe.refunds.values()].some((r) => r.payment_intent === late.intent.id)).toBe(false);
  });

  it('cancelling an unpaid consultation cancels its PaymentIntent, so it can no longer be paid', async () => {
    const { patient, booked, intent } = await bookedAndCheckedOut();
    await patient.client.post(`/api/consultations/${booked.id}/cancel`, {});
    expect(stripe.paymentIntents.get(intent.id)!.status).toBe('canceled');
    expect(await Payment.query().findOne({ consultationId: booked.id })).toMatchObject({ status: 'canceled' });
    expect((await patient.client.post(`/api/consultations/${booked.id}/payment`, {})).status).toBe(409);
  });

  it('a fee that still succeeds after its consultation was cancelled (a race with the cancel) is refunded', async () => {
    const { patient, booked, intent } = await bookedAndCheckedOut(minutesFromNow(3 * 60));
    // The card is accepted at Stripe while the patient cancels here; the webhook arrives after the cancel.
    const events = stripe.confirm(intent.id, 'succeeded');
    expect((await patient.client.post(`/api/consultations/${booked.id}/cancel`, {})).status).toBe(200);
    await stripe.deliverAll(events);
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === intent.id)).toHaveLength(1);
    expect((await Consultation.query().findById(booked.id))!.paymentStatus).toBe('refunded');
  });

  it('a fee Stripe took whose webhook is late cannot be paid twice: the checkout records it paid and answers 409, with no second PaymentIntent', async () => {
    const { patient, booked, intent } = await bookedAndCheckedOut();
    const lateWebhook = stripe.confirm(intent.id, 'succeeded');
    const intentsBefore = stripe.paymentIntents.size;
    const again = await patient.client.post(`/api/consultations/${booked.id}/payment`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ALREADY_PAID_MESSAGE);
    expect(stripe.paymentIntents.size).toBe(intentsBefore);
    expect((await patient.client.get(`/api/consultations/${booked.id}`)).body.paymentStatus).toBe('paid');
    await stripe.deliverAll(lateWebhook);
    expect(await Payment.query().findOne({ consultationId: booked.id })).toMatchObject({ status: 'paid', stripePaymentIntentId: intent.id });
  });

  it("after paying, the browser asks the server to check the fee with Stripe: paid at once though the webhook is late; another patient's consultation answers 404", async () => {
    const { patient, booked, intent } = await bookedAndCheckedOut();
    const unpaid = await patient.client.post(`/api/consultations/${booked.id}/payment/sync`, {});
    expect(unpaid.status).toBe(200);
    expect(unpaid.body).toMatchObject({ id: booked.id, paymentStatus: 'pending' });

    const lateWebhook = stripe.confirm(intent.id, 'succeeded');
    const stranger = await patientParty(server.url);
    expect((await stranger.client.post(`/api/consultations/${booked.id}/payment/sync`, {})).status).toBe(404);
    expect((await Consultation.query().findById(booked.id))!.paymentStatus).toBe('pending');
    const synced = await patient.client.post(`/api/consultations/${booked.id}/payment/sync`, {});
    expect(synced.body).toMatchObject({ id: booked.id, paymentStatus: 'paid' });
    await stripe.deliverAll(lateWebhook);
    expect(await Payment.query().findOne({ consultationId: booked.id })).toMatchObject({ status: 'paid', stripePaymentIntentId: intent.id });
  });

  it('a fee Stripe took for a consultation cancelled meanwhile, found by the sync before its webhook, is refunded in full, once', async () => {
    const { patient, booked, intent } = await bookedAndCheckedOut();
    const lateWebhook = stripe.confirm(intent.id, 'succeeded');
    // Cancelled while the card was being paid: the unpaid PaymentIntent cannot be cancelled any more (Stripe took it).
    expect((await patient.client.post(`/api/consultations/${booked.id}/cancel`, {})).status).toBe(200);
    expect((await Consultation.query().findById(booked.id))!.paymentStatus).toBe('pending');

    const synced = await patient.client.post(`/api/consultations/${booked.id}/payment/sync`, {});
    expect(synced.body).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    await stripe.deliverAll(lateWebhook);
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === intent.id)).toEqual([expect.objectContaining({ amount: intent.amount })]);
  });

  it("answers 503 'Payments are unavailable right now' with Retry-After when Stripe cannot be reached, never 500", async () => {
    const { patient, booked } = await bookedAndCheckedOut();
    await stripe.stop();
    try {
      const answers = [await patient.client.post(`/api/consultations/${booked.id}/payment/sync`, {}), await patient.client.post('/api/create-payment-intent', { plan: 'yearly' })];
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(answer.body.message).toBe(PAYMENTS_UNAVAILABLE_MESSAGE);
        expect(answer.headers.get('retry-after')).toBe('60');
      }
    } finally {
      await stripe.start(Number(new URL(stripe.url).port));
    }
  });

  it('two fee checkouts at once get the same PaymentIntent', async () => {
    const [patient, doctor] = await Promise.all([patientParty(server.url), feeDoctor()]);
    const booked = await book(patient.client, doctor.account.record.id);
    const answers = await Promise.all([1, 2, 3].map(() => patient.client.post(`/api/consultations/${booked.id}/payment`, {})));
    expect(new Set(answers.map((a) => a.body.clientSecret)).size).toBe(1);
    expect([...stripe.paymentIntents.values()].filter((pi) => pi.metadata.consultationId === booked.id)).toHaveLength(1);
  });

  it('a cancellation stands when Stripe cannot be reached for the refund: the refund is owed, said to be pending, and made by the retry sweep once', async () => {
    const { patient, booked, intent } = await bookedAndCheckedOut(minutesFromNow(3 * 24 * 60));
    await stripe.deliverAll(stripe.confirm(intent.id, 'succeeded'));
    await stripe.stop();
    try {
      const cancelled = await patient.client.post(`/api/consultations/${booked.id}/cancel`, {});
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refundPending: true });
      expect(await retryDueRefunds(server.app.deps)).toBe(0);
    } finally {
      await stripe.start(Number(new URL(stripe.url).port));
    }
    expect((await patient.client.get(`/api/consultations/${booked.id}`)).body.refundPending).toBe(true);

    expect(await retryDueRefunds(server.app.deps)).toBeGreaterThanOrEqual(1);
    expect((await patient.client.get(`/api/consultations/${booked.id}`)).body).toMatchObject({ paymentStatus: 'refunded', refundPending: false });
    await retryDueRefunds(server.app.deps);
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === intent.id)).toHaveLength(1);
  });

  it("tells the patient's and the doctor's open screens each time the fee moves: paid, owed after the cancel's own push, refunded by the retry", async () => {
    const { patient, doctor, booked, intent } = await bookedAndCheckedOut(minutesFromNow(3 * 24 * 60));
    const [patientSocket, doctorSocket] = await Promise.all([signedInSocket(server.url, patient.client), signedInSocket(server.url, doctor.client)]);
    const feeMoved = () => Promise.all([patientSocket, doctorSocket].map((socket) => nextEvent(socket, 'consultation:payment', (e: { consultationId: string }) => e.consultationId === booked.id)));
    try {
      const paid = feeMoved();
      await stripe.deliverAll(stripe.confirm(intent.id, 'succeeded'));
      await paid;
      await stripe.stop();
      try {
        const owed = feeMoved();
        await patient.client.post(`/api/consultations/${booked.id}/cancel`, {});
        await owed;
      } finally {
        await stripe.start(Number(new URL(stripe.url).port));
      }
      const refunded = feeMoved();
      await retryDueRefunds(server.app.deps);
      await refunded;
      expect((await doctor.client.get(`/api/doctor/consultation/${booked.id}`)).body).toMatchObject({ paymentStatus: 'refunded', refundPending: false });
    } finally {
      patientSocket.close();
      doctorSocket.close();
    }
  });

  it('a refund Stripe made but this server did not record (a crash between the two) is recorded by the retry, not made again', async () => {
    const { patient, booked, intent } = await bookedAndCheckedOut(minutesFromNow(3 * 24 * 60));
    await stripe.deliverAll(stripe.confirm(intent.id, 'succeeded'));
    expect((await patient.client.post(`/api/consultations/${booked.id}/cancel`, {})).body.paymentStatus).toBe('refunded');
    // As after a crash between Stripe's answer and the write, past the idempotency key's 24 hours.
    await Consultation.query().patch({ paymentStatus: 'paid', refundDueAt: new Date(Date.now() - 25 * 3_600_000) }).findById(booked.id);
    await Payment.query().patch({ status: 'paid' }).where({ consultationId: booked.id });
    stripe.forgetIdempotencyKeys();

    await retryDueRefunds(server.app.deps);
    expect((await patient.client.get(`/api/consultations/${booked.id}`)).body).toMatchObject({ paymentStatus: 'refunded', refundPending: false });
    expect([...stripe.refunds.values()].filter((r) => r.payment_intent === intent.id)).toHaveLength(1);
  });

  it('a fee kept by the rule is not owed: no refund pending and nothing for the retry sweep', async () => {
    const { patient, booked, intent } = await bookedAndCheckedOut(minutesFromNow(6 * 60));
    await stripe.deliverAll(stripe.confirm(intent.id, 'succeeded'));
    const cancelled = await patient.client.post(`/api/consultations/${booked.id}/cancel`, {});
    expect(cancelled.body).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refundPending: false });
    await retryDueRefunds(server.app.deps);
    expect([...stripe.refunds.values()].some((r) => r.payment_intent === intent.id)).toBe(false);
  });

  it("another patient's consultation answers 404", async () => {
    const { booked } = await bookedAndCheckedOut();
    const stranger = await patientParty(server.url);
    expect((await stranger.client.post(`/api/consultations/${booked.id}/payment`, {})).status).toBe(404);
  });
});

describe('Without Stripe keys, and in production', () => {
  it('answers 503 "Payments are not configured" on every payment endpoint, while Testing Mode still grants Premium', async () => {
    const patient = await patientParty(unconfigured.url);
    const doctor = await doctorParty(unconfigured.url);
    const booked = await book(patient.client, doctor.account.record.id);
    const config = await patient.client.get('/api/payments/config');
    expect(config.body).toEqual({ configured: false, publishableKey: null, testMode: true, freeCancellationHours: 24 });
    const answers = await Promise.all([
      patient.client.post('/api/create-payment-intent', { plan: 'monthly' }),
      patient.client.post(`/api/consultations/${booked.id}/payment`, {}),
      patient.client.post(`/api/consultations/${booked.id}/payment/sync`, {}),
      patient.client.post('/api/subscription/sync', {}),
      new TestClient(unconfigured.url).post('/api/webhooks/stripe', { id: 'evt_x' }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe('Payments are not configured');
    }
    const granted = await patient.client.post('/api/test/grant-premium', {});
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ isPremium: true });
    expect((await patient.client.get('/api/subscription')).body.subscription).toMatchObject({ testMode: true });
    // A Testing Mode grant ends from Manage Subscription at once.
    await patient.client.post('/api/subscription/cancel', {});
    expect(await me(patient.client)).toMatchObject({ isPremium: false });
  });

  it('the configured server tells the client its publishable key', async () => {
    const patient = await patientParty(server.url);
    expect((await patient.client.get('/api/payments/config')).body).toEqual({ configured: true, publishableKey: 'pk_test_medivault', testMode: true, freeCancellationHours: 24 });
  });

  it('refuses Testing Mode in production (404) and changes nothing', async () => {
    const config = loadConfig(PRODUCTION_ENV);
    const production = createHttpServer(createApp({ config, knex: server.app.deps.knex }), config).listen(0, '127.0.0.1');
    await once(production, 'listening');
    try {
      const patient = await createPatient();
      const client = new TestClient(`http://127.0.0.1:${(production.address() as AddressInfo).port}`, THROUGH_PROXY);
      expect((await client.post('/api/auth/login', { usernameOrEmail: patient.login, password: patient.password })).status).toBe(200);
      const res = await client.post('/api/test/grant-premium', {});
      expect(res.status).toBe(404);
      expect((await User.query().findById(patient.record.id))!.stripeSubscriptionId).toBeNull();
      expect((await client.get('/api/payments/config')).body.testMode).toBe(false);
    } finally {
      production.close();
    }
  });

  it('refuses unsafe or incomplete Stripe settings at start', () => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, ...STRIPE_ENV, STRIPE_API_BASE: 'http://127.0.0.1:1' })).toThrow(/STRIPE_API_BASE must not be set in production/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET must be set with the other Stripe keys/);
    expect(() => loadConfig({ ...STRIPE_ENV, STRIPE_PUBLISHABLE_KEY: 'sk_live_oops' })).toThrow(/never a secret key/);
  });
});
