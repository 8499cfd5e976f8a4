import { randomUUID } from 'node:crypto';
import type * as yup from 'yup';
import type { Ack, AckCallback, ClientToServerEvents, ConsultationRef } from '../../common/socket-events';
import type { Access } from '../access/gate';
import type { RateClass } from '../access/rate-limit';
import { SessionEnded, refusedResourceOf, toAckError } from '../errors';
import { isPlainObject } from '../../common/schemas/helpers';
import { validateInput } from '../../server/validation/validate';
import { recordSocketRefusal } from '../audit';
import type { HandlerContext } from '../services';
import { timeRequest, timingFields, type RequestTiming } from '../../server/lib/request-timing';

type AckDataOf<E extends keyof ClientToServerEvents> =
  Parameters<ClientToServerEvents[E]>[1] extends AckCallback<infer T> ? T : never;

export interface SocketHandler<E extends keyof ClientToServerEvents = keyof ClientToServerEvents, S extends yup.AnyObjectSchema = yup.AnyObjectSchema> {
  event: E;
  /** The payload's schema (validated with abortEarly: false, unknown keys refused); every payload names its consultation. */
  schema: S;
  /** What the sender must still have when the request arrives (access/gate.ts). */
  access: Access;
  /** Which of the socket's rate limits the request draws on. */
  rate: RateClass;
  /**
   * Optional fast path for hot events: answers the validated input for payloads the schema surely
   * accepts (the same value the schema would produce), or null to let the schema decide and word
   * the error.
   */
  precheck?(payload: Record<string, unknown>): yup.InferType<S> | null;
  /** Act, authorizing whatever the gate does not (a membership read fresh); the answer becomes the ack's data. Throwing answers `ok: false`. */
  handle(ctx: HandlerContext, input: yup.InferType<S>): Promise<AckDataOf<E>>;
}

export function defineHandler<E extends keyof ClientToServerEvents, S extends yup.AnyObjectSchema>(handler: SocketHandler<E, S>): SocketHandler<E, S> {
  return handler;
}

const noAck = () => {};

interface Outcome {
  answer: Ack<unknown>;
  failure?: unknown;
}

/**
 * Wires a handler to a socket: the socket's rate limit -> validate (the same validateInput as REST) -> session and
 * consultation checks -> chat's account and consultation limits -> handle -> ack (a refused record audited). Nothing a client sends can throw out of here: bad payloads,
 * missing or extra arguments and handler failures all end in an error ack (or nothing, when the client
 * gave no ack callback). A socket whose session has ended gets its answer, then is closed.
 */
export function bindHandler(ctx: HandlerContext, handler: SocketHandler<keyof ClientToServerEvents, yup.AnyObjectSchema>): void {
  (ctx.socket as unknown as { on(event: string, listener: (...args: unknown[]) => void): void }).on(handler.event, (...args) => {
    const last = args[args.length - 1];
    const ack = typeof last === 'function' ? (last as (response: Ack<unknown>) => void) : noAck;
    const payload = typeof args[0] === 'function' ? undefined : args[0];
    const started = performance.now();
    const { timing, done } = timeRequest(() => run(ctx, handler, payload));
    void done.then(({ answer, failure }) => {
      const durationMs = performance.now() - started;
      try {
        ack(answer);
      } catch {
        // A client-side ack cannot throw into the server; guard anyway.
      }
      logRequest(ctx, handler.event, answer, durationMs, timing);
      // The close waits for the answer to be written.
      if (failure instanceof SessionEnded) ctx.socket.disconnect(true);
    });
  });
}

/**
 * One log line per socket request, as an HTTP request has: the event, its outcome (the error code of a
 * refusal), duration, kind of actor and where the time went (the session check, the audit row, the other
 * database queries). Never the payload or the consultation it names.
 */
function logRequest(ctx: HandlerContext, event: string, answer: Ack<unknown>, durationMs: number, timing: RequestTiming): void {
  const outcome = answer.ok ? { ok: true } : { ok: false, error: answer.error.code };
  ctx.app.deps.log.info({ event, ...outcome, durationMs: Math.round(durationMs * 10) / 10, actor: ctx.socket.data.role, ...timingFields(timing) }, 'socket request');
}

async function run(ctx: HandlerContext, handler: SocketHandler<keyof ClientToServerEvents, yup.AnyObjectSchema>, payload: unknown): Promise<Outcome> {
  try {
    ctx.gate.throttle(handler.rate);
    const input = (isPlainObject(payload) ? handler.precheck?.(payload) : null) ?? validateInput(handler.schema, payload);
    const { consultationId } = input as ConsultationRef;
    await ctx.gate.authorize(handler.access, consultationId);
    if (handler.rate === 'chat') await ctx.gate.throttleChat(consultationId);
    const data = await handler.handle(ctx, input);
    return { answer: { ok: true, data: data ?? null } };
  } catch (caught) {
    // Only a failed request needs its id: the ack carries it, and so does a refusal's audit row.
    const request = { event: handler.event, socketId: ctx.socket.id, requestId: randomUUID() };
    const failure = await auditedRefusal(ctx, request, caught);
    return { answer: { ok: false, error: toAckError(failure, request) }, failure };
  }
}

/** A refused record is written down before the refusal is answered; if that write fails, its failure is the answer. */
async function auditedRefusal(ctx: HandlerContext, request: { event: string; requestId: string }, failure: unknown): Promise<unknown> {
  const refused = refusedResourceOf(failure);
  if (!refused) return failure;
  try {
    await recordSocketRefusal(ctx.socket, request, refused);
    return failure;
  } catch (auditFailure) {
    return auditFailure;
  }
}
