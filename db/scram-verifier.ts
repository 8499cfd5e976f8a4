import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';

/** PostgreSQL's own default for the verifiers it makes (scram_iterations). */
const ITERATIONS = 4096;

/**
 * The SCRAM-SHA-256 verifier PostgreSQL stores for a password (RFC 5802, RFC 7677), in the form CREATE and
 * ALTER ROLE ... PASSWORD accept instead of the password itself:
 * `SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>`. A statement carrying it, logged when it fails
 * (by the driver's error message or the server's log), gives away no password; the verifier cannot sign in.
 * The password must need no SASLprep (ASCII without control characters), as the app role's base64url one.
 */
export function scramVerifier(password: string, salt: Buffer = randomBytes(16)): string {
  const salted = pbkdf2Sync(password, salt, ITERATIONS, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${ITERATIONS}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}
