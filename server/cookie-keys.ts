import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * Signs and checks cookie signatures for Koa (`app.keys` accepts any object shaped like keygrip's).
 * One HMAC-SHA256 per check with keys imported once: keygrip re-imports the key and runs three HMACs per
 * check (its constant-time compare hashes both sides again), which showed as the largest single cost of
 * an API read. The first key signs; the others still verify, so a secret can be rotated.
 */
export class CookieKeys {
  private readonly keys: KeyObject[];

  constructor(secrets: readonly string[]) {
    if (!secrets.length) throw new Error('At least one cookie key is required.');
    this.keys = secrets.map((secret) => createSecretKey(Buffer.from(secret, 'utf8')));
  }

  sign(data: string): string {
    return this.digest(data, this.keys[0]!).toString('base64url');
  }

  verify(data: string, signature: string): boolean {
    return this.index(data, signature) > -1;
  }

  index(data: string, signature: string): number {
    const given = Buffer.from(signature, 'base64url');
    for (let i = 0; i < this.keys.length; i++) {
      const expected = this.digest(data, this.keys[i]!);
      if (given.length === expected.length && timingSafeEqual(given, expected)) return i;
    }
    return -1;
  }

  private digest(data: string, key: KeyObject): Buffer {
    return createHmac('sha256', key).update(data).digest();
  }
}
