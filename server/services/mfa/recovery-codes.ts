import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { AccountKind } from '../sign-in';

const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_PATTERN = /^[a-z2-9]{4}-[a-z2-9]{4}$/;

const hashOf = (code: string) => createHash('sha256').update(code.toLowerCase()).digest('hex');

function newCode(): string {
  const chars = [...randomBytes(8)].map((byte) => ALPHABET[byte % ALPHABET.length]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

/** A fresh set replaces any earlier one; the codes are shown this once, only their hashes are kept. */
export async function issueRecoveryCodes(trx: Knex.Transaction, kind: AccountKind, accountId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await trx('mfa_recovery_codes').where({ account_kind: kind, account_id: accountId }).delete();
  await trx('mfa_recovery_codes').insert(codes.map((code) => ({ account_kind: kind, account_id: accountId, code_hash: hashOf(code) })));
  return codes;
}

/** Uses the code up in one statement, so two requests with the same code cannot both pass. */
export async function spendRecoveryCode(knex: Knex, kind: AccountKind, accountId: string, code: string): Promise<boolean> {
  const spent = await knex('mfa_recovery_codes')
    .where({ account_kind: kind, account_id: accountId, code_hash: hashOf(code) })
    .whereNull('used_at')
    .update({ used_at: knex.fn.now() })
    .returning('id');
  return spent.length > 0;
}

export async function recoveryCodesLeft(knex: Knex, kind: AccountKind, accountId: string): Promise<number> {
  const row = await knex('mfa_recovery_codes').where({ account_kind: kind, account_id: accountId }).whereNull('used_at').count('* as n').first();
  return Number(row?.n ?? 0);
}
