import type { Knex } from 'knex';
import type { Config } from '../config';
import { TooManyRequests } from '../errors';

/**
 * Failed sign-ins counted per account and per IP in PostgreSQL, so every process sees the same count.
 * Successful sign-ins are never counted; a success clears the account's failures.
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
  async assertAllowed(accountKey: string, ip: string): Promise<void> {
    const [account, address] = await Promise.all([this.count('account', accountKey), this.count('ip', ip)]);
    if (account >= this.limits.maxFailures || address >= this.limits.maxFailures) {
      const minutes = Math.round(this.limits.windowMs / 60_000);
      throw new TooManyRequests(`Too many failed sign-in attempts. Please wait ${minutes} minutes and try again.`, Math.round(this.limits.windowMs / 1000));
    }
  }

  async recordFailure(accountKey: string, ip: string): Promise<void> {
    await this.knex('auth_failures').insert([
      { scope: 'account', key: accountKey },
      { scope: 'ip', key: ip },
    ]);
  }

  async clearAccount(accountKey: string): Promise<void> {
    await this.knex('auth_failures').where({ scope: 'account', key: accountKey }).delete();
  }
}

/** Account keys are case-insensitive so 'Demo' and 'demo' share one counter. */
export function accountKey(kind: 'user' | 'doctor', identifier: string): string {
  return `${kind}:${identifier.trim().toLowerCase()}`;
}
