import { loadConfig, ConfigError } from '../../server/config';

/** A secret as `openssl rand -base64 48` makes one: production refuses guessable ones (test/unit/production-settings.test.ts). */
const RANDOM_SECRET = 'Hc8rV2mQx0TzL5bWn7JkYf3Ps9Ga1UeD4oRi6Nt+Xw2Zq8Ly0Bv5Mj7Ks3Fd/Ah1';
const RANDOM_AUDIT_KEY = 'tG7nW2qLx9Rb4Zk1Vy6Hc3Jd8Mf0Ps5Ue2Ao7Ni4Kr9Xw1By6Tq3Lz8Dm0Fg5Hj2';

describe('configuration', () => {
  it('runs with no settings at all on the embedded defaults', () => {
    const config = loadConfig({});
    expect(config.env).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\.data$/);
    expect(config.seedDemo).toBe(true);
    expect(config.premiumTestMode).toBe(true);
    expect(config.login).toEqual({
      windowMs: 15 * 60_000,
      freeFailures: 5,
      firstDelayMs: 2000,
      addressMaxFailures: 100,
      challengeAfter: 20,
      challengeBits: 15,
      accountMaxFailures: 100,
      knownDeviceMs: 180 * 86_400_000,
    });
    expect(config.doctorAccessWindowMs).toBe(30 * 86_400_000);
    expect(config.breakGlassMs).toBe(60 * 60_000);
  });

  it('requires SESSION_SECRET and DATABASE_URL in production and names both', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET is required/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: RANDOM_SECRET })).toThrow(/DATABASE_URL is required/);
  });

  const SAFE_PRODUCTION = { NODE_ENV: 'production', SESSION_SECRET: RANDOM_SECRET, AUDIT_KEY: RANDOM_AUDIT_KEY, DATABASE_URL: 'postgres://u:p@db/medivault?sslmode=verify-full', TRUST_PROXY: 'true', PUBLIC_URL: 'https://vault.clinic.example' };

  it('starts production with a random secret, a TLS database URL and a proxy in front', () => {
    expect(loadConfig(SAFE_PRODUCTION).env).toBe('production');
    expect(loadConfig({ ...SAFE_PRODUCTION, DATABASE_URL: 'postgres://u:p@localhost/medivault', DATABASE_SSL: 'disable' }).env).toBe('production');
  });

  it.each([
    ['the public development session secret', { SESSION_SECRET: 'medivault-development-only-session-secret-change-me' }, 'SESSION_SECRET is the public development value'],
    ['a database URL without TLS', { DATABASE_URL: 'postgres://u:p@db/medivault' }, 'DATABASE_URL must use TLS in production'],
    ['a database URL with sslmode=prefer', { DATABASE_URL: 'postgres://u:p@db/medivault?sslmode=prefer' }, 'DATABASE_URL must use TLS in production'],
    ['Secure cookies with no TLS proxy in front', { TRUST_PROXY: 'false' }, 'TRUST_PROXY=true is required when NODE_ENV=production'],
    ['no public address', { PUBLIC_URL: '' }, 'PUBLIC_URL is required when NODE_ENV=production'],
    ['a plain-HTTP public address', { PUBLIC_URL: 'http://vault.clinic.example' }, 'PUBLIC_URL must be an https:// address when NODE_ENV=production'],
  ])('refuses to start production with %s, naming the setting', (_, change, message) => {
    expect(() => loadConfig({ ...SAFE_PRODUCTION, ...change })).toThrow(message);
  });

  it('takes PUBLIC_URL as an origin (normalised), in any mode, and refuses an address with a path or another scheme', () => {
    expect(loadConfig(SAFE_PRODUCTION).publicOrigin).toBe('https://vault.clinic.example');
    expect(loadConfig({ PUBLIC_URL: 'https://Vault.Clinic.Example:443/' }).publicOrigin).toBe('https://vault.clinic.example');
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:5173' }).publicOrigin).toBe('http://localhost:5173');
    expect(loadConfig({}).publicOrigin).toBeUndefined();
    for (const address of ['https://vault.clinic.example/medivault', 'https://vault.clinic.example/?a=1', 'ftp://vault.clinic.example', 'vault.clinic.example']) {
      expect(() => loadConfig({ PUBLIC_URL: address })).toThrow('PUBLIC_URL must be an http(s) address with no path, such as https://vault.clinic.example');
    }
  });

  it('gives requests in flight 10 s to finish on shutdown unless SHUTDOWN_GRACE_MS says otherwise', () => {
    expect(loadConfig({}).shutdownGraceMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '2500' }).shutdownGraceMs).toBe(2500);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '-1' })).toThrow('SHUTDOWN_GRACE_MS must be 0 or more');
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: 'soon' })).toThrow(/SHUTDOWN_GRACE_MS/);
  });

  it('turns off seeds and the premium test mode in production', () => {
    const config = loadConfig({ ...SAFE_PRODUCTION, SEED_DEMO: 'true' });
    expect(config.seedDemo).toBe(false);
    expect(config.premiumTestMode).toBe(false);
    expect(config.sessionKeys).toEqual([RANDOM_SECRET]);
  });

  it('lists every invalid value in one message', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', MEDIA_MODE: 'magic', DATABASE_URL: 'mysql://nope', SESSION_SECRET: 'short' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/MEDIA_MODE/);
    expect(message).toMatch(/DATABASE_URL must be a postgres:\/\/ URL/);
    expect(message).toMatch(/SESSION_SECRET must be at least 32 characters/);
  });

  it('sessions: 30 idle minutes and 12 hours at most by default, both configurable', () => {
    expect(loadConfig({})).toMatchObject({ sessionIdleMs: 30 * 60_000, sessionAbsoluteMs: 12 * 3_600_000 });
    expect(loadConfig({ SESSION_IDLE_MINUTES: '15', SESSION_ABSOLUTE_HOURS: '8' })).toMatchObject({ sessionIdleMs: 15 * 60_000, sessionAbsoluteMs: 8 * 3_600_000 });
    expect(() => loadConfig({ SESSION_ABSOLUTE_HOURS: '0' })).toThrow(/SESSION_ABSOLUTE_HOURS must be positive/);
  });

  it('rejects half an admin bootstrap and malformed ICE servers', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'root@example.org' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD must be set together/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'root@example.org', ADMIN_PASSWORD: 'Admin123' })).toThrow(/ADMIN_PASSWORD is on the list of common breached passwords/);
    expect(() => loadConfig({ ICE_SERVERS: '{not json' })).toThrow(/ICE_SERVERS must be a JSON array/);
    expect(loadConfig({ ICE_SERVERS: '[{"urls":"stun:stun.example.org:3478"}]' }).media.iceServers).toEqual([{ urls: 'stun:stun.example.org:3478' }]);
  });

  it('takes TURN_URLS and TURN_SECRET together, and needs a TURN server for a relay-only policy', () => {
    const turn = loadConfig({ TURN_URLS: ' turn:turn.example.org:3478 , turns:turn.example.org:5349 ', TURN_SECRET: 's3cret' }).media;
    expect(turn.turn).toEqual({ urls: ['turn:turn.example.org:3478', 'turns:turn.example.org:5349'], secret: 's3cret', credentialTtlSeconds: 3600 });
    expect(turn.iceTransportPolicy).toBe('all');
    expect(() => loadConfig({ TURN_URLS: 'turn:turn.example.org:3478' })).toThrow(/TURN_URLS needs TURN_SECRET/);
    expect(() => loadConfig({ TURN_SECRET: 's3cret' })).toThrow(/TURN_SECRET needs TURN_URLS/);
    expect(() => loadConfig({ TURN_URLS: 'stun:stun.example.org', TURN_SECRET: 's3cret' })).toThrow(/TURN_URLS must be turn: or turns: URLs/);
    expect(() => loadConfig({ TURN_CREDENTIAL_TTL_SECONDS: '10' })).toThrow(/TURN_CREDENTIAL_TTL_SECONDS must be at least 60/);
    expect(() => loadConfig({ ICE_TRANSPORT_POLICY: 'none' })).toThrow(/ICE_TRANSPORT_POLICY must be all or relay/);
    expect(() => loadConfig({ ICE_TRANSPORT_POLICY: 'relay' })).toThrow(/ICE_TRANSPORT_POLICY=relay needs a TURN server/);
    expect(loadConfig({ ICE_TRANSPORT_POLICY: 'relay', TURN_URLS: 'turn:t.example.org', TURN_SECRET: 's3cret' }).media.iceTransportPolicy).toBe('relay');
    // A static TURN entry in ICE_SERVERS is enough for a relay-only policy, and STUN entries stay as they are.
    const staticTurn = loadConfig({ ICE_TRANSPORT_POLICY: 'relay', ICE_SERVERS: '[{"urls":["stun:s.example.org","turn:t.example.org"],"username":"u","credential":"c"}]' }).media;
    expect(staticTurn.iceServers).toHaveLength(1);
    expect(staticTurn.turn).toBeUndefined();
  });

  it('never puts the TURN secret into a configuration error', () => {
    expect(() => loadConfig({ TURN_SECRET: 'do-not-print-me', TURN_CREDENTIAL_TTL_SECONDS: 'x' })).toThrow(expect.objectContaining({ message: expect.not.stringContaining('do-not-print-me') }));
  });
});
