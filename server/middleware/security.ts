import type { Next } from 'koa';
import helmet from 'koa-helmet';
import type { AppContext } from '../context';
import type { Config } from '../config';
import { Forbidden, UnsupportedMediaType } from '../errors';
import { carriesSessionCookie } from '../session';
import { isSharedLinkPath } from './shared-link-cors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const UNSOURCED_SIGNED_IN_REQUEST = 'A signed-in request that changes something must say where it comes from (an Origin header).';

/** Headers every answer carries; only the Content-Security-Policy differs between pages and the API. */
function helmetWith(config: Config, directives: Record<string, string[]>) {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  });
}

const PAGE_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://js.stripe.com'],
  // styled-components writes <style> tags at run time; scripts stay strictly external.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  fontSrc: ["'self'", 'data:'],
  // 'self' covers this origin's own WebSocket (ws: or wss: as the page's scheme); no other host is reachable.
  connectSrc: ["'self'", 'https://api.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** JSON is never rendered as a page: an API answer may load nothing and be framed by no one. */
const API_POLICY = { defaultSrc: ["'none'"], frameAncestors: ["'none'"] };

/** The API reference page: Swagger UI's script and styles from this server, the document fetched from it. */
const API_DOCS_PATH = '/api/docs';
const API_DOCS_POLICY = {
  defaultSrc: ["'none'"],
  scriptSrc: ["'self'"],
  // Swagger UI sets style attributes as it renders.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export function securityHeaders(config: Config) {
  const pageHeaders = helmetWith(config, PAGE_POLICY);
  const apiHeaders = helmetWith(config, API_POLICY);
  const apiDocsHeaders = helmetWith(config, API_DOCS_POLICY);
  return (ctx: AppContext, next: Next) => {
    if (ctx.path === API_DOCS_PATH || ctx.path.startsWith(`${API_DOCS_PATH}/`)) return apiDocsHeaders(ctx, next);
    return (ctx.path.startsWith('/api') ? apiHeaders : pageHeaders)(ctx, next);
  };
}

/**
 * The origins a browser may send state-changing requests from: this server's own, plus ALLOWED_ORIGINS.
 * Its own is PUBLIC_URL when set (the only host it answers for then); in development, the host it was reached at.
 */
export function isAllowedOrigin(origin: string, host: string | undefined, protocol: string, config: Pick<Config, 'publicOrigin' | 'allowedOrigins'>): boolean {
  if (config.allowedOrigins.includes(origin)) return true;
  if (config.publicOrigin) return origin === config.publicOrigin;
  if (!host) return false;
  try {
    const url = new URL(origin);
    return url.host === host && (url.protocol === `${protocol}:` || url.protocol === 'https:' || url.protocol === 'http:');
  } catch {
    return false;
  }
}

/** Refuses cross-site state changes and non-JSON bodies on the API. */
export function apiGuards(config: Config) {
  return async (ctx: AppContext, next: Next): Promise<void> => {
    if (!ctx.path.startsWith('/api')) return next();
    ctx.set('Cache-Control', 'no-store');
    if (STATE_CHANGING.has(ctx.method)) {
      const origin = ctx.get('Origin');
      const fetchSite = ctx.get('Sec-Fetch-Site');
      const crossSite = origin
        ? !isAllowedOrigin(origin, ctx.host, ctx.protocol, config)
        : // Browsers that omit Origin still say where a request came from.
          fetchSite === 'cross-site';
      // A shared link's manifest is asked for by receivers on any origin, and acts on no session (shared-link-cors.ts).
      const foreign = crossSite && !isSharedLinkPath(ctx.path);
      if (foreign) throw new Forbidden('Cross-site requests are not allowed.');
      // A session cookie carried by a request that says neither is one no browser page of ours sent; API clients without cookies
      // are unaffected. Production only: development and test servers take scripted clients' requests (Playwright's) as they come.
      if (config.env === 'production' && !origin && !fetchSite && carriesSessionCookie(ctx)) throw new Forbidden(UNSOURCED_SIGNED_IN_REQUEST);
      const hasBody = Number(ctx.get('Content-Length') || 0) > 0 || Boolean(ctx.get('Transfer-Encoding'));
      if (hasBody && !ctx.is('application/json')) throw new UnsupportedMediaType();
    }
    await next();
  };
}
