/** Settings production refuses to start with (server/config.ts names each one): the judgements themselves. */

/** Bits a secret must carry, by the estimate below, for production to start. */
export const MIN_SECRET_BITS = 128;

/**
 * A conservative estimate of a secret's entropy: the Shannon entropy of its own character frequencies,
 * times the length of its shortest repeating unit. Repetition and small alphabets score low ('aaaa...' 0,
 * '0123456789' repeated 33); 48 random bytes in base64 (`openssl rand -base64 48`, 64 characters) about 360.
 */
export function estimatedEntropyBits(secret: string): number {
  const characters = [...secret];
  const counts = new Map<string, number>();
  for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + 1);
  let perCharacter = 0;
  for (const count of counts.values()) {
    const p = count / characters.length;
    perCharacter -= p * Math.log2(p);
  }
  return Math.floor(perCharacter * shortestPeriod(characters));
}

/** The length of the shortest unit the characters repeat (the whole length when they do not). */
function shortestPeriod(characters: string[]): number {
  for (let period = 1; period <= characters.length / 2; period++) {
    if (characters.every((character, i) => i < period || character === characters[i - period])) return period;
  }
  return characters.length;
}

/** Where PostgreSQL is reached without leaving the machine: a loopback name or address, or a Unix socket. */
export function isLocalDatabase(databaseUrl: string): boolean {
  const url = new URL(databaseUrl);
  const socketDirectory = url.searchParams.get('host');
  if (socketDirectory?.startsWith('/')) return true;
  const host = decodeURIComponent(url.hostname).replace(/^\[|\]$/g, '');
  return host === '' || host.startsWith('/') || host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** ALLOWED_ORIGINS entries that are not an https origin (scheme and host only): `null`, `*`, http://, a path. */
export function unsafeOrigins(origins: readonly string[]): string[] {
  return origins.filter((origin) => {
    try {
      const url = new URL(origin);
      return url.protocol !== 'https:' || url.origin !== origin;
    } catch {
      return true;
    }
  });
}
