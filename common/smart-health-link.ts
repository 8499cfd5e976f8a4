/**
 * The SMART Health Link payload (HL7 SMART Health Cards and Links IG, STU1): a minified JSON object,
 * base64url-encoded and prefixed with `shlink:/`, optionally after a viewer address ending in `#` (a
 * fragment never reaches a server, so neither does the key in it).
 */
import { base64UrlBytes, base64UrlEncode } from './base64url';

const SHLINK_PREFIX = 'shlink:/';

/** What the encrypted files are: the app shares one FHIR R4 Bundle. */
export const SHARED_FILE_CONTENT_TYPE = 'application/fhir+json';

export interface ShlinkPayload {
  /** The manifest address (at most 128 characters, 256 bits of entropy). */
  url: string;
  /** The AES-256-GCM key: 32 random bytes, base64url (43 characters). */
  key: string;
  /** Expiry, in seconds since the epoch: a hint for the receiver. */
  exp?: number;
  /** Single-letter flags in alphabetical order: L long-term, P passcode, U the url is the file itself. */
  flag?: string;
  label?: string;
  v?: number;
}

export function encodeShlink(payload: ShlinkPayload): string {
  return SHLINK_PREFIX + base64UrlEncode(new TextEncoder().encode(JSON.stringify(payload)));
}

/** `https://viewer#shlink:/...` */
export function viewerLink(viewerUrl: string, payload: ShlinkPayload): string {
  return `${viewerUrl}#${encodeShlink(payload)}`;
}

export class UnreadableLink extends Error {}

/** The payload of a bare `shlink:/...` or of a viewer address that carries one after `#`. */
export function decodeShlink(link: string): ShlinkPayload {
  const start = link.indexOf(SHLINK_PREFIX);
  if (start === -1) throw new UnreadableLink('This is not a SMART Health Link: it has no shlink:/ part.');
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder().decode(base64UrlBytes(link.slice(start + SHLINK_PREFIX.length))));
  } catch {
    throw new UnreadableLink('This SMART Health Link is damaged: copy the whole link again.');
  }
  const { url, key } = (payload ?? {}) as Partial<ShlinkPayload>;
  if (typeof url !== 'string' || typeof key !== 'string') throw new UnreadableLink('This SMART Health Link is damaged: copy the whole link again.');
  return payload as ShlinkPayload;
}

/** The flag string of a link's choices, letters in alphabetical order as the IG asks. */
export function shlinkFlag(choices: { longTerm: boolean; passcode: boolean; direct: boolean }): string {
  return [choices.longTerm ? 'L' : '', choices.passcode ? 'P' : '', choices.direct ? 'U' : ''].join('');
}

/** The protected header of a compact JWE, or null when the text is not one (five base64url parts, a JSON header). */
export function jweHeaderOf(jwe: string): Record<string, unknown> | null {
  const parts = jwe.split('.');
  if (parts.length !== 5 || parts.some((part, i) => i !== 1 && !/^[A-Za-z0-9_-]+$/.test(part))) return null;
  try {
    const header: unknown = JSON.parse(new TextDecoder().decode(base64UrlBytes(parts[0]!)));
    return header && typeof header === 'object' && !Array.isArray(header) ? (header as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
