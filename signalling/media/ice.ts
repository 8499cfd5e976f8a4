import { createHmac } from 'node:crypto';
import type { IceServer, IceTransportPolicy } from '../../common/socket-events';
import type { Config, TurnSettings } from '../../server/config';

/**
 * Time-limited TURN credentials in coturn's REST API scheme (`use-auth-secret`): the username is
 * `${expiry in Unix seconds}:${subject}` and the password base64(HMAC-SHA1(secret, username)).
 * The TURN server recomputes the password from its copy of the secret and refuses an expired username.
 */
export function turnCredentials(turn: TurnSettings, subject: string, now = Date.now()): Required<IceServer> {
  const expiry = Math.floor(now / 1000) + turn.credentialTtlSeconds;
  const username = `${expiry}:${subject}`;
  const credential = createHmac('sha1', turn.secret).update(username).digest('base64');
  return { urls: turn.urls, username, credential };
}

/** What a client's RTCPeerConnections are configured with: the static ICE_SERVERS plus fresh TURN credentials. */
export function clientIce(media: Config['media'], subject: string, now = Date.now()): { iceServers: IceServer[]; iceTransportPolicy: IceTransportPolicy } {
  const iceServers = media.turn ? [...media.iceServers, turnCredentials(media.turn, subject, now)] : media.iceServers;
  return { iceServers, iceTransportPolicy: media.iceTransportPolicy };
}
