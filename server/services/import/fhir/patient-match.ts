import { Unprocessable } from '../../../errors';
import { listAt, recordAt, textAt } from './read';
import type { AnyResource } from './types';

interface AccountName {
  firstName: string | null;
  lastName: string | null;
}

export const SOMEONE_ELSE =
  "This file holds the records of someone else: its Patient's name is not the name on your account (last name and first name must match). Import only your own records, or correct your name in your profile first.";

/** Names compared as people write them: any case, accents or not ('Zoë' is 'zoe'), spaces trimmed. */
const plain = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

const firstWord = (name: string) => plain(name).split(' ')[0] ?? '';

/** A HumanName is the account holder's when its family name is theirs and its first given name (if any) starts as theirs. */
function isAccountHolders(name: Record<string, unknown>, account: { first: string; last: string }): boolean {
  const family = textAt(name.family);
  if (!family || plain(family) !== account.last) return false;
  const given = textAt(listAt(name.given)[0]);
  return !given || !account.first || firstWord(given) === account.first;
}

/**
 * Refuses (422) a file whose Patient is someone else, by name: the account keeps no birth date, so the name
 * is what can be compared. A Patient without a name, or an account without a last name, cannot be told
 * apart and is let through: the records still go to the signed-in patient only.
 */
export function requireAccountHolder(patients: readonly AnyResource[], account: AccountName): void {
  const last = account.lastName ? plain(account.lastName) : '';
  if (!last) return;
  const holder = { first: account.firstName ? firstWord(account.firstName) : '', last };
  for (const patient of patients) {
    const names = listAt(patient.name).map(recordAt).filter((name): name is Record<string, unknown> => name !== undefined && textAt(name.family) !== undefined);
    if (names.length && !names.some((name) => isAccountHolders(name, holder))) throw new Unprocessable(SOMEONE_ELSE);
  }
}
