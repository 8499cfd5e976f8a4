import { createHash } from 'node:crypto';
import { listAt, recordAt, textAt } from './read';
import type { FileEntry } from './types';

/**
 * What makes a resource the same one in another copy of the file: a business identifier if it has one,
 * else its fullUrl, else its type and id, else its whole content. Hashed, so no clinical text is stored.
 */
export function fingerprintOf({ fullUrl, resource }: FileEntry): string {
  const identifier = listAt(resource.identifier)
    .map(recordAt)
    .find((candidate) => textAt(candidate?.value) !== undefined);
  const identity = identifier
    ? `identifier ${textAt(identifier.system) ?? ''}|${textAt(identifier.value)}`
    : textAt(fullUrl)
      ? `url ${fullUrl}`
      : textAt(resource.id)
        ? `id ${resource.id}`
        : `content ${JSON.stringify(resource)}`;
  return createHash('sha256').update(`${resource.resourceType}\n${identity}`).digest('base64url');
}
