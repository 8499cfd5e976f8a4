/**
 * Production refuses unsafe settings, each by name: a guessable session secret, doctors without a second
 * factor, origins that are not https, and a database on another host reached without TLS.
 */
import { loadConfig } from '../../server/config';
import { estimatedEntropyBits, isLocalDatabase, MIN_SECRET_BITS } from '../../server/lib/production-checks';

// 48 random bytes in base64, as `openssl rand -base64 48` writes them.
const RANDOM_SECRET = 'q3M1vZr8KfB0Xw6yTn2cLd9GhJ4sUe7aPo5iRk+Wj1Nt0b8YzQx6mC3vE2uH/Dl9';
const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: RANDOM_SECRET,
  DATABASE_URL: 'postgres://u:p@db.internal/medivault?sslmode=verify-full',
  TRUST_PROXY: 'true',
  PUBLIC_URL: 'https://vault.clinic.example',
};

const problemsWith = (change: Record<string, string>): string => {
  try {
    loadConfig({ ...PRODUCTION, ...change });
  } catch (err) {
    return (err as Error).message;
  }
  return '';
};

describe('production settings', () => {
  it('start with a random secret, doctors on two-step sign-in, https origins and a TLS or local database', () => {
    expect(problemsWith({})).toBe('');
    expect(problemsWith({ MFA_REQUIRED_FOR: 'doctor' })).toBe('');
    expect(problemsWith({ ALLOWED_ORIGINS: 'https://portal.clinic.example, https://clinic.example:8443' })).toBe('');
    for (const local of ['postgres://u:p@localhost/medivault', 'postgres://u:p@127.0.0.1:5432/medivault', 'postgres://u:p@[::1]/medivault', 'postgres://u@%2Fvar%2Frun%2Fpostgresql/medivault', 'postgres:///medivault?host=/var/run/postgresql']) {
      expect(problemsWith({ DATABASE_URL: local, DATABASE_SSL: 'disable' })).toBe('');
    }
  });

  it.each([
    ['one repeated character', 'a'.repeat(64)],
    ['two alternating characters', 'ab'.repeat(32)],
    ['a few distinct characters', 'abcd'.repeat(10)],
    ['the digits over and over', '0123456789'.repeat(4)],
    ['a phrase repeated', 'medivault-2026-'.repeat(3)],
  ])('refuse a session secret of %s, by name', (_, secret) => {
    expect(estimatedEntropyBits(secret)).toBeLessThan(MIN_SECRET_BITS);
    expect(problemsWith({ SESSION_SECRET: secret })).toMatch(/SESSION_SECRET is too predictable \(about \d+ bits of entropy, at least 128 needed\)/);
  });

  it('count a random base64 secret well above the bar', () => {
    expect(estimatedEntropyBits(RANDOM_SECRET)).toBeGreaterThan(300);
  });

  it.each(['none', 'admin'])('refuse MFA_REQUIRED_FOR=%s, which leaves doctors out', (value) => {
    expect(problemsWith({ MFA_REQUIRED_FOR: value })).toContain(`MFA_REQUIRED_FOR=${value} leaves doctors signing in with a password alone`);
  });

  it.each(['null', '*', 'http://portal.clinic.example', 'https://portal.clinic.example/app', 'portal.clinic.example'])('refuse the ALLOWED_ORIGINS entry %s, naming it', (origin) => {
    expect(problemsWith({ ALLOWED_ORIGINS: `https://portal.clinic.example,${origin}` })).toContain(`ALLOWED_ORIGINS entry ${origin} is not an https origin`);
  });

  it.each(['postgres://u:p@db.internal/medivault', 'postgres://u:p@10.0.0.5/medivault', 'postgres://u:p@127.example.org/medivault'])('refuse DATABASE_SSL=disable for %s, another host', (url) => {
    expect(isLocalDatabase(url)).toBe(false);
    expect(problemsWith({ DATABASE_URL: url, DATABASE_SSL: 'disable' })).toContain('DATABASE_SSL=disable is only for PostgreSQL on the same host');
  });

  it.each(['127.0.0.1:8443', 'localhost', '[::1]:443', '10.0.0.5'])('refuse the PUSH_SERVICE_HOSTS entry %s: an address, not a push service', (entry) => {
    expect(problemsWith({ PUSH_SERVICE_HOSTS: `fcm.googleapis.com,${entry}` })).toContain(`PUSH_SERVICE_HOSTS entry ${entry} is an address, not a push service's host name`);
    expect(problemsWith({ PUSH_SERVICE_HOSTS: 'fcm.googleapis.com,*.push.services.mozilla.com' })).toBe('');
  });

  it('list every unsafe setting at once', () => {
    const message = problemsWith({ SESSION_SECRET: 'x'.repeat(40), MFA_REQUIRED_FOR: 'none', ALLOWED_ORIGINS: 'null', DATABASE_URL: 'postgres://u:p@db.internal/medivault', DATABASE_SSL: 'disable' });
    for (const name of ['SESSION_SECRET', 'MFA_REQUIRED_FOR', 'ALLOWED_ORIGINS', 'DATABASE_SSL']) expect(message).toContain(`- ${name}`);
  });

  it('leave development and test as they were', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'x'.repeat(40), MFA_REQUIRED_FOR: 'none', ALLOWED_ORIGINS: 'http://localhost:5173' })).not.toThrow();
  });
});
