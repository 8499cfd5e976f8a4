import type { Knex } from 'knex';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { AppError, TooManyRequests } from '../errors';
import { addressGroup } from '../lib/address-group';
import { setRateLimitHeaders, waitInWords } from '../lib/rate-limit-headers';
import type { SignInProof } from '../../common/schemas/login';
import { knownDeviceOf, rememberDevice } from './known-device';
import { SignInChallenges } from './sign-in-challenge';

type Limits = Config['login'];
type Scope = 'pair' | 'address' | 'account' | 'streak';

let lastPurge = 0;
/**
 * A streak with no failure for this long is forgotten. Unknown names keep streaks too (or the budget's answer
 * would tell which accounts exist), so streaks cannot be kept for ever; a month is far beyond any guessing.
 */
const STREAK_FORGOTTEN_AFTER = '30 days';

/** What one sign-in attempt is counted under. `accountKey` is null when it names no account (an unknown passkey). */
interface SignInAttempt {
  accountKey: string | null;
  /** Password sign-ins may be asked for a proof of work; a passkey's signature cannot be guessed, so it never is. */
  proof?: SignInProof;
  asksProof: boolean;
  /**
   * Set for a guessable secret (a password, a 6-digit code): once the account's consecutive failures reach
   * the budget, a browser that is not a known device of it is refused with this message however right the
   * secret, and must prove itself another way (the e-mailed reset link, a recovery code, a passkey).
   */
  budgetSpent?: string;
}

/** An admitted attempt: report how it ended. */
export interface Admission {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

/**
 * Sign-in throttling without lockouts (NIST SP 800-63B 5.2.2, OWASP ASVS V2.2), counted in PostgreSQL so every
 * process shares the counts:
 * - the pair (account, address group), or (account, known device), may fail `freeFailures` times in the window;
 *   each further try then waits `firstDelayMs`, doubling per try up to the window. The pair's slot is taken
 *   by one conditional upsert before the password is checked, so parallel guesses count exactly; a success
 *   clears the pair.
 * - an address group (an IPv6 /64 is one) that failed `addressMaxFailures` times across all accounts is
 *   refused until its window ends, except from a known device of the account.
 * - an account that failed `challengeAfter` times from anywhere asks unknown devices for a proof of work
 *   (about a second in a browser), so one address cannot keep a doctor out and a botnet pays per guess.
 * - an account's consecutive failures (its streak, kept until a success, NIST SP 800-63B's limit) past
 *   `accountMaxFailures` refuse guessable secrets from unknown devices; known devices still sign in.
 */
class SignInThrottle {
  private readonly challenges: SignInChallenges;

  constructor(
    private readonly knex: Knex,
    private readonly limits: Limits,
  ) {
    this.challenges = new SignInChallenges(knex, limits.challengeBits);
  }

  private get window(): string {
    return `${this.limits.windowMs} milliseconds`;
  }

  /** Throws 429 (pair waiting, address ceiling) or 428 (proof of work needed); otherwise the attempt may check its secret. */
  async admit(ctx: AppContext, attempt: SignInAttempt): Promise<Admission> {
    const address = addressGroup(ctx.ip);
    const device = attempt.accountKey ? knownDeviceOf(ctx, attempt.accountKey) : null;
    if (!device) {
      const counts = await this.recentFailures(address, attempt.accountKey);
      if (attempt.budgetSpent && counts.streak.count >= this.limits.accountMaxFailures) throw new AccountBudgetSpent(attempt.budgetSpent);
      this.assertAddressBelowCeiling(ctx, counts.address);
      if (attempt.asksProof && attempt.accountKey && counts.account.count >= this.limits.challengeAfter) {
        await this.challenges.assertSolved(attempt.accountKey, attempt.proof);
      }
    }
    const pair = attempt.accountKey ? `${attempt.accountKey}|${device ? `device:${device}` : address}` : null;
    if (pair) await this.takePairSlot(ctx, pair);
    return {
      failed: () => this.countFailure(address, attempt.accountKey),
      succeeded: async () => {
        if (!attempt.accountKey) return;
        await this.knex('sign_in_counters')
          .where({ scope: 'pair', key: pair })
          .orWhere({ scope: 'streak', key: attempt.accountKey })
          .delete();
        rememberDevice(ctx, attempt.accountKey);
      },
    };
  }

