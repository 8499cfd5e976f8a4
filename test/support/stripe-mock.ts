/**
 * A small stateful stand-in for Stripe's API (api.stripe.com cannot be reached from these machines). The
 * server under test runs the REAL `stripe` SDK, pointed here by STRIPE_API_BASE; this answers the
 * endpoints MediVault calls (customers, products, subscriptions, payment intents, refunds) with objects of
 * Stripe's shape, keeps Stripe's idempotency-key rule, and plays Stripe's side of a payment: confirming a
 * PaymentIntent (as Stripe.js does) settles it and its invoice and subscription, and makes the events Stripe
 * would send, signed with the SDK's own `webhooks.generateTestHeaderString`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import qs from 'qs';
import Stripe from 'stripe';

type Obj = Record<string, any>;

export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  data: { object: Obj };
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
}

export interface RecordedRequest {
  method: string;
  path: string;
  params: Obj;
}

/** Stripe's test payment methods: the Payment Element stand-in sends one of these. */
const TEST_CARDS = { visa: 'pm_card_visa', declined: 'pm_card_chargeDeclined' } as const;

const sdk = new Stripe('sk_test_signing_only');
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class StripeMock {
  readonly customers = new Map<string, Obj>();
  readonly products = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();
  readonly paymentIntents = new Map<string, Obj>();
  readonly refunds = new Map<string, Obj>();
  readonly requests: RecordedRequest[] = [];
  /** Where confirmations deliver their events when `autoDeliver` is on (the Playwright journey). */
  webhook?: { url: string; secret: string };
  autoDeliver = false;
  private readonly idempotent = new Map<string, { status: number; body: Obj }>();
  private server?: http.Server;
  url = '';

  async start(port = 0): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Forgets every idempotency key, as Stripe does after 24 hours. */
  forgetIdempotencyKeys(): void {
    this.idempotent.clear();
  }

  /** The requests MediVault made for a path prefix ('/v1/subscriptions'), in order. */
  calls(method: string, pathPrefix: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://mock');
    const params: Obj = { ...qs.parse(url.search.slice(1)), ...qs.parse(Buffer.concat(chunks).toString('utf8')) };
    const method = req.method ?? 'GET';
    this.requests.push({ method, path: url.pathname, params });
    const send = (status: number, body: Obj) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(body));
    };
    if (!this.authorized(req, method, url.pathname, params)) {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      return;
    }
    const key = req.headers['idempotency-key'] as string | undefined;
    const remembered = key && this.idempotent.get(key);
    if (remembered) {
      send(remembered.status, remembered.body);
      return;
    }
    let answer: { status: number; body: Obj };
    try {
      answer = { status: 200, body: this.route(method, url.pathname, params) };
    } catch (err) {
      if (!(err instanceof StripeApiError)) throw err;
      answer = { status: err.status, body: { error: { type: 'invalid_request_error', code: err.code, message: err.message } } };
    }
    if (key && method === 'POST') this.idempotent.set(key, answer);
    send(answer.status, answer.body);
  }

  /**
   * The server's calls carry the secret key; a browser's (Stripe.js confirming a payment) carry the
   * publishable key as `key` and the PaymentIntent's client secret, as Stripe.js sends them.
   */
  private authorized(req: http.IncomingMessage, method: string, path: string, params: Obj): boolean {
    if (/^Bearer sk_test_/.test(req.headers.authorization ?? '')) return true;
    const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
    return Boolean(method === 'POST' && confirm && /^pk_test_/.test(params.key ?? '') && this.paymentIntents.get(confirm[1]!)?.client_secret === params.client_secret);
  }

  private route(method: string, path: string, params: Obj): Obj {
    const [, , resource, objectId, verb] = path.split('/');
    const expand: string[] = [params.expand ?? []].flat();
    if (resource === 'customers' && method === 'POST' && !objectId) return this.createCustomer(params);
    if (resource === 'products') {
      if (method === 'GET') return this.found(this.products, objectId!);
      return this.createProduct(params);
    }
    if (resource === 'subscriptions') {
      if (method === 'POST' && !objectId) return this.expanded(this.createSubscription(params), expand);
      const sub = this.found(this.subscriptions, objectId!);
      if (method === 'POST') return this.expanded(this.updateSubscription(sub, params), expand);
      return this.expanded(sub, expand);
    }
    if (resource === 'payment_intents') {
      if (method === 'POST' && !objectId) return this.createPaymentIntent(params);
      const intent = this.found(this.paymentIntents, objectId!);
      if (verb === 'cancel') return this.cancelPaymentIntent(intent);
      if (verb === 'confirm') return this.confirmOverHttp(intent, params);
      return intent;
    }
    if (resource === 'refunds' && method === 'POST') return this.createRefund(params);
    throw new StripeApiError(404, 'resource_missing', `Unrecognized request URL (${method}: ${path}).`);
  }

  private found(map: Map<string, Obj>, objectId: string): Obj {
    const object = map.get(objectId);
    if (!object) throw new StripeApiError(404, 'resource_missing', `No such object: '${objectId}'`);
    return object;
  }

  /** A copy with `latest_invoice` (and its confirmation secret) expanded as asked, like Stripe's `expand[]`. */
  private expanded(sub: Obj, expand: string[]): Obj {
    if (!expand.some((path) => path.startsWith('latest_invoice'))) return sub;
    const invoice = { ...this.invoices.get(sub.latest_invoice)! };
    if (!expand.includes('latest_invoice.confirmation_secret')) delete invoice.confirmation_secret;
    return { ...sub, latest_invoice: invoice };
  }

  private createCustomer(params: Obj): Obj {
    const customer = { id: id('cus'), object: 'customer', email: params.email ?? null, name: params.name ?? null, metadata: params.metadata ?? {}, created: now() };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private createProduct(params: Obj): Obj {
    if (params.id && this.products.has(params.id)) throw new StripeApiError(400, 'resource_already_exists', 'Product already exists.');
    const product = { id: params.id ?? id('prod'), object: 'product', name: params.name, active: true, created: now() };
    this.products.set(product.id, product);
    return product;
  }

  private newIntent(params: Obj, extra: Obj = {}): Obj {
    const intentId = id('pi');
    const intent = {
      id: intentId,
      object: 'payment_intent',
      amount: Number(params.amount),
      currency: params.currency ?? 'usd',
      customer: params.customer ?? null,
      description: params.description ?? null,
      metadata: params.metadata ?? {},
      status: 'requires_payment_method',
      client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
      last_payment_error: null,
      created: now(),
      livemode: false,
      ...extra,
    };
    this.paymentIntents.set(intentId, intent);
    return intent;
  }

  private createPaymentIntent(params: Obj): Obj {
    if (!params.customer || !this.customers.has(params.customer)) throw new StripeApiError(400, 'resource_missing', `No such customer: '${params.customer}'`);
    return this.newIntent(params);
  }

  private createSubscription(params: Obj): Obj {
    if (!this.customers.has(params.customer)) throw new StripeApiError(400, 'resource_missing', `No such customer: '${params.customer}'`);
    const priceData = params.items?.[0]?.price_data;
    if (!priceData || !this.products.has(priceData.product)) throw new StripeApiError(400, 'resource_missing', 'items[0][price_data][product] must name a product.');
    const subId = id('sub');
    const amount = Number(priceData.unit_amount);
    const interval = priceData.recurring.interval as 'month' | 'year';
    const created = now();
    const invoiceId = id('in');
    const intent = this.newIntent({ amount, currency: priceData.currency, customer: params.customer }, { invoiceId });
    this.invoices.set(invoiceId, {
      id: invoiceId,
      object: 'invoice',
      customer: params.customer,
      amount_due: amount,
      amount_paid: 0,
      currency: priceData.currency,
      status: 'open',
      description: null,
      parent: { type: 'subscription_details', subscription_details: { subscription: subId, metadata: params.metadata ?? {} } },
      confirmation_secret: { type: 'payment_intent', client_secret: intent.client_secret },
      created,
    });
    const sub = {
      id: subId,
      object: 'subscription',
      customer: params.customer,
      status: 'incomplete',
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      created,
      metadata: params.metadata ?? {},
      latest_invoice: invoiceId,
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            current_period_start: created,
            current_period_end: created + (interval === 'year' ? 365 : 30) * DAY,
            price: { id: id('price'), object: 'price', unit_amount: amount, currency: priceData.currency, product: priceData.product, recurring: { interval } },
          },
        ],
      },
    };
    this.subscriptions.set(subId, sub);
    return sub;
  }

  private updateSubscription(sub: Obj, params: Obj): Obj {
    if (params.cancel_at_period_end !== undefined) {
      sub.cancel_at_period_end = params.cancel_at_period_end === 'true';
      sub.canceled_at = sub.cancel_at_period_end ? now() : null;
    }
    return sub;
  }

  private cancelPaymentIntent(intent: Obj): Obj {
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw new StripeApiError(400, 'payment_intent_unexpected_state', `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`);
    }
    intent.status = 'canceled';
    return intent;
  }

  private createRefund(params: Obj): Obj {
    const intent = this.found(this.paymentIntents, params.payment_intent);
    if (intent.status !== 'succeeded') throw new StripeApiError(400, 'charge_not_refundable', 'This PaymentIntent has no successful charge to refund.');
    if ([...this.refunds.values()].some((r) => r.payment_intent === intent.id)) {
      throw new StripeApiError(400, 'charge_already_refunded', `Charge for ${intent.id} has already been refunded.`);
    }
    const refund = { id: id('re'), object: 'refund', amount: intent.amount, payment_intent: intent.id, status: 'succeeded', reason: params.reason ?? null, metadata: params.metadata ?? {}, created: now() };
    this.refunds.set(refund.id, refund);
    return refund;
  }

  /** Stripe.js's confirmPayment, arriving over HTTP (from the Playwright stand-in): the events go out as Stripe would send them. */
  private confirmOverHttp(intent: Obj, params: Obj): Obj {
    const events = this.confirm(intent.id, params.payment_method === TEST_CARDS.declined ? 'declined' : 'succeeded');
    if (this.autoDeliver) void this.deliverAll(events);
    return this.paymentIntents.get(intent.id)!;
  }

  // ----- Stripe's side of the story, for tests ---------------------------------------------------------

  /** An event as Stripe sends it, with a copy of the object as it is now. */
  event(type: string, object: Obj, created = now()): StripeEvent {
    return {
      id: id('evt'),
      object: 'event',
      type,
      created,
      data: { object: structuredClone(object) },
      api_version: '2026-10-28.endive',
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
  }

  /**
   * The customer confirms a PaymentIntent with a card that is accepted or declined. A subscription's first
   * invoice then becomes paid and the subscription active. Returns the events Stripe would send, in order.
   */
  confirm(intentId: string, outcome: 'succeeded' | 'declined'): StripeEvent[] {
    const intent = this.found(this.paymentIntents, intentId);
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw new StripeApiError(400, 'payment_intent_unexpected_state', `This PaymentIntent's status is ${intent.status}: it cannot be confirmed.`);
    }
    const invoice = intent.invoiceId ? this.invoices.get(intent.invoiceId) : undefined;
    const sub = invoice ? this.subscriptions.get(invoice.parent.subscription_details.subscription) : undefined;
    if (outcome === 'declined') {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
      const events = [this.event('payment_intent.payment_failed', intent)];
      return invoice ? [...events, this.event('invoice.payment_failed', invoice)] : events;
    }
    intent.status = 'succeeded';
    intent.last_payment_error = null;
    const events = [this.event('payment_intent.succeeded', intent)];
    if (!invoice || !sub) return events;
    Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due });
    sub.status = 'active';
    return [...events, this.event('invoice.paid', invoice), this.event('customer.subscription.updated', sub)];
  }

  /** Stripe ends a subscription (its period ran out after a cancellation, or payments stopped). */
  endSubscription(subId: string): StripeEvent {
    const sub = this.found(this.subscriptions, subId);
    Object.assign(sub, { status: 'canceled', ended_at: now(), canceled_at: sub.canceled_at ?? now() });
    return this.event('customer.subscription.deleted', sub);
  }

  /** The Stripe-Signature header for a body, made by the SDK itself (at `timestamp`, seconds; now by default). */
  signature(payload: string, secret: string, timestamp?: number): string {
    return sdk.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp !== undefined && { timestamp }) });
  }

  /** Posts an event to the webhook endpoint as Stripe does, signed; answers the endpoint's status. */
  async deliver(event: StripeEvent, options: { timestamp?: number; secret?: string } = {}): Promise<number> {
    if (!this.webhook) throw new Error('StripeMock.webhook is not set');
    const payload = JSON.stringify(event, null, 2);
    const response = await fetch(this.webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': this.signature(payload, options.secret ?? this.webhook.secret, options.timestamp) },
      body: payload,
    });
    await response.arrayBuffer();
    return response.status;
  }

  async deliverAll(events: StripeEvent[]): Promise<number[]> {
    const statuses: number[] = [];
    for (const event of events) statuses.push(await this.deliver(event));
    return statuses;
  }
}
