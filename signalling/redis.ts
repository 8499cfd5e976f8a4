import { createAdapter } from '@socket.io/redis-adapter';
import { createClient, type RedisClientType } from 'redis';
import { log } from '../server/log';

export interface RedisAdapterHandle {
  adapter: ReturnType<typeof createAdapter>;
  /** A connected command client other parts may share (the SFU's room ownership and calls). */
  client: RedisClientType;
  close(): Promise<void>;
}

/**
 * The Socket.IO Redis adapter: rooms, broadcasts and fetchSockets span every process connected to
 * the same Redis, so a patient on one process and their doctor on another share a consultation.
 */
export async function connectRedisAdapter(url: string): Promise<RedisAdapterHandle> {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  for (const client of [pub, sub]) client.on('error', (err: Error) => log.warn({ error: err.message }, 'redis connection error'));
  await Promise.all([pub.connect(), sub.connect()]);
  return {
    adapter: createAdapter(pub, sub),
    client: pub as RedisClientType,
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
