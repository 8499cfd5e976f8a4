import type { RedisClientType } from 'redis';

const OWNER = (consultationId: string) => `medivault:sfu:owner:${consultationId}`;
/** An owner that stops refreshing (its process died) gives the consultation up after this long. */
const OWNERSHIP_TTL_MS = 15_000;
const REFRESH_EVERY_MS = 5_000;

const RELEASE_IF_MINE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Which process owns a consultation's media (its mediasoup Router): the first one asked claims it in
 * Redis, and every process sends that consultation's SFU calls there, so both sides meet on one Router
 * whichever process their socket reached. The owner refreshes its claims while the rooms are open.
 */
export class RoomOwnership {
  private readonly held = new Set<string>();
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly client: RedisClientType,
    private readonly serverId: string,
    /** Whether this process still has the consultation's Router: claims on closed rooms are given up. */
    private readonly stillOpen: (consultationId: string) => boolean,
  ) {
    this.timer = setInterval(() => void this.refresh(), REFRESH_EVERY_MS);
    this.timer.unref();
  }

  async ownerOf(consultationId: string): Promise<string> {
    const key = OWNER(consultationId);
    const claimed = await this.client.set(key, this.serverId, { NX: true, PX: OWNERSHIP_TTL_MS });
    if (claimed === 'OK') {
      this.held.add(consultationId);
      return this.serverId;
    }
    const owner = await this.client.get(key);
    // The claim expired between the two calls: try again.
    return owner ?? this.ownerOf(consultationId);
  }

  async release(consultationId: string): Promise<void> {
    if (!this.held.delete(consultationId)) return;
    await this.client.eval(RELEASE_IF_MINE, { keys: [OWNER(consultationId)], arguments: [this.serverId] });
  }

  private async refresh(): Promise<void> {
    await Promise.allSettled(
      [...this.held].map((id) => (this.stillOpen(id) ? this.client.pExpire(OWNER(id), OWNERSHIP_TTL_MS) : this.release(id))),
    );
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await Promise.allSettled([...this.held].map((id) => this.release(id)));
  }
}
