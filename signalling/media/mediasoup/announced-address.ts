import os from 'node:os';
import type { Config } from '../../../server/config';

const EVERY_ADDRESS = new Set(['0.0.0.0', '::']);

interface AnnouncedAddress {
  /** What the SFU's ICE candidates name; none when they can name the listen address itself. */
  address?: string;
  /** Taken from this host's interfaces, for want of MEDIASOUP_ANNOUNCED_IP. */
  guessed: boolean;
}

/** Bridges a container engine or hypervisor made on this host: their addresses are private to it. */
const VIRTUAL_BRIDGE = /^(docker|podman|cni|veth|br-|virbr|vboxnet|lxcbr|vmnet)/;

/**
 * This host's first external IPv4 address, a virtual bridge's only when it has nothing else (a LAN's
 * wlan0 can be listed after docker0).
 */
export function hostExternalIPv4(interfaces = os.networkInterfaces()): string | undefined {
  const external = Object.entries(interfaces).flatMap(([name, entries]) =>
    (entries ?? []).filter((entry) => entry.family === 'IPv4' && !entry.internal).map((entry) => ({ name, address: entry.address })),
  );
  return (external.find(({ name }) => !VIRTUAL_BRIDGE.test(name)) ?? external[0])?.address;
}

/**
 * The address the SFU's ICE candidates carry. Listening on every address (the default), a candidate would
 * name 0.0.0.0, which no browser can reach, so it names MEDIASOUP_ANNOUNCED_IP when set, else this host's
 * first external IPv4 address (a LAN's, or a server's own), else loopback. Behind NAT only the setting is right.
 */
export function announcedAddress(media: Pick<Config['media'], 'listenIp' | 'announcedIp'>, interfaces = os.networkInterfaces()): AnnouncedAddress {
  if (media.announcedIp) return { address: media.announcedIp, guessed: false };
  if (!EVERY_ADDRESS.has(media.listenIp)) return { guessed: false };
  return { address: hostExternalIPv4(interfaces) ?? '127.0.0.1', guessed: true };
}
