import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as yup from 'yup';
import type { IceServer, IceTransportPolicy } from '../common/socket-events';
import { PASSWORD_MIN } from '../common/constants';
import { isCommonPassword } from '../common/schemas/password';
import { estimatedEntropyBits, isLocalDatabase, MIN_SECRET_BITS, unsafeOrigins } from './lib/production-checks';
import { DEFAULT_PUSH_SERVICE_HOSTS, isAddressHost } from './services/push/push-services';
import type { StorageQuota } from './services/documents/storage-quota';
import type { VirusScanSettings } from './services/documents/virus-scan';

export interface RequestLimit {
  max: number;
  windowMs: number;
}

/** `https://host[:port]` from an address with no path, query or fragment; null for anything else. */
function publicOriginOf(value: string): string | null {
  try {
    const url = new URL(value);
    const bare = (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username && !url.password;
    return bare && (url.protocol === 'https:' || url.protocol === 'http:') ? url.origin : null;
  } catch {
    return null;
  }
}

const MEGABYTE = 1024 * 1024;
const listOf = (value: string) => value.split(',').map((item) => item.trim()).filter(Boolean);
const isTurnUrl = (url: string) => /^turns?:\S+$/.test(url);

/** Every environment variable the product reads, validated once at start. `.env.example` mirrors this list. */
const envSchema = yup.object({
  NODE_ENV: yup.string().oneOf(['development', 'production', 'test']).default('development'),
  HOST: yup.string().default('0.0.0.0'),
  PORT: yup.number().integer().min(0).max(65535).default(3000),
  DATABASE_URL: yup.string().matches(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL').optional(),
  DATA_DIR: yup.string().default('./.data'),
  EMBEDDED_PG_PORT: yup.number().integer().min(1024).max(65535).default(54329),
  SESSION_SECRET: yup.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  // Keys the audit trail's chain (server/services/audit-chain.ts); the database never sees it. AUDIT_KEY_FILE names a file holding it instead.
  AUDIT_KEY: yup.string().min(32, 'AUDIT_KEY must be at least 32 characters').optional(),
  AUDIT_KEY_FILE: yup.string().optional(),
  // Fractions are allowed so tests can configure seconds.
  SESSION_IDLE_MINUTES: yup.number().positive('SESSION_IDLE_MINUTES must be positive').max(24 * 60).default(30),
  SESSION_ABSOLUTE_HOURS: yup.number().positive('SESSION_ABSOLUTE_HOURS must be positive').max(24 * 30).default(12),
  // Days between a patient asking to delete their account and its data being erased (they may change their mind meanwhile).
  ACCOUNT_DELETION_GRACE_DAYS: yup.number().min(0, 'ACCOUNT_DELETION_GRACE_DAYS must be 0 or more').max(365).default(30),
  // The address people reach MediVault at (https://vault.clinic.example): every link the server writes, and the only host it answers for.
  PUBLIC_URL: yup.string().test('origin', 'PUBLIC_URL must be an http(s) address with no path, such as https://vault.clinic.example', (value) => value == null || publicOriginOf(value) !== null).optional(),
  ALLOWED_ORIGINS: yup.string().default(''),
  // Who must give a second factor at every password sign-in (patients may always opt in).
  MFA_REQUIRED_FOR: yup
    .string()
    .matches(/^(none|(doctor|admin)(,(doctor|admin))?)$/, 'MFA_REQUIRED_FOR must be "doctor,admin", "doctor", "admin" or "none"')
    .default('doctor,admin'),
  TRUST_PROXY: yup.boolean().default(false),
  // Proxies in front that each append the address they saw to X-Forwarded-For: the client is that many entries from the right.
  TRUST_PROXY_HOPS: yup.number().integer().min(1, 'TRUST_PROXY_HOPS must be at least 1 (the proxies in front of MediVault that append to X-Forwarded-For)').default(1),
  DATABASE_SSL: yup.string().oneOf(['disable'], 'DATABASE_SSL may only be "disable" (PostgreSQL on the same host, reached without TLS)').optional(),
  ADMIN_EMAIL: yup.string().email('ADMIN_EMAIL must be an email address').optional(),
  ADMIN_PASSWORD: yup
    .string()
    .min(PASSWORD_MIN, `ADMIN_PASSWORD must be at least ${PASSWORD_MIN} characters`)
    .test('not-common', 'ADMIN_PASSWORD is on the list of common breached passwords: choose another', (v) => v == null || !isCommonPassword(v))
    .optional(),
  SEED_DEMO: yup.boolean().optional(),
  LOGIN_WINDOW_MINUTES: yup.number().integer().min(1).default(15),
  LOGIN_FREE_FAILURES: yup.number().integer().min(1).default(5),
  LOGIN_FIRST_DELAY_SECONDS: yup.number().integer().min(1).default(2),
  LOGIN_ADDRESS_MAX_FAILURES: yup.number().integer().min(1).default(100),
  LOGIN_CHALLENGE_AFTER: yup.number().integer().min(1).default(20),
  LOGIN_CHALLENGE_BITS: yup.number().integer().min(1).max(32).default(15),
  LOGIN_ACCOUNT_MAX_FAILURES: yup.number().integer().min(1).default(100),
  KNOWN_DEVICE_DAYS: yup.number().integer().min(1).default(180),
  DOCTOR_ACCESS_WINDOW_DAYS: yup.number().integer().min(0).default(30),
  BREAK_GLASS_MINUTES: yup.number().integer().min(1).max(24 * 60).default(60),
  SIGNUP_MAX_PER_ADDRESS: yup.number().integer().min(1).default(5),
  SIGNUP_WINDOW_MINUTES: yup.number().integer().min(1).default(10),
  PASSKEY_OPTIONS_MAX_PER_ADDRESS: yup.number().integer().min(1).default(30),
  PASSKEY_OPTIONS_WINDOW_MINUTES: yup.number().integer().min(1).default(10),
  PASSWORD_RESET_MAX_PER_ADDRESS: yup.number().integer().min(1).default(5),
  PASSWORD_RESET_WINDOW_MINUTES: yup.number().integer().min(1).default(15),
  GUEST_JOIN_MAX_PER_ADDRESS: yup.number().integer().min(1).default(60),
  GUEST_JOIN_WINDOW_MINUTES: yup.number().integer().min(1).default(10),
  SHARED_LINK_MAX_PER_ADDRESS: yup.number().integer().min(1).default(600),
  SHARED_LINK_WINDOW_MINUTES: yup.number().integer().min(1).default(10),
  SUPPORT_REQUEST_MAX_PER_ACCOUNT: yup.number().integer().min(1).default(10),
  SUPPORT_REQUEST_WINDOW_MINUTES: yup.number().integer().min(1).default(60),
  // Outgoing mail (password reset links): smtp://user:password@host:port, or smtps:// for TLS from the start.
  SMTP_URL: yup.string().matches(/^smtps?:\/\/\S+$/, 'SMTP_URL must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: yup.string().default('MediVault <no-reply@medivault.local>'),
  REDIS_URL: yup.string().optional(),
  JSON_BODY_LIMIT_KB: yup.number().integer().min(1).max(1024).default(64),
  HTTP_HEADERS_TIMEOUT_MS: yup.number().integer().min(1000).default(20_000),
  HTTP_REQUEST_TIMEOUT_MS: yup.number().integer().min(1000).default(120_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: yup.number().integer().min(1000).default(65_000),
  // On SIGTERM/SIGINT: how long requests in flight may take to finish before they are cut.
  SHUTDOWN_GRACE_MS: yup.number().integer().min(0, 'SHUTDOWN_GRACE_MS must be 0 or more').max(600_000, 'SHUTDOWN_GRACE_MS must be at most 600000 (10 minutes)').default(10_000),
  SOCKET_AUTH_RECHECK_MS: yup.number().integer().min(0).max(60_000).default(2000),
  SOCKET_CHAT_PER_SECOND: yup.number().positive().default(5),
  SOCKET_CHAT_BURST: yup.number().integer().min(1).default(10),
  SOCKET_SIGNALLING_PER_SECOND: yup.number().positive().default(50),
  SOCKET_SIGNALLING_BURST: yup.number().integer().min(1).default(100),
  MEDIA_MODE: yup.string().oneOf(['auto', 'sfu', 'p2p']).default('auto'),
  MEDIASOUP_WORKER_BIN: yup.string().optional(),
  MEDIASOUP_WORKERS: yup.number().integer().min(1).default(os.availableParallelism()),
  MEDIASOUP_LISTEN_IP: yup.string().default('0.0.0.0'),
  MEDIASOUP_ANNOUNCED_IP: yup.string().optional(),
  MEDIASOUP_RTC_MIN_PORT: yup.number().integer().min(1024).max(65535).default(40000),
  MEDIASOUP_RTC_MAX_PORT: yup.number().integer().min(1024).max(65535).default(49999),
  ICE_SERVERS: yup.string().default('[]'),
  TURN_URLS: yup
    .string()
    .test('turn-urls', 'TURN_URLS must be turn: or turns: URLs separated by commas, such as turn:turn.example.org:3478', (value) => !value || listOf(value).every(isTurnUrl))
    .optional(),
  TURN_SECRET: yup.string().optional(),
  TURN_CREDENTIAL_TTL_SECONDS: yup.number().integer().min(60, 'TURN_CREDENTIAL_TTL_SECONDS must be at least 60').default(3600),
  ICE_TRANSPORT_POLICY: yup.string().oneOf(['all', 'relay'], 'ICE_TRANSPORT_POLICY must be all or relay').default('all'),
  STRIPE_SECRET_KEY: yup
    .string()
    .matches(/^(sk|rk)_(test|live)_\S+$/, 'STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_test_..., sk_live_..., rk_...)')
    .optional(),
  // Sent to every browser: a secret key here would publish it.
  STRIPE_PUBLISHABLE_KEY: yup.string().matches(/^pk_(test|live)_\S+$/, 'STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_test_... or pk_live_...), never a secret key').optional(),
  STRIPE_WEBHOOK_SECRET: yup.string().matches(/^whsec_\S+$/, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_...)').optional(),
  STRIPE_API_BASE: yup.string().url('STRIPE_API_BASE must be a URL such as http://127.0.0.1:12111').optional(),
  VAPID_PUBLIC_KEY: yup.string().optional(),
  VAPID_PRIVATE_KEY: yup.string().optional(),
  VAPID_SUBJECT: yup
    .string()
    .matches(/^(mailto:|https:\/\/)\S+$/, 'VAPID_SUBJECT must be a mailto: address or an https:// URL (RFC 8292)')
    .default('mailto:admin@medivault.invalid'),
  // The push services subscriptions may point at: host, host:port, or *.domain (server/services/push/push-services.ts).
  PUSH_SERVICE_HOSTS: yup.string().default(DEFAULT_PUSH_SERVICE_HOSTS.join(',')),
  AI_SUMMARY_URL: yup.string().url('AI_SUMMARY_URL must be a URL').optional(),
  AI_SUMMARY_KEY: yup.string().optional(),
  AI_SUMMARY_MODEL: yup.string().default('gpt-4o-mini'),
  OCR_WORKERS: yup.number().integer().min(1, 'OCR_WORKERS must be at least 1').default(os.availableParallelism()),
  PDF_WORKERS: yup.number().integer().min(1, 'PDF_WORKERS must be at least 1').default(os.availableParallelism()),
  OCR_TIMEOUT_MS: yup.number().integer().min(1000, 'OCR_TIMEOUT_MS must be at least 1000').default(60_000),
  // Megabytes of uploaded originals one user may keep, by plan.
  STORAGE_QUOTA_FREE_MB: yup.number().positive('STORAGE_QUOTA_FREE_MB must be positive').default(100),
  STORAGE_QUOTA_PREMIUM_MB: yup.number().positive('STORAGE_QUOTA_PREMIUM_MB must be positive').default(2048),
  // clamd to scan every upload with (off when neither is set): its unix socket, or its TCP host (and port).
  CLAMD_SOCKET: yup.string().optional(),
  CLAMD_HOST: yup.string().optional(),
  CLAMD_PORT: yup.number().integer().min(1).max(65535).optional(),
  CLAMD_TIMEOUT_MS: yup.number().integer().min(1000, 'CLAMD_TIMEOUT_MS must be at least 1000').default(30_000),
  LOG_LEVEL: yup.string().oneOf(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  RUN_JOBS: yup.boolean().default(true),
  METRICS_TOKEN: yup.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
});

type Env = yup.InferType<typeof envSchema>;

/** A TURN server using coturn's REST API shared secret: each join gets credentials of its own. */
export interface TurnSettings {
  urls: string[];
  /** Never logged, never sent: only credentials derived from it leave the server. */
  secret: string;
  credentialTtlSeconds: number;
}

/** A token bucket: `burst` requests at once, refilled at `perSecond`. */
export interface RateLimit {
  perSecond: number;
  burst: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl?: string;
  dataDir: string;
  embeddedPgPort: number;
  sessionKeys: string[];
  /** The audit chain's secret (AUDIT_KEY); in development and tests derived from the session secret. Never logged, never sent to the database. */
  auditKey: string;
  /** Accounts that must give a second factor at every password sign-in. */
  mfaRequiredFor: Array<'doctor' | 'admin'>;
  sessionIdleMs: number;
  /** A session ends this long after its sign-in, however busy it is. */
  sessionAbsoluteMs: number;
  accountDeletionGraceMs: number;
  /**
   * PUBLIC_URL's origin: the address every link the server writes points at, and the only host it answers
   * requests for (server/middleware/public-host.ts). Without it (development), links use the server's own
   * listening address (server/lib/app-origin.ts).
   */
  publicOrigin?: string;
  allowedOrigins: string[];
  trustProxy: boolean;
  /** With trustProxy: how many proxies append to X-Forwarded-For; the client address is that many entries from the right. */
  proxyHops: number;
  admin?: { email: string; password: string };
  seedDemo: boolean;
  premiumTestMode: boolean;
  /** Sign-in throttling (server/services/sign-in-throttle.ts): slow-downs, never lockouts. */
  login: {
    windowMs: number;
    /** Failures of one account from one address (or known device) before each further try waits. */
    freeFailures: number;
    /** The first wait; it doubles with every further failure, up to the window. */
    firstDelayMs: number;
    /** Failures from one address group, across all accounts, before it is refused (known devices excepted). */
    addressMaxFailures: number;
    /** Failures of one account, from anywhere, before an unknown device must solve a proof-of-work challenge. */
    challengeAfter: number;
    /** Leading zero bits the challenge's SHA-256 must have. */
    challengeBits: number;
    /** Consecutive failures of one account (its streak, until a success) after which unknown devices must find another way in. */
    accountMaxFailures: number;
    knownDeviceMs: number;
  };
  /** How long after a consultation's end its doctor still reads the patient's records. */
  doctorAccessWindowMs: number;
  /** How long a doctor's break-glass access lasts. */
  breakGlassMs: number;
  /** Requests allowed per address (an IPv6 /64 counting as one) in each window. */
  requestLimits: Record<'signup' | 'passkeyOptions' | 'passwordReset' | 'guestJoin' | 'sharedLink' | 'supportRequest', RequestLimit>;
  /** Outgoing mail; absent, features that need it say so. */
  mail?: { smtpUrl: string; from: string };
  redisUrl?: string;
  /** What one HTTP request may be: JSON bodies (routes that take uploads set their own size), and how long its headers and whole body may take to arrive. */
  http: { jsonBodyBytes: number; headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number };
  /** On SIGTERM/SIGINT, how long requests in flight may take to finish before they are cut. */
  shutdownGraceMs: number;
  sockets: {
    /** How long a socket's session and its consultation's status are trusted before they are read again. */
    authRecheckMs: number;
    /** Per socket: chat lines and history pages, and everything else it asks. */
    rateLimits: { chat: RateLimit; signalling: RateLimit };
  };
  media: {
    mode: 'auto' | 'sfu' | 'p2p';
    workerBin?: string;
    workers: number;
    listenIp: string;
    announcedIp?: string;
    rtcMinPort: number;
    rtcMaxPort: number;
    /** Static STUN/TURN entries (ICE_SERVERS), handed to every client as they are. */
    iceServers: IceServer[];
    turn?: TurnSettings;
    /** 'relay' makes browsers send media only through a TURN server. */
    iceTransportPolicy: IceTransportPolicy;
  };
  /** Present only when all three keys are set; without it the payment endpoints answer 503. */
  stripe?: StripeSettings;
  /** Web push keys; without both keys the server makes a pair once and keeps it in the database. */
  vapid: { publicKey?: string; privateKey?: string; subject: string };
  /** Hosts of the browser push services a subscription's endpoint may be at; the server POSTs nowhere else. */
  pushServiceHosts: string[];
  aiSummary?: { url: string; key?: string; model: string };
  documents: {
    /** OCR worker threads, one page at a time each. */
    ocrWorkers: number;
    /** Threads reading PDFs' text layers with pdf.js, one document at a time each. */
    pdfWorkers: number;
    /** Longest one page may take to read or draw, and one PDF's text layer to be read; the thread is then replaced. */
    ocrTimeoutMs: number;
    /** Bytes of originals one user may keep, by plan. */
    storageQuota: StorageQuota;
    /** clamd, which every upload is streamed to before it is read or kept; absent, uploads are not scanned. */
    virusScanner?: VirusScanSettings;
  };
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Bearer token that GET /metrics requires; without one the endpoint does not exist (404). Never logged. */
  metricsToken?: string;
  /** Whether this process runs due reminder jobs; every process queues them either way. */
  runJobs: boolean;
}

export interface StripeSettings {
  /** Never logged, never sent. */
  secretKey: string;
  publishableKey: string;
  /** Signs the webhook bodies Stripe sends; never logged, never sent. */
  webhookSecret: string;
  /** Another Stripe API host (the tests' local stand-in for Stripe); refused in production. */
  apiBase?: string;
}

export class ConfigError extends Error {}

const DEVELOPMENT_SESSION_SECRET = 'medivault-development-only-session-secret-change-me';

function parseIceServers(raw: string): IceServer[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('ICE_SERVERS must be a JSON array such as [{"urls":"stun:stun.example.org:3478"}]');
  }
  if (!Array.isArray(parsed) || !parsed.every((s) => s && (typeof s.urls === 'string' || Array.isArray(s.urls)))) {
    throw new ConfigError('ICE_SERVERS must be a JSON array of objects with a "urls" field');
  }
  return parsed as IceServer[];
}

/** TURN_URLS and TURN_SECRET come together; a relay-only policy needs some TURN server to relay through. */
function turnSettings(env: Env, iceServers: IceServer[]): Pick<Config['media'], 'turn' | 'iceTransportPolicy'> {
  const urls = listOf(env.TURN_URLS ?? '');
  if (urls.length && !env.TURN_SECRET) throw new ConfigError('Invalid configuration:\n- TURN_URLS needs TURN_SECRET (the TURN server\'s static-auth-secret)');
  if (env.TURN_SECRET && !urls.length) throw new ConfigError('Invalid configuration:\n- TURN_SECRET needs TURN_URLS (the TURN server\'s turn: or turns: URLs)');
  const turn = env.TURN_SECRET ? { urls, secret: env.TURN_SECRET, credentialTtlSeconds: env.TURN_CREDENTIAL_TTL_SECONDS } : undefined;
  const iceTransportPolicy = env.ICE_TRANSPORT_POLICY as IceTransportPolicy;
  const staticTurn = iceServers.some((server) => [server.urls].flat().some(isTurnUrl));
  if (iceTransportPolicy === 'relay' && !turn && !staticTurn) {
    throw new ConfigError('Invalid configuration:\n- ICE_TRANSPORT_POLICY=relay needs a TURN server (TURN_URLS and TURN_SECRET, or a turn: entry in ICE_SERVERS)');
  }
  return { turn, iceTransportPolicy };
}

/** Stripe's three keys come together: a server that can charge must also be told (signed webhooks) what happened. */
function stripeSettings(env: Env): StripeSettings | undefined {
  const keys = { STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: env.STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET };
  const missing = Object.entries(keys).filter(([, value]) => !value).map(([name]) => name);
  if (missing.length === 3) return undefined;
  if (missing.length) throw new ConfigError(`Invalid configuration:\n- ${missing.join(', ')} must be set with the other Stripe keys (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET)`);
  return { secretKey: env.STRIPE_SECRET_KEY!, publishableKey: env.STRIPE_PUBLISHABLE_KEY!, webhookSecret: env.STRIPE_WEBHOOK_SECRET!, apiBase: env.STRIPE_API_BASE };
}

const CLAMD_DEFAULT_PORT = 3310;

/** clamd's address: CLAMD_SOCKET, or CLAMD_HOST with CLAMD_PORT (3310 unless set); neither leaves scanning off. */
function virusScanner(env: Env): VirusScanSettings | undefined {
  if (env.CLAMD_SOCKET && env.CLAMD_HOST) throw new ConfigError('Invalid configuration:\n- CLAMD_SOCKET and CLAMD_HOST name two scanners: set the unix socket or the TCP host, not both');
  if (env.CLAMD_PORT && !env.CLAMD_HOST) throw new ConfigError('Invalid configuration:\n- CLAMD_PORT needs CLAMD_HOST (the host clamd listens on)');
  if (env.CLAMD_SOCKET) return { address: { socket: env.CLAMD_SOCKET }, timeoutMs: env.CLAMD_TIMEOUT_MS };
  if (env.CLAMD_HOST) return { address: { host: env.CLAMD_HOST, port: env.CLAMD_PORT ?? CLAMD_DEFAULT_PORT }, timeoutMs: env.CLAMD_TIMEOUT_MS };
  return undefined;
}

/** A connection string that asks pg for TLS (sslmode=require / verify-ca / verify-full, or ssl=true). */
function asksForTls(databaseUrl: string): boolean {
  const params = new URL(databaseUrl).searchParams;
  return ['require', 'verify-ca', 'verify-full'].includes(params.get('sslmode') ?? '') || ['true', '1'].includes(params.get('ssl') ?? '');
}

/** AUDIT_KEY, or the contents of AUDIT_KEY_FILE (one trailing newline ignored); undefined when neither is set. */
function configuredAuditKey(env: Env): string | undefined {
  if (env.AUDIT_KEY && env.AUDIT_KEY_FILE) throw new ConfigError('Invalid configuration:\n- set AUDIT_KEY or AUDIT_KEY_FILE, not both');
  if (!env.AUDIT_KEY_FILE) return env.AUDIT_KEY;
  let key: string;
  try {
    key = fs.readFileSync(env.AUDIT_KEY_FILE, 'utf8').replace(/\r?\n$/, '');
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n- AUDIT_KEY_FILE ${env.AUDIT_KEY_FILE} cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  if (key.length < 32) throw new ConfigError(`Invalid configuration:\n- AUDIT_KEY_FILE ${env.AUDIT_KEY_FILE} must hold a key of at least 32 characters`);
  return key;
}

/** Outside production a deployment without AUDIT_KEY still gets a key of its own, stable across restarts. */
function developmentAuditKey(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret).update('medivault development audit key').digest('base64url');
}

function auditKeyProblems(auditKey: string | undefined, sessionSecret: string | undefined): string[] {
  if (!auditKey) return ['AUDIT_KEY (or AUDIT_KEY_FILE) is required when NODE_ENV=production: a random secret kept apart from the database, such as the output of openssl rand -base64 48'];
  if (auditKey === sessionSecret) return ['AUDIT_KEY must differ from SESSION_SECRET: the database role password derives from SESSION_SECRET, and the audit key must stay apart from the database'];
  const bits = estimatedEntropyBits(auditKey);
  if (bits < MIN_SECRET_BITS) return [`AUDIT_KEY is too predictable (about ${bits} bits of entropy, at least ${MIN_SECRET_BITS} needed): set a random one, such as the output of openssl rand -base64 48`];
  return [];
}

/** What production refuses to start with, each naming its setting. */
function unsafeProductionSettings(env: Env, auditKey: string | undefined): string[] {
  const problems: string[] = [];
  if (!env.SESSION_SECRET) problems.push('SESSION_SECRET is required when NODE_ENV=production');
  else if (env.SESSION_SECRET === DEVELOPMENT_SESSION_SECRET) problems.push('SESSION_SECRET is the public development value: set a random secret of at least 32 characters');
  else if (estimatedEntropyBits(env.SESSION_SECRET) < MIN_SECRET_BITS) {
    problems.push(`SESSION_SECRET is too predictable (about ${estimatedEntropyBits(env.SESSION_SECRET)} bits of entropy, at least ${MIN_SECRET_BITS} needed): set a random one, such as the output of openssl rand -base64 48`);
  }
  if (!listOf(env.MFA_REQUIRED_FOR).includes('doctor')) problems.push(`MFA_REQUIRED_FOR=${env.MFA_REQUIRED_FOR} leaves doctors signing in with a password alone: production needs doctor (the default is doctor,admin)`);
  for (const origin of unsafeOrigins(listOf(env.ALLOWED_ORIGINS))) problems.push(`ALLOWED_ORIGINS entry ${origin} is not an https origin: production takes only https://host[:port] entries, such as https://portal.clinic.example`);
  if (!env.PUBLIC_URL) problems.push('PUBLIC_URL is required when NODE_ENV=production: the https:// address people reach MediVault at, such as https://vault.clinic.example');
  else if (!env.PUBLIC_URL.startsWith('https://')) problems.push('PUBLIC_URL must be an https:// address when NODE_ENV=production');
  if (!env.DATABASE_URL) problems.push('DATABASE_URL is required when NODE_ENV=production');
  else if (!asksForTls(env.DATABASE_URL)) {
    if (env.DATABASE_SSL !== 'disable') problems.push('DATABASE_URL must use TLS in production (add ?sslmode=verify-full), or set DATABASE_SSL=disable when PostgreSQL runs on the same host');
    else if (!isLocalDatabase(env.DATABASE_URL)) {
      problems.push('DATABASE_SSL=disable is only for PostgreSQL on the same host (localhost, 127.0.0.1, ::1 or a Unix socket): DATABASE_URL names another host, so use TLS (?sslmode=verify-full)');
    }
  }
  // Production cookies are Secure: a browser only sends them back over HTTPS, which a proxy in front provides.
  if (env.STRIPE_API_BASE) problems.push('STRIPE_API_BASE must not be set in production: payments go to Stripe itself');
  for (const entry of listOf(env.PUSH_SERVICE_HOSTS).filter((host) => isAddressHost(host.replace(/:\d+$/, '')))) {
    problems.push(`PUSH_SERVICE_HOSTS entry ${entry} is an address, not a push service's host name: production sends pushes only to public push services`);
  }
  if (!env.TRUST_PROXY) problems.push('TRUST_PROXY=true is required when NODE_ENV=production: session cookies are Secure, so MediVault must run behind a TLS-terminating proxy that sets X-Forwarded-Proto');
  problems.push(...auditKeyProblems(auditKey, env.SESSION_SECRET));
  return problems;
}

/** Reads and validates the environment; throws ConfigError with every problem listed. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const raw = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  let env: Env;
  try {
    env = envSchema.validateSync(raw, { abortEarly: false, stripUnknown: true });
  } catch (err) {
    if (err instanceof yup.ValidationError) throw new ConfigError(`Invalid configuration:\n- ${err.errors.join('\n- ')}`);
    throw err;
  }
  const production = env.NODE_ENV === 'production';
  const auditKey = configuredAuditKey(env);
  if (production) {
    const unsafe = unsafeProductionSettings(env, auditKey);
    if (unsafe.length) throw new ConfigError(`Invalid configuration:\n- ${unsafe.join('\n- ')}`);
  }
  if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n- ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (env.MEDIASOUP_RTC_MIN_PORT > env.MEDIASOUP_RTC_MAX_PORT) {
    throw new ConfigError('Invalid configuration:\n- MEDIASOUP_RTC_MIN_PORT must not exceed MEDIASOUP_RTC_MAX_PORT');
  }
  const iceServers = parseIceServers(env.ICE_SERVERS);
  const stripe = stripeSettings(env);
  return {
    env: env.NODE_ENV as Config['env'],
    host: env.HOST,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    dataDir: path.resolve(env.DATA_DIR),
    embeddedPgPort: env.EMBEDDED_PG_PORT,
    sessionKeys: [env.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET],
    auditKey: auditKey ?? developmentAuditKey(env.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET),
    mfaRequiredFor: listOf(env.MFA_REQUIRED_FOR).filter((role) => role !== 'none') as Array<'doctor' | 'admin'>,
    sessionIdleMs: Math.round(env.SESSION_IDLE_MINUTES * 60_000),
    sessionAbsoluteMs: Math.round(env.SESSION_ABSOLUTE_HOURS * 3_600_000),
    accountDeletionGraceMs: Math.round(env.ACCOUNT_DELETION_GRACE_DAYS * 86_400_000),
    publicOrigin: env.PUBLIC_URL ? publicOriginOf(env.PUBLIC_URL)! : undefined,
    allowedOrigins: listOf(env.ALLOWED_ORIGINS),
    trustProxy: env.TRUST_PROXY,
    proxyHops: env.TRUST_PROXY_HOPS,
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
    seedDemo: production ? false : (env.SEED_DEMO ?? env.NODE_ENV === 'development'),
    premiumTestMode: !production,
    login: {
      windowMs: env.LOGIN_WINDOW_MINUTES * 60_000,
      freeFailures: env.LOGIN_FREE_FAILURES,
      firstDelayMs: env.LOGIN_FIRST_DELAY_SECONDS * 1000,
      addressMaxFailures: env.LOGIN_ADDRESS_MAX_FAILURES,
      challengeAfter: env.LOGIN_CHALLENGE_AFTER,
      challengeBits: env.LOGIN_CHALLENGE_BITS,
      accountMaxFailures: env.LOGIN_ACCOUNT_MAX_FAILURES,
      knownDeviceMs: env.KNOWN_DEVICE_DAYS * 86_400_000,
    },
    doctorAccessWindowMs: env.DOCTOR_ACCESS_WINDOW_DAYS * 86_400_000,
    mail: env.SMTP_URL ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM } : undefined,
    breakGlassMs: env.BREAK_GLASS_MINUTES * 60_000,
    requestLimits: {
      signup: { max: env.SIGNUP_MAX_PER_ADDRESS, windowMs: env.SIGNUP_WINDOW_MINUTES * 60_000 },
      passkeyOptions: { max: env.PASSKEY_OPTIONS_MAX_PER_ADDRESS, windowMs: env.PASSKEY_OPTIONS_WINDOW_MINUTES * 60_000 },
      passwordReset: { max: env.PASSWORD_RESET_MAX_PER_ADDRESS, windowMs: env.PASSWORD_RESET_WINDOW_MINUTES * 60_000 },
      guestJoin: { max: env.GUEST_JOIN_MAX_PER_ADDRESS, windowMs: env.GUEST_JOIN_WINDOW_MINUTES * 60_000 },
      sharedLink: { max: env.SHARED_LINK_MAX_PER_ADDRESS, windowMs: env.SHARED_LINK_WINDOW_MINUTES * 60_000 },
      supportRequest: { max: env.SUPPORT_REQUEST_MAX_PER_ACCOUNT, windowMs: env.SUPPORT_REQUEST_WINDOW_MINUTES * 60_000 },
    },
    redisUrl: env.REDIS_URL,
    http: { jsonBodyBytes: env.JSON_BODY_LIMIT_KB * 1024, headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS, requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS, keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS },
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    sockets: {
      authRecheckMs: env.SOCKET_AUTH_RECHECK_MS,
      rateLimits: {
        chat: { perSecond: env.SOCKET_CHAT_PER_SECOND, burst: env.SOCKET_CHAT_BURST },
        signalling: { perSecond: env.SOCKET_SIGNALLING_PER_SECOND, burst: env.SOCKET_SIGNALLING_BURST },
      },
    },
    media: {
      mode: env.MEDIA_MODE as Config['media']['mode'],
      workerBin: env.MEDIASOUP_WORKER_BIN,
      workers: env.MEDIASOUP_WORKERS,
      listenIp: env.MEDIASOUP_LISTEN_IP,
      announcedIp: env.MEDIASOUP_ANNOUNCED_IP,
      rtcMinPort: env.MEDIASOUP_RTC_MIN_PORT,
      rtcMaxPort: env.MEDIASOUP_RTC_MAX_PORT,
      iceServers,
      ...turnSettings(env, iceServers),
    },
    stripe,
    vapid: { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT },
    pushServiceHosts: listOf(env.PUSH_SERVICE_HOSTS),
    aiSummary: env.AI_SUMMARY_URL ? { url: env.AI_SUMMARY_URL, key: env.AI_SUMMARY_KEY, model: env.AI_SUMMARY_MODEL } : undefined,
    documents: {
      ocrWorkers: env.OCR_WORKERS,
      pdfWorkers: env.PDF_WORKERS,
      ocrTimeoutMs: env.OCR_TIMEOUT_MS,
      storageQuota: { free: Math.round(env.STORAGE_QUOTA_FREE_MB * MEGABYTE), premium: Math.round(env.STORAGE_QUOTA_PREMIUM_MB * MEGABYTE) },
      virusScanner: virusScanner(env),
    },
    logLevel: env.LOG_LEVEL as Config['logLevel'],
    metricsToken: env.METRICS_TOKEN,
    runJobs: env.RUN_JOBS,
  };
}
