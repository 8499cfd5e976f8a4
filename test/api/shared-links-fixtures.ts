import { randomBytes } from 'node:crypto';
import { CompactEncrypt } from 'jose';
import { SharedLink, SharedLinkFile } from '../../db/models';
import { linkTokenHash, newLinkToken } from '../../server/services/shared-links/tokens';
import { issueDownload } from '../../server/services/shared-links/downloads';
import { hashPassword } from '../../server/services/passwords';

/** A fresh key, as the patient's browser makes one: 32 random bytes. */
export const newKey = (): Uint8Array => new Uint8Array(randomBytes(32));

/** Content encrypted as the IG (and the app's browser) does: compact JWE, alg dir, enc A256GCM, cty. */
export function encryptFile(content: unknown, key: Uint8Array): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(JSON.stringify(content)))
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', cty: 'application/fhir+json' })
    .encrypt(key);
}

const SAMPLE_BUNDLE = { resourceType: 'Bundle', type: 'collection', entry: [] };

/** A link of the patient's written straight to the database (with its one file), and its token: for tests of who may reach it. */
export async function insertSharedLink(userId: string, options: { flag?: string; passcode?: string; expiresAt?: Date } = {}) {
  const token = newLinkToken();
  const link = await SharedLink.query().insertAndFetch({
    userId,
    tokenHash: linkTokenHash(token),
    label: 'Test link',
    flag: options.flag ?? (options.passcode ? 'P' : ''),
    passcodeHash: options.passcode ? await hashPassword(options.passcode) : null,
    expiresAt: options.expiresAt ?? new Date(Date.now() + 86_400_000),
  });
  const file = await SharedLinkFile.query().insertAndFetch({ linkId: link.id, contentType: 'application/fhir+json', jwe: await encryptFile(SAMPLE_BUNDLE, newKey()) });
  return { link, token, file };
}

/** A download address of a new link's file, as a manifest hands it out. */
export async function downloadOfNewLink(userId: string): Promise<string> {
  const { file } = await insertSharedLink(userId);
  return issueDownload(SharedLink.knex(), file.id);
}
