import { useState } from 'react';
import { hasLeadingZeroBits, type SignInChallenge } from '../../common/proof-of-work';
import type { SignInProof } from '../../common/schemas/login';
import { ApiError } from './client';

/** Nonces hashed per round: WebCrypto's digest is asynchronous, so a batch keeps it busy between awaits. */
const BATCH = 512;

/**
 * Chromium settles WebCrypto digests without giving the page a task in between: without a yield now and then,
 * the form could not even show that it is checking. The first yield waits for a frame, so it shows before the work starts.
 */
const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Finds a nonce whose SHA-256 with the challenge starts with the asked zero bits (about a second at 15 bits). */
async function solveSignInChallenge({ challenge, bits }: SignInChallenge): Promise<SignInProof> {
  const encoder = new TextEncoder();
  for (let start = 0; ; start += BATCH) {
    if (start === 0) await nextFrame();
    else if (start % (BATCH * 8) === 0) await yieldToPage();
    const nonces = Array.from({ length: BATCH }, (_, i) => String(start + i));
    const digests = await Promise.all(nonces.map((nonce) => crypto.subtle.digest('SHA-256', encoder.encode(challenge + nonce))));
    const found = digests.findIndex((digest) => hasLeadingZeroBits(new Uint8Array(digest), bits));
    if (found >= 0) return { challenge, nonce: nonces[found]! };
  }
}

const challengeOf = (error: unknown): SignInChallenge | null =>
  error instanceof ApiError && error.status === 428 && error.body?.code === 'challenge_required' ? (error.body.details as SignInChallenge) : null;

/** A sign-in answered at most this many times with a fresh challenge (an expired or raced one) before giving up. */
const MAX_CHALLENGES = 3;

/**
 * Sends a sign-in; when the server asks for the proof-of-work step (an account many failed sign-ins were aimed
 * at), solves it in the browser and sends the sign-in again with the proof, calling `checking` meanwhile.
 */
export async function withSignInProof<T>(send: (proof?: SignInProof) => Promise<T>, checking: (on: boolean) => void): Promise<T> {
  let proof: SignInProof | undefined;
  for (let round = 0; ; round += 1) {
    try {
      return await send(proof);
    } catch (error) {
      const challenge = challengeOf(error);
      if (!challenge || round >= MAX_CHALLENGES) throw error;
      checking(true);
      try {
        proof = await solveSignInChallenge(challenge);
      } finally {
        checking(false);
      }
    }
  }
}

/** Whether the sign-in form is solving the proof-of-work step now (its button says 'Checking your browser...'). */
export function useSignInCheck() {
  const [checking, setChecking] = useState(false);
  return { checking, setChecking };
}
