import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { AppError } from '../errors';
import { hasLeadingZeroBits, type SignInChallenge } from '../../common/proof-of-work';
import type { SignInProof } from '../../common/schemas/login';

/** How long an issued challenge may be answered. */
const CHALLENGE_TTL = '2 minutes';

/** 428: the sign-in must carry a solved challenge; `details` is the challenge to solve. */
class ChallengeRequired extends AppError {
  constructor(challenge: SignInChallenge, message: string) {
    super(428, 'challenge_required', message, undefined, challenge);
  }
}

const ASKED = 'Too many failed sign-ins for this account: solve the sign-in check (proof of work) and send it with the sign-in.';
const FAILED = 'The sign-in check did not pass. Please try again.';

/**
 * Proof-of-work challenges for sign-ins of an account under attack: each is a row bound to the account,
 * taken by one DELETE ... RETURNING (single use, even with parallel retries) and refused once expired.
 */
export class SignInChallenges {
  constructor(
    private readonly knex: Knex,
    private readonly bits: number,
  ) {}

  async issue(accountKey: string, message = ASKED): Promise<ChallengeRequired> {
    await this.knex('sign_in_challenges').where('expiresAt', '<', this.knex.fn.now()).delete();
    const [row] = await this.knex('sign_in_challenges')
      .insert({ accountKey, bits: this.bits, expiresAt: this.knex.raw(`now() + interval '${CHALLENGE_TTL}'`) })
      .returning('id');
    return new ChallengeRequired({ challenge: (row as { id: string }).id, bits: this.bits }, message);
  }

  /** Passes when the proof answers a live challenge issued for this account; throws a fresh challenge otherwise. */
  async assertSolved(accountKey: string, proof: SignInProof | undefined): Promise<void> {
    if (!proof) throw await this.issue(accountKey);
    const [taken] = await this.knex('sign_in_challenges')
      .where({ id: proof.challenge, accountKey })
      .andWhere('expiresAt', '>', this.knex.fn.now())
      .delete()
      .returning('bits');
    const digest = createHash('sha256').update(proof.challenge + proof.nonce).digest();
    if (!taken || !hasLeadingZeroBits(digest, (taken as { bits: number }).bits)) throw await this.issue(accountKey, FAILED);
  }
}
