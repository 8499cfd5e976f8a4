/**
 * Which process owns a consultation's media, against a real redis-server: the first asked owns it, the
 * others route to it while it lives, and a process that dies (here: cut off from Redis, so it stops saying
 * it is alive) loses its consultations to the next process asked before its claim would have lapsed.
 */
import { createClient, type RedisClientType } from 'redis';
import { RoomOwnership } from '../../signalling/media/cluster/room-ownership';
import { startRedis, type RedisServer } from '../support/redis';

let redis: RedisServer;
const clients: RedisClientType[] = [];
const ownerships: RoomOwnership[] = [];

async function serverProcess(serverId: string): Promise<{ ownership: RoomOwnership; client: RedisClientType }> {
  const client = createClient({ url: redis.url }) as RedisClientType;
  client.on('error', () => undefined);
  await client.connect();
  clients.push(client);
  const ownership = new RoomOwnership(client, serverId, () => true);
  ownerships.push(ownership);
  return { ownership, client };
}

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await Promise.allSettled(ownerships.map((ownership) => ownership.close()));
  await Promise.allSettled(clients.filter((client) => client.isOpen).map((client) => client.quit()));
  await redis.stop();
});

it('gives a consultation to the first process asked, and keeps it there while that process lives', async () => {
  const first = await serverProcess('first-alive');
  const second = await serverProcess('second-alive');
  expect(await first.ownership.ownerOf('c-alive')).toBe('first-alive');
  expect(await second.ownership.ownerOf('c-alive')).toBe('first-alive');
  // Past the time a silent process would lose it (6 s), the living owner still has it.
  const until = Date.now() + 8_000;
  while (Date.now() < until) {
    expect(await second.ownership.ownerOf('c-alive')).toBe('first-alive');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

it("hands a dead process's consultation to the next process asked, while the dead one's claim still stands", async () => {
  const dying = await serverProcess('dying');
  const survivor = await serverProcess('survivor');
  const observer = clients[clients.length - 1]!;
  expect(await dying.ownership.ownerOf('c-dead')).toBe('dying');
  await dying.client.disconnect();

  let owner = 'dying';
  while (owner === 'dying') {
    // The claim (15 s) has not lapsed: what moves the consultation is the owner no longer saying it is alive.
    expect(await observer.get('medivault:sfu:owner:c-dead')).toBe('dying');
    owner = await survivor.ownership.ownerOf('c-dead');
    if (owner === 'dying') await new Promise((resolve) => setTimeout(resolve, 500));
  }
  expect(owner).toBe('survivor');
  expect(await observer.get('medivault:sfu:owner:c-dead')).toBe('survivor');
}, 30_000);

it('lets the next process take a consultation at once when its owner closes', async () => {
  const leaving = await serverProcess('leaving');
  const staying = await serverProcess('staying');
  expect(await leaving.ownership.ownerOf('c-closed')).toBe('leaving');
  await leaving.ownership.close();
  expect(await staying.ownership.ownerOf('c-closed')).toBe('staying');
});
