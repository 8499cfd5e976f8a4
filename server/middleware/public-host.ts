import type { Next } from 'koa';
import type { AppContext } from '../context';
import type { Config } from '../config';
import { MisdirectedRequest } from '../errors';
import { PROBE_PATHS } from '../routes/health';
import { METRICS_PATH } from './metrics-endpoint';

/**
 * Answered for any host: orchestrators probe a replica at its own internal address, and Prometheus scrapes
 * it there (with its bearer token). None of them writes a link or reads a session.
 */
const ANY_HOST_PATHS = new Set([...Object.values(PROBE_PATHS).map((path) => `/api${path}`), METRICS_PATH]);

/** A Host value as URL parsing normalises it (lower case, no default port); null for anything that is not a bare host[:port]. */
function normalisedHost(host: string, protocol: string): string | null {
  if (!host || /[/?#@\\\s]/.test(host)) return null;
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return null;
  }
}

/** Whether a request for this host (Host, or X-Forwarded-Host behind TRUST_PROXY) is one this server answers: PUBLIC_URL's host only, once it is set. */
export function servesHost(config: Pick<Config, 'publicOrigin'>, host: string): boolean {
  if (!config.publicOrigin) return true;
  const expected = new URL(config.publicOrigin);
  return normalisedHost(host, expected.protocol) === expected.host;
}

export const misdirectedMessage = (config: Pick<Config, 'publicOrigin'>) => `This server answers only at ${config.publicOrigin}.`;

/** Refuses (421) requests for another host than PUBLIC_URL's before anything else runs. Without PUBLIC_URL (development) every host is served. */
export function onlyPublicHost(config: Config) {
  return async (ctx: AppContext, next: Next): Promise<void> => {
    if (!ANY_HOST_PATHS.has(ctx.path) && !servesHost(config, ctx.host)) throw new MisdirectedRequest(misdirectedMessage(config));
    await next();
  };
}
