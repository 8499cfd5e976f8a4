import type { Router } from '@koa/router';
import type { Next } from 'koa';
import type { AppContext } from '../context';
import { MalformedRequest, PayloadTooLarge } from '../errors';

/** Marks a route that reads its own (large) JSON body with its own limit, so the global body parser leaves it alone. */
export const OWN_BODY_MARK = Symbol.for('medivault.ownBody');

/** Runs before the global body parser: routes marked OWN_BODY_MARK get their body later, after their policy. */
export function leaveOwnBodiesUnparsed(router: Router) {
  return (ctx: AppContext & { disableBodyParser?: boolean }, next: Next) => {
    if (ctx.method === 'POST' && ctx.path.startsWith('/api/')) {
      const { pathAndMethod } = router.match(ctx.path, ctx.method);
      if (pathAndMethod.some((layer) => layer.stack.some((fn) => OWN_BODY_MARK in fn))) ctx.disableBodyParser = true;
    }
    return next();
  };
}

/**
 * The request's body as it arrived, counted while it streams in: a declared or actual size over
 * `limitBytes` answers 413 at once, and the connection is closed after the answer rather than read to its end.
 */
export async function readRawBody(ctx: AppContext, limitBytes: number, tooLargeMessage: string): Promise<Buffer> {
  const tooLarge = () => {
    ctx.set('Connection', 'close');
    return new PayloadTooLarge(tooLargeMessage);
  };
  if (Number(ctx.get('Content-Length') || 0) > limitBytes) throw tooLarge();
  const { req } = ctx;
  const chunks: Buffer[] = [];
  let size = 0;
  await new Promise<void>((resolve, reject) => {
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limitBytes) {
        chunks.push(chunk);
        return;
      }
      stop();
      req.pause();
      reject(tooLarge());
    };
    const onEnd = () => {
      stop();
      resolve();
    };
    const onError = (err: Error) => {
      stop();
      reject(err);
    };
    // The client went away before the end: nobody is left to answer, but the request must not hang.
    const onClose = () => {
      stop();
      reject(new MalformedRequest('The upload was interrupted before it was complete.'));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
  return Buffer.concat(chunks, size);
}

/** The request's JSON body, read as `readRawBody` reads it, then parsed. */
export async function readJsonBody(ctx: AppContext, limitBytes: number, tooLargeMessage: string): Promise<unknown> {
  const text = (await readRawBody(ctx, limitBytes, tooLargeMessage)).toString('utf8');
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new MalformedRequest('The request body is not valid JSON.');
  }
}
