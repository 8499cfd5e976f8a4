import { randomUUID } from 'node:crypto';

/** The prefix and 10 random hex digits: a username, a name or a key no other test or run uses. */
export function unique(prefix = 'u'): string {
  return `${prefix}${randomUUID().replace(/-/g, '').slice(0, 10)}`;
}
