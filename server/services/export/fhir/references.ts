import { createHash } from 'node:crypto';
import type { Resource } from '@medplum/fhirtypes';
import type { Reference } from './types';

/** An entry's fullUrl: references to it inside the bundle resolve to the entry with this URL. */
export const entryUrl = (id: string) => `urn:uuid:${id}`;

/** Typed by what it points to where FHIR asks (a subject is a Patient...); the bundle's entries say what each id is. */
export const referenceTo = <T extends Resource = Resource>(id: string): Reference<T> => ({ reference: entryUrl(id) });

/**
 * A UUID (version 5, RFC 9562) for a resource with no row of its own, such as one result of a report:
 * the same parent and name give the same id in every export, so an importer sees the same resource again.
 */
export function derivedId(parentId: string, name: string): string {
  const hash = createHash('sha1').update(Buffer.from(parentId.replace(/-/g, ''), 'hex')).update(name).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