  /** Failures in the current windows of the address and the account (0 for a window that is over), and the account's streak. */
  private async recentFailures(address: string, accountKey: string | null): Promise<Record<'address' | 'account' | 'streak', { count: number; secondsLeft: number }>> {
    const { rows } = await this.knex.raw<{ rows: Array<{ scope: Scope; count: number; seconds_left: string }> }>(
      `SELECT scope, count, extract(epoch FROM window_start + ?::interval - clock_timestamp()) AS seconds_left FROM sign_in_counters
       WHERE (((scope = 'address' AND key = ?) OR (scope = 'account' AND key = ?)) AND window_start > now() - ?::interval)
          OR (scope = 'streak' AND key = ?)`,
      [this.window, address, accountKey ?? '', this.window, accountKey ?? ''],
    );
    const of = (scope: Scope) => {
      const row = rows.find((r) => r.scope === scope);
      return { count: row?.count ?? 0, secondsLeft: Math.max(1, Math.ceil(Number(row?.seconds_left ?? 0))) };
    };
    return { address: of('address'), account: of('account'), streak: of('streak') };
  }

  private assertAddressBelowCeiling(ctx: AppContext, address: { count: number; secondsLeft: number }): void {
    if (address.count < this.limits.addressMaxFailures) return;
    setRateLimitHeaders(ctx, { max: this.limits.addressMaxFailures, windowMs: this.limits.windowMs, used: address.count, resetSeconds: address.secondsLeft });
    throw new TooManyRequests(`Too many failed sign-in attempts from this network. Please wait ${waitInWords(address.secondsLeft)} and try again.`, address.secondsLeft);
  }

  /**
   * One upsert takes the pair's next slot only if its window is over or its wait has passed (ON CONFLICT ...
   * WHERE: a row that does not qualify is neither changed nor returned), and sets the wait the slot after
   * it must keep. Row locking serialises parallel attempts on every process; the wait is compared with the
   * clock when the row is reached, not when the statement began (now()): an attempt that waited for a parallel
   * one's lock would otherwise find that one's just-set wait still ahead of its own start, and answer 429.
   */
  private async takePairSlot(ctx: AppContext, pair: string): Promise<void> {
    const { freeFailures, firstDelayMs, windowMs } = this.limits;
    const over = `c.window_start <= now() - '${windowMs} milliseconds'::interval`;
    const next = `(CASE WHEN ${over} THEN 1 ELSE c.count + 1 END)`;
    const waitAfter = (n: string) =>
      `now() + (CASE WHEN ${n} >= ${freeFailures} THEN LEAST(${firstDelayMs} * power(2, LEAST(${n} - ${freeFailures}, 30)), ${windowMs}) ELSE 0 END) * interval '1 millisecond'`;
    const { rows } = await this.knex.raw<{ rows: Array<{ count: number }> }>(
      `INSERT INTO sign_in_counters AS c (scope, key, window_start, count, wait_until) VALUES ('pair', ?, now(), 1, ${waitAfter('1')})
       ON CONFLICT (scope, key) DO UPDATE SET
         window_start = CASE WHEN ${over} THEN now() ELSE c.window_start END,
         count = ${next},
         wait_until = ${waitAfter(next)}
       WHERE ${over} OR c.wait_until <= clock_timestamp()
       RETURNING c.count, extract(epoch FROM c.window_start + ?::interval - clock_timestamp()) AS seconds_left`,
      [pair, this.window],
    );
    const headers = (used: number, resetSeconds: number) =>
      setRateLimitHeaders(ctx, { max: freeFailures, windowMs, used, resetSeconds: Math.max(1, Math.ceil(resetSeconds)) });
    const taken = rows[0] as { count: number; seconds_left: string } | undefined;
    if (taken) {
      headers(taken.count, Number(taken.seconds_left));
      return;
    }
    const [waiting] = await this.knex('sign_in_counters')
      .where({ scope: 'pair', key: pair })
      .select('count', this.knex.raw('extract(epoch FROM wait_until - clock_timestamp()) AS wait'));
    const seconds = Math.max(1, Math.ceil(Number((waiting as { wait?: string } | undefined)?.wait ?? 1)));
    headers((waiting as { count?: number } | undefined)?.count ?? freeFailures, seconds);
    throw new TooManyRequests(`Too many failed sign-in attempts. Please wait ${waitInWords(seconds)} and try again.`, seconds);
  }

