import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: the 256 bits of entropy the IG asks of a manifest address (43 characters). */
export const newLinkToken = (): string => randomBytes(32).toString('base64url');

/** Only this is stored: a leaked table does not open any link. */
export const linkTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
