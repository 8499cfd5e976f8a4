import type { P2PBackend } from './backend';

/** Nothing to hold on the server: the 'p2p:signal' handler relays offers, answers and candidates. */
export function createP2PBackend(): P2PBackend {
  return {
    mode: 'p2p',
    counts: () => ({ workers: 0, routers: 0, producers: 0, consumers: 0 }),
    release: () => {},
    close: async () => {},
  };
}
