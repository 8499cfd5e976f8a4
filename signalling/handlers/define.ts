import type * as yup from 'yup';
import type { Ack, AckCallback, ClientToServerEvents } from '../../common/socket-events';
import { toAckError } from '../errors';
import { ValidationFailed } from '../../server/errors';
import { isPlainObject } from '../../common/schemas/helpers';
import { rejectUnacceptableFields } from '../../server/routes/define';
import type { HandlerContext } from '../services';

type AckDataOf<E extends keyof ClientToServerEvents> =
  Parameters<ClientToServerEvents[E]>[1] extends AckCallback<infer T> ? T : never;

export interface SocketHandler<E extends keyof ClientToServerEvents = keyof ClientToServerEvents, S extends yup.AnyObjectSchema = yup.AnyObjectSchema> {
  event: E;
  /** The payload's schema (validated with abortEarly: false, unknown keys refused). */
  schema: S;
  /**
   * Optional fast path for hot events: answers the validated input for payloads the schema surely
   * accepts (the same value the schema would produce), or null to let the schema decide and word
   * the error.
   */
  precheck?(payload: Record<string, unknown>): yup.InferType<S> | null;
  /** Authorize, then act; the answer becomes the ack's data. Throwing answers `ok: false`. */
  handle(ctx: HandlerContext, input: yup.InferType<S>): Promise<AckDataOf<E>>;
}

export function defineHandler<E extends keyof ClientToServerEvents, S extends yup.AnyObjectSchema>(handler: SocketHandler<E, S>): SocketHandler<E, S> {
  return handler;
}

const noAck = () => {};

/**
 * Wires a handler to a socket: validate -> handle -> ack. Nothing a client sends can throw out of
 * here: bad payloads, missing or extra arguments and handler failures all end in an error ack
 * (or nothing, when the client gave no ack callback).
 */
export function bindHandler(ctx: HandlerContext, handler: SocketHandler<keyof ClientToServerEvents, yup.AnyObjectSchema>): void {
  (ctx.socket as unknown as { on(event: string, listener: (...args: unknown[]) => void): void }).on(handler.event, (...args) => {
    const last = args[args.length - 1];
    const ack = typeof last === 'function' ? (last as (response: Ack<unknown>) => void) : noAck;
    const payload = typeof args[0] === 'function' ? undefined : args[0];
    void run(ctx, handler, payload).then((response) => {
      try {
        ack(response);
      } catch {
        // A client-side ack cannot throw into the server; guard anyway.
      }
    });
  });
}

/** validateSync: every schema here is synchronous, and skipping the promise chain matters on the chat path. */
function validated(schema: yup.AnyObjectSchema, payload: Record<string, unknown>): unknown {
  rejectUnacceptableFields(payload);
  return schema.validateSync(payload, { abortEarly: false, stripUnknown: false });
}

async function run(ctx: HandlerContext, handler: SocketHandler<keyof ClientToServerEvents, yup.AnyObjectSchema>, payload: unknown): Promise<Ack<unknown>> {
  try {
    if (!isPlainObject(payload)) throw new ValidationFailed('Send the request as an object, e.g. { consultationId }.');
    const input = handler.precheck?.(payload) ?? validated(handler.schema, payload);
    const data = await handler.handle(ctx, input);
    return { ok: true, data: data ?? null };
  } catch (err) {
    return { ok: false, error: toAckError(err, handler.event, ctx.socket.id) };
  }
}
