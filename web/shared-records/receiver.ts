/**
 * Opening a SMART Health Link as any receiver does (HL7 SMART Health Cards and Links IG, STU1): the manifest
 * request (or a `U` link's direct GET), each file fetched or read inline, then decrypted here with the key
 * from the link. Without cookies: the link's server may be another.
 */
import type { ShlManifest } from '../../common/api-types';
import { SHARED_FILE_CONTENT_TYPE, type ShlinkPayload } from '../../common/smart-health-link';
import { decryptFromLink } from './encryption';

/** The link needs its passcode, or the one given was wrong. */
export class PasscodeRefused extends Error {
  constructor(
    message: string,
    readonly remainingAttempts: number,
  ) {
    super(message);
  }
}

/** The link does not open any more (expired, revoked, too many wrong passcodes) or its server is out of reach. */
export class LinkUnavailable extends Error {}

/** Files up to this length come inline in the manifest: one request fewer. */
const EMBEDDED_LENGTH_MAX = 2_000_000;

async function refusal(response: Response): Promise<Error> {
  const body = (await response.json().catch(() => ({}))) as { message?: string; remainingAttempts?: number };
  if (response.status === 401) return new PasscodeRefused(body.message ?? 'The passcode is not right.', body.remainingAttempts ?? 0);
  if (response.status === 404) return new LinkUnavailable(body.message ?? 'This link does not open any more. Ask the patient for a new one.');
  return new LinkUnavailable(body.message ?? 'The link could not be opened. Please try again.');
}

async function send(url: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, credentials: 'omit' });
  } catch {
    throw new LinkUnavailable('The records could not be reached. Check the connection and try again.');
  }
  if (!response.ok) throw await refusal(response);
  return response;
}

async function manifestFiles(payload: ShlinkPayload, recipient: string, passcode?: string): Promise<string[]> {
  const body = JSON.stringify({ recipient, passcode, embeddedLengthMax: EMBEDDED_LENGTH_MAX });
  const manifest = (await (await send(payload.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })).json()) as ShlManifest;
  const files = manifest.files.filter((file) => file.contentType === SHARED_FILE_CONTENT_TYPE);
  return Promise.all(files.map(async (file) => file.embedded ?? (await (await send(file.location!)).text())));
}

/** The shared FHIR resources (Bundles), decrypted. */
export async function openSharedRecords(payload: ShlinkPayload, recipient: string, passcode?: string): Promise<unknown[]> {
  const encrypted = payload.flag?.includes('U')
    ? [await (await send(`${payload.url}?recipient=${encodeURIComponent(recipient)}`)).text()]
    : await manifestFiles(payload, recipient, passcode);
  try {
    return await Promise.all(encrypted.map((jwe) => decryptFromLink(jwe, payload.key)));
  } catch {
    throw new LinkUnavailable('The records could not be decrypted: the link may be incomplete. Copy the whole link again.');
  }
}
