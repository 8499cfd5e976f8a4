import type { RedisClientType } from 'redis';

const OWNER = (consultationId: string) => `medivault:sfu:owner:${consultationId}`;
const ALIVE_PREFIX = 'medivault:sfu:alive:';
/** An owner that stops refreshing (its process died) gives the consultation up after this long. */
const OWNERSHIP_TTL_MS = 15_000;
/**
 * A process that stops saying it is alive (killed, or cut off from Redis) loses its consultations to the
 * next process asked after this long, well before their claims lapse: a call whose media died with its
 * process comes back sooner.
 */
const ALIVE_TTL_MS = 6_000;
const BEAT_EVERY_MS = 2_000;

/** Takes the consultation when nobody holds it or its holder is no longer alive; answers who owns it. */
const CLAIM = `
local owner = redis.call('get', KEYS[1])
if owner and redis.call('exists', ARGV[3] .. owner) == 1 then return owner end
redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])
return ARGV[1]`;
const RELEASE_IF_MINE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Which process owns a consultation's media (its mediasoup Router): the first one asked claims it in
 * Redis, and every process sends that consultation's SFU calls there, so both sides meet on one Router
 * whichever process their socket reached. The owner refreshes its claims while the rooms are open, and
 * says it is alive every 2 s; a dead owner's consultations go to the next process asked.
 */
export class RoomOwnership {
  private readonly held = new Set<string>();
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly firstBeat: Promise<void>;

  constructor(
    private readonly client: RedisClientType,
    private readonly serverId: string,
    /** Whether this process still has the consultation's Router: claims on closed rooms are given up. */
    private readonly stillOpen: (consultationId: string) => boolean,
  ) {
    this.firstBeat = this.beat().catch(() => undefined);
    this.timer = setInterval(() => void this.beat().catch(() => undefined), BEAT_EVERY_MS);
    this.timer.unref();
  }

  async ownerOf(consultationId: string): Promise<string> {
    await this.firstBeat;
    const owner = String(await this.client.eval(CLAIM, { keys: [OWNER(consultationId)], arguments: [this.serverId, String(OWNERSHIP_TTL_MS), ALIVE_PREFIX] }));
    if (owner === this.serverId) this.held.add(consultationId);
    return owner;
  }

  async release(consultationId: string): Promise<void> {
    if (!this.held.delete(consultationId)) return;
    await this.client.eval(RELEASE_IF_MINE, { keys: [OWNER(consultationId)], arguments: [this.serverId] });
  }

  private async beat(): Promise<void> {
    await this.client.set(`${ALIVE_PREFIX}${this.serverId}`, '1', { PX: ALIVE_TTL_MS });
    await Promise.allSettled(
      [...this.held].map((id) => (this.stillOpen(id) ? this.client.pExpire(OWNER(id), OWNERSHIP_TTL_MS) : this.release(id))),
    );
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    // Redis away would hold these until it came back; the claims and the alive key then lapse by themselves.
    if (!this.client.isReady) return;
    await Promise.allSettled([...this.held].map((id) => this.release(id)));
    await this.client.del(`${ALIVE_PREFIX}${this.serverId}`).catch(() => undefined);
  }
}
