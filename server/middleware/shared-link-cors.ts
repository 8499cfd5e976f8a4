import type { Next } from 'koa';
import type { AppContext } from '../context';

/** The SMART Health Link endpoints a receiver calls without an account: the manifest, a `U` link's file, and the download addresses. */
export const isSharedLinkPath = (path: string): boolean => path.startsWith('/api/shl/');

/**
 * Any SMART Health Links receiver, a web app on any origin among them, must be able to open a link: these
 * endpoints answer every origin, without cookies (`*` never lets a browser send credentials), preflight included.
 */
export async function allowSharedLinkReceivers(ctx: AppContext, next: Next): Promise<void> {
  if (!isSharedLinkPath(ctx.path)) return next();
  ctx.set('Access-Control-Allow-Origin', '*');
  if (ctx.method !== 'OPTIONS') return next();
  ctx.set('Access-Control-Allow-Methods', 'GET, POST');
  ctx.set('Access-Control-Allow-Headers', 'Content-Type');
  ctx.set('Access-Control-Max-Age', '600');
  ctx.status = 204;
}
