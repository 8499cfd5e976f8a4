/**
 * A shared link's encryption, in the browser only (HL7 SMART Health Links IG): a fresh 32-byte key per
 * link, files as compact JWE with alg 'dir' and enc 'A256GCM'. The key travels in the link's fragment and
 * never in a request.
 */
import { CompactEncrypt, compactDecrypt } from 'jose';
import { base64UrlBytes, base64UrlEncode } from '../../common/base64url';
import { SHARED_FILE_CONTENT_TYPE } from '../../common/smart-health-link';

export const newLinkKey = (): string => base64UrlEncode(crypto.getRandomValues(new Uint8Array(32)));

/** A fresh IV for every encryption (jose draws one), as the IG requires of every file a key encrypts. */
export function encryptForLink(content: unknown, key: string): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(content)))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', cty: SHARED_FILE_CONTENT_TYPE })
    .encrypt(base64UrlBytes(key));
}

export async function decryptFromLink(jwe: string, key: string): Promise<unknown> {
  const { plaintext } = await compactDecrypt(jwe, base64UrlBytes(key));
  return JSON.parse(new TextDecoder().decode(plaintext));
}
