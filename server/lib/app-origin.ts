import type { AppContext } from '../context';

/** This server's origin as the browser reached it (behind a proxy, from X-Forwarded-* when TRUST_PROXY is set). */
export const appOrigin = (ctx: AppContext) => `${ctx.protocol}://${ctx.host}`;
