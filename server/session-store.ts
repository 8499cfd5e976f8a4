import type { Knex } from 'knex';
import { batchedLookup } from './lib/batcher';
import { actorOfIdentity, type SessionIdentity } from './middleware/actor';
import type { Actor } from './policies/actor';
import { fingerprintOf } from './session';

export interface SessionData {
  actorKind?: 'user' | 'doctor' | 'guest';
  actorId?: string;
  /** Epoch ms of the sign-in that started the session: it ends `absoluteMs` later, however busy. */
  signedInAt?: number;
  /** The browser's User-Agent at sign-in, for the signed-in devices list. */
  userAgent?: string;
  [key: string]: unknown;
}

/**
 * koa-session's external store in PostgreSQL: the cookie carries only an opaque id, so a destroyed
 * session is dead everywhere and several processes share sessions. Rows are keyed by the id's SHA-256
 * (its fingerprint), never the id itself: a copy of the table (a backup, a read-only leak) signs no one in.
 */
export class PgSessionStore {
  private lastPurge = 0;

  constructor(
    private readonly knex: Knex,
    private readonly absoluteMs: number,
    /** Expired rows are deleted at most this often, piggy-backing on writes (no timer to stop). */
    private readonly purgeEveryMs = 10 * 60_000,
  ) {}

  /**
   * Every API request reads its session and resolves its actor: one query joins the account the session
   * names (a request pays one round trip, not two), and concurrent reads share it.
   */
  private readonly live = batchedLookup(async (ids: string[]) => {
    const rows: Array<{ id: string; data: SessionData } & SessionIdentity> = await this.knex('sessions as s')
      .leftJoin('users as u', (join) => join.on('u.id', 's.actorId').andOnVal('s.actorKind', 'user'))
      .leftJoin('doctors as d', (join) => join.on('d.id', 's.actorId').andOnVal('s.actorKind', 'doctor'))
      .leftJoin('consultation_guests as g', (join) => join.on('g.id', 's.actorId').andOnVal('s.actorKind', 'guest'))
      .leftJoin('consultations as gc', 'gc.id', 'g.consultationId')
      .whereIn('s.id', ids)
      .andWhere('s.expiresAt', '>', new Date())
      .select('s.id', 's.data', 'u.id as userId', 'u.firstName', 'u.lastName', 'u.username', 'u.role')
      .select('d.id as doctorId', 'd.name as doctorName', 'd.isVerified', 'd.isActive')
      .select('g.id as guestId', 'g.name as guestName', 'g.status as guestStatus', 'g.consultationId as guestConsultationId', 'gc.status as guestConsultationStatus');
    return new Map(rows.map((row) => [row.id, { data: row.data, actor: actorOfIdentity(row) }]));
  });

  /** A live session's data and the actor its account makes now (anonymous for a deleted or suspended one). */
  read(id: string): Promise<{ data: SessionData; actor: Actor } | undefined> {
    return this.live(fingerprintOf(id));
  }

  async set(id: string, data: SessionData, maxAge: number): Promise<void> {
    const idleEnd = Date.now() + (typeof maxAge === 'number' ? maxAge : 86_400_000);
    const absoluteEnd = typeof data.signedInAt === 'number' ? data.signedInAt + this.absoluteMs : Infinity;
    // The row's expiry is the one every reader (HTTP and sockets, on any process) already checks.
    const expiresAt = new Date(Math.min(idleEnd, absoluteEnd));
    const actorKind = typeof data.actorKind === 'string' ? data.actorKind : null;
    const actorId = typeof data.actorId === 'string' ? data.actorId : null;
    await this.knex('sessions')
      .insert({ id: fingerprintOf(id), data, expiresAt, actorKind, actorId, lastSeenAt: new Date() })
      .onConflict('id')
      .merge(['data', 'expiresAt', 'actorKind', 'actorId', 'lastSeenAt']);
    if (Date.now() - this.lastPurge > this.purgeEveryMs) {
      this.lastPurge = Date.now();
      await this.purgeExpired();
    }
  }

  async destroy(id: string): Promise<void> {
    await this.knex('sessions').where({ id: fingerprintOf(id) }).delete();
  }

  async purgeExpired(): Promise<number> {
    return this.knex('sessions').where('expiresAt', '<=', new Date()).delete();
  }
}
