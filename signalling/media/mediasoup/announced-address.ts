import os from 'node:os';
import type { Config } from '../../../server/config';

const EVERY_ADDRESS = new Set(['0.0.0.0', '::']);

export interface AnnouncedAddress {
  /** What the SFU's ICE candidates name; none when they can name the listen address itself. */
  address?: string;
  /** Taken from this host's interfaces, for want of MEDIASOUP_ANNOUNCED_IP. */
  guessed: boolean;
}

/**
 * The address the SFU's ICE candidates carry. Listening on every address (the default), a candidate would
 * name 0.0.0.0, which no browser can reach, so it names MEDIASOUP_ANNOUNCED_IP when set, else this host's
 * first external IPv4 address (a LAN's, or a server's own), else loopback. Behind NAT only the setting is right.
 */
export function announcedAddress(media: Pick<Config['media'], 'listenIp' | 'announcedIp'>, interfaces = os.networkInterfaces()): AnnouncedAddress {
  if (media.announcedIp) return { address: media.announcedIp, guessed: false };
  if (!EVERY_ADDRESS.has(media.listenIp)) return { guessed: false };
  const external = Object.values(interfaces)
    .flat()
    .find((entry) => entry?.family === 'IPv4' && !entry.internal);
  return { address: external?.address ?? '127.0.0.1', guessed: true };
}
