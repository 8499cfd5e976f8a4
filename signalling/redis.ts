import { createAdapter } from '@socket.io/redis-adapter';
import { createClient, type RedisClientType } from 'redis';
import { log } from '../server/log';

interface RedisAdapterHandle {
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
    adapter: countingAloneWhileAway(createAdapter(pub, sub), pub),
    client: pub as RedisClientType,
    async close() {
      await Promise.allSettled([pub, sub].map(closeRedisClient));
    },
  };
}

/** How long a ready client's QUIT may wait for its answer before the client is let go of. */
const REDIS_CLOSE_BOUND_MS = 2_000;

/**
 * Closes a Redis client once its commands are answered. While Redis is away the client is only let go of
 * (unref): a reconnecting client holds even its QUIT until Redis comes back, and destroying it would reject
 * the commands it holds for others (the Socket.IO adapter's) with nobody to hear. The process is stopping.
 * Redis can also go away between the client reading ready and its QUIT's answer: a QUIT still unanswered
 * after REDIS_CLOSE_BOUND_MS is let go of the same way.
 */
export async function closeRedisClient(client: Pick<RedisClientType, 'isReady' | 'close' | 'unref'>): Promise<void> {
  if (!client.isReady) return client.unref();
  let bound: ReturnType<typeof setTimeout> | undefined;
  const answered = await Promise.race([
    client.close().then(
      () => true,
      () => true,
    ),
    new Promise<false>((resolve) => (bound = setTimeout(() => resolve(false), REDIS_CLOSE_BOUND_MS))),
  ]);
  clearTimeout(bound);
  if (!answered) client.unref();
}

type AdapterFactory = ReturnType<typeof createAdapter>;

/**
 * The Redis adapter, which counts only this process while its Redis client is away. The count (PUBSUB
 * NUMSUB) comes before every cross-process fetchSockets; a client that is reconnecting would hold it in its
 * offline queue, and every join, leave and lobby read with it, for as long as Redis is away. Sockets on
 * other processes cannot be reached then anyway.
 */
function countingAloneWhileAway(factory: AdapterFactory, pub: { isReady: boolean }): AdapterFactory {
  // A plain function: Socket.IO calls the factory with `new`.
  return function (this: unknown, nsp: Parameters<AdapterFactory>[0]) {
    const adapter = factory(nsp);
    const countEveryProcess = adapter.serverCount.bind(adapter);
    adapter.serverCount = () => (pub.isReady ? countEveryProcess() : Promise.resolve(1));
    return adapter;
  };
}
