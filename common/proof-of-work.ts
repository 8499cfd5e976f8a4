/**
 * The sign-in challenge's rule, shared by the server that checks it and the browser that solves it:
 * SHA-256 of `challenge + nonce` (UTF-8) must start with `bits` zero bits.
 */
export function hasLeadingZeroBits(digest: Uint8Array, bits: number): boolean {
  const whole = Math.floor(bits / 8);
  for (let i = 0; i < whole; i += 1) if (digest[i] !== 0) return false;
  const rest = bits % 8;
  return rest === 0 || (digest[whole]! >> (8 - rest)) === 0;
}

/** A challenge the server asks the sign-in form to solve (the 428 answer's `details`). */
export interface SignInChallenge {
  challenge: string;
  bits: number;
}
