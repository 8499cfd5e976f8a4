import Stripe from 'stripe';
import type { Config, StripeSettings } from '../../config';
import { ServiceUnavailable } from '../../errors';
import { PAYMENTS_NOT_CONFIGURED } from '../../../common/payment-status';

const clients = new WeakMap<StripeSettings, Stripe>();

/** The payment endpoints' answer on a server without Stripe keys. */
const paymentsNotConfigured = () => new ServiceUnavailable(PAYMENTS_NOT_CONFIGURED);

/** The settings, or 503 'Payments are not configured'. */
export function stripeSettingsOf(config: Config): StripeSettings {
  if (!config.stripe) throw paymentsNotConfigured();
  return config.stripe;
}

/** The real Stripe SDK for this server's keys (pointed at STRIPE_API_BASE when set), or 503 without keys. */
export function stripeOf(config: Config): Stripe {
  const settings = stripeSettingsOf(config);
  let client = clients.get(settings);
  if (!client) {
    const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
    client = new Stripe(settings.secretKey, {
      telemetry: false,
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(base && { host: base.hostname, port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)), protocol: base.protocol === 'http:' ? 'http' : 'https' }),
    });
    clients.set(settings, client);
  }
  return client;
}

/** A request's answer when Stripe could not be reached or refused this server's call: nothing the client did wrong. */
export const PAYMENTS_UNAVAILABLE_MESSAGE = 'Payments are unavailable right now. Please try again in a few minutes.';
const PAYMENTS_RETRY_AFTER_SECONDS = 60;

/** An error from the Stripe SDK: the network, Stripe's side, or a call Stripe refused. */
export const isStripeError = (err: unknown): err is Stripe.errors.StripeError => err instanceof Stripe.errors.StripeError;

/** How the client is told of a Stripe error. */
export const paymentsUnavailable = () => new ServiceUnavailable(PAYMENTS_UNAVAILABLE_MESSAGE, PAYMENTS_RETRY_AFTER_SECONDS);
