/**
 * Production refuses unsafe settings, each by name: a guessable session secret, doctors without a second
 * factor, origins that are not https, and a database on another host reached without TLS.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config';
import { estimatedEntropyBits, isLocalDatabase, MIN_SECRET_BITS } from '../../server/lib/production-checks';

// 48 random bytes in base64, as `openssl rand -base64 48` writes them.
const RANDOM_SECRET = 'q3M1vZr8KfB0Xw6yTn2cLd9GhJ4sUe7aPo5iRk+Wj1Nt0b8YzQx6mC3vE2uH/Dl9';
const RANDOM_AUDIT_KEY = 'tG7nW2qLx9Rb4Zk1Vy6Hc3Jd8Mf0Ps5Ue2Ao7Ni4Kr9Xw1By6Tq3Lz8Dm0Fg5Hj2';
const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: RANDOM_SECRET,
  AUDIT_KEY: RANDOM_AUDIT_KEY,
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

  it('need an audit key of its own, random, from AUDIT_KEY or AUDIT_KEY_FILE', () => {
    expect(problemsWith({ AUDIT_KEY: '' })).toContain('AUDIT_KEY (or AUDIT_KEY_FILE) is required when NODE_ENV=production');
    expect(problemsWith({ AUDIT_KEY: 'medivault-2026-'.repeat(3) })).toMatch(/AUDIT_KEY is too predictable \(about \d+ bits of entropy, at least 128 needed\)/);
    expect(problemsWith({ AUDIT_KEY: RANDOM_SECRET })).toContain('AUDIT_KEY must differ from SESSION_SECRET');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-key-'));
    try {
      const file = path.join(dir, 'audit.key');
      fs.writeFileSync(file, `${RANDOM_AUDIT_KEY}\n`);
      expect(problemsWith({ AUDIT_KEY: '', AUDIT_KEY_FILE: file })).toBe('');
      expect(loadConfig({ ...PRODUCTION, AUDIT_KEY: '', AUDIT_KEY_FILE: file }).auditKey).toBe(RANDOM_AUDIT_KEY);
      expect(problemsWith({ AUDIT_KEY_FILE: file })).toContain('set AUDIT_KEY or AUDIT_KEY_FILE, not both');
      expect(problemsWith({ AUDIT_KEY: '', AUDIT_KEY_FILE: path.join(dir, 'missing') })).toContain(`AUDIT_KEY_FILE ${path.join(dir, 'missing')} cannot be read (ENOENT)`);
      fs.writeFileSync(file, 'short');
      expect(problemsWith({ AUDIT_KEY: '', AUDIT_KEY_FILE: file })).toContain('must hold a key of at least 32 characters');
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });

  it('derive an audit key outside production, the same at every start', () => {
    const development = loadConfig({ SESSION_SECRET: 'x'.repeat(40) });
    expect(development.auditKey).toBe(loadConfig({ SESSION_SECRET: 'x'.repeat(40) }).auditKey);
    expect(development.auditKey).not.toBe(loadConfig({}).auditKey);
    expect(development.auditKey).not.toContain('x'.repeat(40));
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
