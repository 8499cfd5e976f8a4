import type { Knex } from 'knex';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { TooManyRequests } from '../errors';

/**
 * Failed sign-ins counted per account and per IP in PostgreSQL, so every process sees the same count.
 * Successful sign-ins are never counted; a success clears the account's failures (not the address's, so
 * one good password does not reset a spray across many accounts). `account` is null when the attempt
 * names no known account (an unknown passkey): then only the address is counted.
 */
export class LoginThrottle {
  constructor(
    private readonly knex: Knex,
    private readonly limits: Config['login'],
  ) {}

  private since(): Date {
    return new Date(Date.now() - this.limits.windowMs);
  }

  private async count(scope: 'account' | 'ip', key: string): Promise<number> {
    const row = await this.knex('auth_failures').where({ scope, key }).andWhere('createdAt', '>', this.since()).count<{ count: string }[]>('* as count').first();
    return Number(row?.count ?? 0);
  }

  /** Throws 429 when the account or the address has used up its failures in the window. */
  async assertAllowed(account: string | null, ip: string): Promise<void> {
    const [byAccount, byAddress] = await Promise.all([account ? this.count('account', account) : 0, this.count('ip', ip)]);
    if (byAccount >= this.limits.maxFailures || byAddress >= this.limits.maxFailures) {
      const minutes = Math.round(this.limits.windowMs / 60_000);
      throw new TooManyRequests(
        `Too many failed sign-in attempts. Please wait ${minutes} minutes and try again.`,
        Math.round(this.limits.windowMs / 1000),
      );
    }
  }

  async recordFailure(account: string | null, ip: string): Promise<void> {
    const rows = [{ scope: 'ip', key: ip }, ...(account ? [{ scope: 'account', key: account }] : [])];
    await this.knex('auth_failures').insert(rows);
    // Rows older than the window count for nothing: drop this address's and account's, so the table stays small.
    await this.knex('auth_failures')
      .where('createdAt', '<=', this.since())
      .andWhere((q) => {
        q.where({ scope: 'ip', key: ip });
        if (account) q.orWhere({ scope: 'account', key: account });
      })
      .delete();
  }

  async clearAccount(account: string): Promise<void> {
    await this.knex('auth_failures').where({ scope: 'account', key: account }).delete();
  }
}

/** The throttle with this server's database and limits. */
export function throttleFor(ctx: AppContext): LoginThrottle {
  return new LoginThrottle(ctx.deps.knex, ctx.deps.config.login);
}

/**
 * An account's counter: keyed by its id when the account is known (so every identifier of it shares one
 * count), else by the identifier typed. Case-insensitive, so 'Demo' and 'demo' share one counter.
 */
export function accountKey(kind: 'user' | 'doctor', idOrIdentifier: string): string {
  return `${kind}:${idOrIdentifier.trim().toLowerCase()}`;
}
