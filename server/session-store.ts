import type { Knex } from 'knex';
import { batchedLookup } from './lib/batcher';

export interface SessionData {
  actorKind?: 'user' | 'doctor';
  actorId?: string;
  /** Epoch ms of the sign-in that started the session: it ends `absoluteMs` later, however busy. */
  signedInAt?: number;
  /** The browser's User-Agent at sign-in, for the signed-in devices list. */
  userAgent?: string;
  [key: string]: unknown;
}

/**
 * koa-session's external store in PostgreSQL: the cookie carries only an opaque id, so a destroyed
 * session is dead everywhere and several processes share sessions.
 */
export class PgSessionStore {
  private lastPurge = 0;

  constructor(
    private readonly knex: Knex,
    private readonly absoluteMs: number,
    /** Expired rows are deleted at most this often, piggy-backing on writes (no timer to stop). */
    private readonly purgeEveryMs = 10 * 60_000,
  ) {}

  /** Every API request reads its session: concurrent reads share one query. */
  private readonly live = batchedLookup(async (ids: string[]) => {
    const rows: Array<{ id: string; data: SessionData }> = await this.knex('sessions').whereIn('id', ids).andWhere('expiresAt', '>', new Date()).select('id', 'data');
    return new Map(rows.map((row) => [row.id, row.data]));
  });

  async get(id: string): Promise<SessionData | undefined> {
    return this.live(id);
  }

  async set(id: string, data: SessionData, maxAge: number): Promise<void> {
    const idleEnd = Date.now() + (typeof maxAge === 'number' ? maxAge : 86_400_000);
    const absoluteEnd = typeof data.signedInAt === 'number' ? data.signedInAt + this.absoluteMs : Infinity;
    // The row's expiry is the one every reader (HTTP and sockets, on any process) already checks.
    const expiresAt = new Date(Math.min(idleEnd, absoluteEnd));
    const actorKind = typeof data.actorKind === 'string' ? data.actorKind : null;
    const actorId = typeof data.actorId === 'string' ? data.actorId : null;
    await this.knex('sessions')
      .insert({ id, data, expiresAt, actorKind, actorId, lastSeenAt: new Date() })
      .onConflict('id')
      .merge(['data', 'expiresAt', 'actorKind', 'actorId', 'lastSeenAt']);
    if (Date.now() - this.lastPurge > this.purgeEveryMs) {
      this.lastPurge = Date.now();
      await this.purgeExpired();
    }
  }

  async destroy(id: string): Promise<void> {
    await this.knex('sessions').where({ id }).delete();
  }

  async purgeExpired(): Promise<number> {
    return this.knex('sessions').where('expiresAt', '<=', new Date()).delete();
  }
}
