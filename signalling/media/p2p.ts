import type { IceServer } from '../../common/socket-events';
import type { P2PBackend } from './backend';

/** Nothing to hold on the server: the 'p2p:signal' handler relays offers, answers and candidates. */
export function createP2PBackend(iceServers: IceServer[]): P2PBackend {
  return {
    mode: 'p2p',
    iceServers,
    release: () => {},
    close: async () => {},
  };
}
