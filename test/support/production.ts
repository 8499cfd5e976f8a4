/** Settings production starts with (server/config.ts), against the test database, and what its TLS proxy adds to every request. */
export const PUBLIC_URL = 'https://vault.clinic.example';

export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  // Random, as production requires (test/unit/production-settings.test.ts).
  SESSION_SECRET: 'Hc8rV2mQx0TzL5bWn7JkYf3Ps9Ga1UeD4oRi6Nt+Xw2Zq8Ly0Bv5Mj7Ks3Fd/Ah1',
  AUDIT_KEY: 'tG7nW2qLx9Rb4Zk1Vy6Hc3Jd8Mf0Ps5Ue2Ao7Ni4Kr9Xw1By6Tq3Lz8Dm0Fg5Hj2',
  DATABASE_URL: 'postgres://u:p@db/medivault?sslmode=require',
  TRUST_PROXY: 'true',
  PUBLIC_URL,
};

/** A request for the public host from one of its pages, whatever the connection it came over. */
export const FOR_PUBLIC_HOST = { 'x-forwarded-host': new URL(PUBLIC_URL).host, origin: PUBLIC_URL };

/** A browser on PUBLIC_URL's pages, through the TLS proxy. */
export const THROUGH_PROXY = { ...FOR_PUBLIC_HOST, 'x-forwarded-proto': 'https' };