  /**
   * One statement counts the failure for the address and for the account, each in its own window, and in the
   * account's streak (no window; its window_start is the last failure's time).
   */
  private async countFailure(address: string, accountKey: string | null): Promise<void> {
    const keys: Array<[Scope, string]> = [['address', address], ...(accountKey ? ([['account', accountKey], ['streak', accountKey]] as Array<[Scope, string]>) : [])];
    const windowOver = `c.scope <> 'streak' AND c.window_start <= now() - ?::interval`;
    await this.knex.raw(
      `INSERT INTO sign_in_counters AS c (scope, key, window_start, count) VALUES ${keys.map(() => '(?, ?, now(), 1)').join(', ')}
       ON CONFLICT (scope, key) DO UPDATE SET
         window_start = CASE WHEN c.scope = 'streak' OR (${windowOver}) THEN now() ELSE c.window_start END,
         count = CASE WHEN ${windowOver} THEN 1 ELSE c.count + 1 END`,
      [...keys.flat(), this.window, this.window],
    );
    await this.purgeOldWindows();
  }

  /** Rows whose window is over count for nothing, nor do forgotten streaks: dropped at most once a minute per process. */
  private async purgeOldWindows(): Promise<void> {
    if (Date.now() - lastPurge < 60_000) return;
    lastPurge = Date.now();
    await this.knex('sign_in_counters')
      .where((over) =>
        over
          .whereNot('scope', 'streak')
          .where('windowStart', '<=', this.knex.raw('now() - ?::interval', [this.window]))
          .andWhere('waitUntil', '<=', this.knex.fn.now()),
      )
      .orWhere((forgotten) => forgotten.where('scope', 'streak').andWhere('windowStart', '<=', this.knex.raw(`now() - '${STREAK_FORGOTTEN_AFTER}'::interval`)))
      .delete();
  }
}

/**
 * An account whose consecutive failures spent its budget, asked from a browser that is not a known device
 * of it: 403, since waiting does not help; the message says which other way in there is.
 */
class AccountBudgetSpent extends AppError {
  constructor(message: string) {
    super(403, 'account_protected', message);
  }
}

/** The streak of an account is over: a password reset through the e-mailed link proved the owner. */
export async function clearFailureStreak(knex: Knex, accountKey: string): Promise<void> {
  await knex('sign_in_counters').where({ scope: 'streak', key: accountKey }).delete();
}

/** The throttle of this server's database and limits. */
export function throttleFor(ctx: AppContext): SignInThrottle {
  return new SignInThrottle(ctx.deps.knex, ctx.deps.config.login);
}

/**
 * An account's counter: keyed by its id when the account is known (so every identifier of it shares one
 * count), else by the identifier typed. Case-insensitive, so 'Demo' and 'demo' share one counter.
 */
export function accountKey(kind: 'user' | 'doctor', idOrIdentifier: string): string {
  return `${kind}:${idOrIdentifier.trim().toLowerCase()}`;
}
