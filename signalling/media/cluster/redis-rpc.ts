import { randomUUID } from 'node:crypto';
import type { RedisClientType } from 'redis';
import { AppError, ServiceUnavailable } from '../../../server/errors';
import { log } from '../../../server/log';
import { closeRedisClient } from '../../redis';

const REQUESTS = (serverId: string) => `medivault:sfu:rpc:${serverId}`;
const REPLIES = (serverId: string) => `medivault:sfu:reply:${serverId}`;
const CALL_TIMEOUT_MS = 5_000;

interface Request {
  id: string;
  from: string;
  method: string;
  args: unknown[];
}

type Reply = { id: string; ok: true; result: unknown } | { id: string; ok: false; error: { status: number; code: string; message: string } };

type Handler = (method: string, args: unknown[]) => Promise<unknown>;

/**
 * Calls between server processes over Redis pub/sub: each process listens on its own request channel
 * and gets answers on its own reply channel. A refusal keeps its status and code (a NotFound on the
 * owner is a not_found ack on the caller); anything unexpected becomes a generic failure.
 */
export class RedisRpc {
  readonly serverId = randomUUID();
  private readonly pending = new Map<string, { resolve(value: unknown): void; reject(err: Error): void; timer: ReturnType<typeof setTimeout> }>();

  private constructor(
    private readonly client: RedisClientType,
    private readonly subscriber: RedisClientType,
  ) {}

  static async connect(client: RedisClientType, handle: Handler): Promise<RedisRpc> {
    const subscriber = client.duplicate() as RedisClientType;
    subscriber.on('error', (err: Error) => log.warn({ error: err.message }, 'redis rpc connection error'));
    await subscriber.connect();
    const rpc = new RedisRpc(client, subscriber);
    await subscriber.subscribe(REQUESTS(rpc.serverId), (message) => void rpc.answer(JSON.parse(message) as Request, handle));
    await subscriber.subscribe(REPLIES(rpc.serverId), (message) => rpc.settle(JSON.parse(message) as Reply));
    return rpc;
  }

  call(serverId: string, method: string, args: unknown[]): Promise<unknown> {
    const id = randomUUID();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new ServiceUnavailable('The media server for this call is not answering. Please try again.'));
      }, CALL_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      const request: Request = { id, from: this.serverId, method, args };
      this.client.publish(REQUESTS(serverId), JSON.stringify(request)).catch((err: Error) => {
        clearTimeout(timer);
        this.pending.delete(id);
        reject(err);
      });
    });
  }

  private async answer(request: Request, handle: Handler): Promise<void> {
    let reply: Reply;
    try {
      reply = { id: request.id, ok: true, result: (await handle(request.method, request.args)) ?? null };
    } catch (err) {
      const known = err instanceof AppError ? err : null;
      if (!known) log.error({ method: request.method, error: err instanceof Error ? err.message : String(err) }, 'media call failed');
      reply = { id: request.id, ok: false, error: { status: known?.status ?? 500, code: known?.code ?? 'internal_error', message: known?.message ?? 'Something went wrong. Please try again.' } };
    }
    await this.client.publish(REPLIES(request.from), JSON.stringify(reply)).catch(() => undefined);
  }

  private settle(reply: Reply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    clearTimeout(waiting.timer);
    this.pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.result);
    else if (reply.error.status < 500) waiting.reject(new AppError(reply.error.status, reply.error.code, reply.error.message));
    else waiting.reject(new Error(reply.error.message));
  }

  async close(): Promise<void> {
    for (const waiting of this.pending.values()) clearTimeout(waiting.timer);
    this.pending.clear();
    await closeRedisClient(this.subscriber).catch(() => undefined);
  }
}
