import { isIPv6 } from 'node:net';

/** The groups of an IPv6 address with '::' expanded (an embedded dotted IPv4 tail counts as two). */
function ipv6Groups(ip: string): string[] {
  const groups = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const [head = '', tail] = ip.split('::');
  if (tail === undefined) return groups(head);
  const h = groups(head);
  const t = groups(tail);
  return [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
}

/**
 * The key one client's requests are counted under: an IPv4 address as is, an IPv6 address by its /64
 * (one home or device gets a whole /64, so counting single addresses would let it rotate through them).
 */
export function addressGroup(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const bare = ip.split('%')[0]!;
  if (!isIPv6(bare)) return ip;
  return `${ipv6Groups(bare)
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
