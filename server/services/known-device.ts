import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import type { CookieKeys } from '../cookie-keys';

/**
 * 'Known device' cookie (OWASP's device cookies): a browser that signed in to an account gets an entry
 * `<device id>.<issued, epoch seconds>.<HMAC-SHA256 with SESSION_SECRET of the account, id and time>`. The
 * cookie holds the entries of the last few accounts signed in there. A correct password from a known device
 * is never slowed or refused by failures elsewhere: its failures count under (account, device) rather than
 * (account, address), and the address ceiling and the proof-of-work step do not apply to it.
 */
const KNOWN_DEVICE_COOKIE = 'mv.known';
const MAX_ENTRIES = 5;

interface Entry {
  id: string;
  issued: number;
  signature: string;
}

function parse(raw: string | undefined): Entry[] {
  if (!raw) return [];
  return raw
    .split('~')
    .slice(0, MAX_ENTRIES)
    .flatMap((text) => {
      const [id, issued, signature] = text.split('.');
      return id && issued && signature && /^\d+$/.test(issued) ? [{ id, issued: Number(issued), signature }] : [];
    });
}

const signed = (accountKey: string, id: string, issued: number) => `known-device:${accountKey}:${id}:${issued}`;

function keysOf(ctx: AppContext): CookieKeys {
  return ctx.app.keys as unknown as CookieKeys;
}

/** The id of this browser as a known device of the account, or null when it has not signed in to it (lately). */
export function knownDeviceOf(ctx: AppContext, accountKey: string): string | null {
  const oldest = Math.floor((Date.now() - ctx.deps.config.login.knownDeviceMs) / 1000);
  const entry = parse(ctx.cookies.get(KNOWN_DEVICE_COOKIE)).find(
    (e) => e.issued >= oldest && keysOf(ctx).verify(signed(accountKey, e.id, e.issued), e.signature),
  );
  return entry?.id ?? null;
}

/** Marks this browser as a known device of the account (renewed at every sign-in), keeping other accounts' entries. */
export function rememberDevice(ctx: AppContext, accountKey: string): void {
  const id = knownDeviceOf(ctx, accountKey) ?? randomBytes(12).toString('base64url');
  const issued = Math.floor(Date.now() / 1000);
  const fresh = `${id}.${issued}.${keysOf(ctx).sign(signed(accountKey, id, issued))}`;
  const others = parse(ctx.cookies.get(KNOWN_DEVICE_COOKIE))
    .filter((e) => e.id !== id)
    .map((e) => `${e.id}.${e.issued}.${e.signature}`);
  const { config } = ctx.deps;
  ctx.cookies.set(KNOWN_DEVICE_COOKIE, [fresh, ...others].slice(0, MAX_ENTRIES).join('~'), {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.env === 'production',
    path: '/api',
    maxAge: config.login.knownDeviceMs,
    signed: false,
    overwrite: true,
  });
}
