import { loadConfig, ConfigError } from '../../server/config';

describe('configuration', () => {
  it('runs with no settings at all on the embedded defaults', () => {
    const config = loadConfig({});
    expect(config.env).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\.data$/);
    expect(config.seedDemo).toBe(true);
    expect(config.premiumTestMode).toBe(true);
    expect(config.login).toEqual({ maxFailures: 10, windowMs: 15 * 60_000 });
  });

  it('requires SESSION_SECRET and DATABASE_URL in production and names both', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET is required/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) })).toThrow(/DATABASE_URL is required/);
  });

  it('turns off seeds and the premium test mode in production', () => {
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgres://u:p@db/medivault', SEED_DEMO: 'true' });
    expect(config.seedDemo).toBe(false);
    expect(config.premiumTestMode).toBe(false);
    expect(config.sessionKeys).toEqual(['x'.repeat(40)]);
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

  it('rejects half an admin bootstrap and malformed ICE servers', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'root@example.org' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD must be set together/);
    expect(() => loadConfig({ ICE_SERVERS: '{not json' })).toThrow(/ICE_SERVERS must be a JSON array/);
    expect(loadConfig({ ICE_SERVERS: '[{"urls":"stun:stun.example.org:3478"}]' }).media.iceServers).toEqual([{ urls: 'stun:stun.example.org:3478' }]);
  });
});
