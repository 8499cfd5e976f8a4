import path from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';
import { WebPages } from './web-page';

/**
 * Serves the built PWA. A path with a file extension is a file (or a 404); any other GET outside
 * /api and /socket.io gets the app's page so client routes deep-link, with the route's hints in it
 * (server/web-page.ts). The build wrote Brotli and gzip copies beside each text file
 * (web/build/precompress.ts): koa-send answers with the one the browser accepts.
 */
export function serveWebApp(root: string, sessionCookie: string) {
  const pages = new WebPages(root);
  return async (ctx: Context, next: Next): Promise<void> => {
    await next();
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    if (ctx.path.startsWith('/api') || ctx.path.startsWith('/socket.io')) return;
    ctx.vary('Accept-Encoding');
    if (path.extname(ctx.path)) {
      const hashedAsset = ctx.path.startsWith('/assets/');
      await send(ctx, ctx.path, {
        root,
        immutable: hashedAsset,
        maxage: hashedAsset ? 31_536_000_000 : 0,
        setHeaders: (res) => {
          if (!hashedAsset) res.setHeader('Cache-Control', 'no-cache');
        },
      }).catch(() => undefined);
      return;
    }
    // Whether the session cookie is there decides only which hints the page carries; the API still checks the session.
    const page = await pages.pageFor(ctx.path, ctx.cookies.get(sessionCookie) !== undefined);
    if (!page) return;
    const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
    ctx.set('Cache-Control', 'no-cache');
    ctx.vary('Cookie');
    ctx.type = 'html';
    if (encoding === 'br' || encoding === 'gzip') ctx.set('Content-Encoding', encoding);
    ctx.body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity;
  };
}
