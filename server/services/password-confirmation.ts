import type { AppContext } from '../context';
import { verifyPassword } from './passwords';
import type { AccountKind } from './sign-in';
import { accountKey, throttleFor } from './sign-in-throttle';

/**
 * A signed-in person typing their password again (to change it, or to delete the account) is counted like a
 * sign-in, under the same account and device or address: a borrowed session guesses the password no faster
 * than the sign-in page would let it (429 with the wait once the free tries are spent).
 */
export async function confirmPassword(ctx: AppContext, kind: AccountKind, account: { id: string; passwordHash: string }, password: string): Promise<boolean> {
  const admission = await throttleFor(ctx).admit(ctx, { accountKey: accountKey(kind, account.id), asksProof: false });
  const right = await verifyPassword(account.passwordHash, password);
  await (right ? admission.succeeded() : admission.failed());
  return right;
}
