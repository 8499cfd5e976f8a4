import type { IceServer, IceTransportPolicy, P2PSignalEvent, ParticipantRole } from '../../common/socket-events';
import type { DeviceKind } from './local-media';
import { request, type CallSocket } from './signalling-client';

export type MediaLinkState = 'connecting' | 'connected' | 'interrupted';

/** Everyone else's media, by participant (participantKey): their microphone, and their screen or camera. */
export type RemoteStreams = ReadonlyMap<string, MediaStream>;

export interface MediaSessionOptions {
  socket: CallSocket;
  consultationId: string;
  role: ParticipantRole;
  /** Our own participantKey: what we send ourselves (from another tab) is never taken in. */
  self: string;
  iceServers: IceServer[];
  /** 'relay' when the server says media must go through its TURN servers. */
  iceTransportPolicy: IceTransportPolicy;
  /** P2P signals that arrived while the camera was opening (the other side's offer), oldest first. */
  earlySignals?: P2PSignalEvent[];
  onRemoteStreams(streams: RemoteStreams): void;
  onLinkState(state: MediaLinkState): void;
}

/** The media half of a call, peer-to-peer or through the SFU; the CallClient drives it the same way. */
export interface MediaSession {
  /**
   * The other side is in the room or has gone. `atJoin`: they were already there when we joined
   * (we make the first move); otherwise they just arrived and make it themselves.
   */
  otherPresent(present: boolean, atJoin: boolean): void;
  /** The socket came back and the room was joined again: restore whatever the server dropped. */
  rejoined(): void;
  /** Joined again after the network itself went away: build the media link anew on the new path. */
  restart(): void;
  /** The device moved to another network while the socket stayed up: find a new path (ICE restart). */
  networkChanged(): void;
  /** Shows the other side a shared screen instead of the camera, or the camera again (null). */
  shareScreen(track: MediaStreamTrack | null): Promise<void>;
  /** Mute or unmute without renegotiating. */
  setSending(kind: DeviceKind, enabled: boolean): void;
  /** Sends another microphone or camera (a device chosen mid-call) in place of the current one, without renegotiating. */
  replaceTrack(kind: DeviceKind, track: MediaStreamTrack): Promise<void>;
  /** WebRTC statistics of the peer connections carrying the call; none while there is no link. */
  getStats(): Promise<RTCStatsReport[]>;
  close(): void;
}

/**
 * Fresh TURN credentials before a media link is built again without a new join (a network change, an ICE
 * restart): a join's own expire TURN_CREDENTIAL_TTL_SECONDS after it (a relay already in use lives on).
 * The credentials held stay when the server cannot answer.
 */
export async function refreshIce(options: MediaSessionOptions): Promise<void> {
  try {
    const { iceServers, iceTransportPolicy } = await request(options.socket, 'media:iceServers', { consultationId: options.consultationId });
    Object.assign(options, { iceServers, iceTransportPolicy });
  } catch {
    // Keep the credentials held: a TURN server refuses expired ones only for a new relay.
  }
}
