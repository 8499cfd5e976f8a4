import Peer, { type SignalData } from '@thaunknown/simple-peer';
import type { P2PSignalEvent } from '../../common/socket-events';
import type { DeviceKind } from './local-media';
import { refreshIce, type MediaSession, type MediaSessionOptions } from './media-session';
import { request } from './signalling-client';

const RESTART_DELAY_MS = 800;
/** How long a newcomer that found the other side in the room waits for their offer before offering itself. */
const ARRIVAL_GRACE_MS = 1500;
/**
 * A connection still not up after this long is started again: an offer or answer lost on the way (a
 * socket that dropped it, a side that reloaded at that moment) would otherwise leave both waiting for good.
 */
const CONNECT_WITHIN_MS = 10_000;

/** Senders are handled on the RTCPeerConnection itself: a slot kept at answer time is unknown to simple-peer. */
function senderOf(peer: Peer, track: MediaStreamTrack): RTCRtpSender | undefined {
  return peer._pc.getSenders().find((sender) => sender.track === track);
}

function newSessionId(): string {
  return `${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * Peer-to-peer call with simple-peer, signalled through 'p2p:signal'. The side already in the room
 * offers as soon as the other arrives, while the newcomer is still opening its camera; the newcomer
 * answers (and offers itself only if no offer comes). While it waits alone, that side keeps a standby
 * connection whose offer is made and whose ICE candidates are gathered in advance, held back until
 * someone arrives: the newcomer then gets one offer with every candidate in it at once. Each
 * connection attempt has a session id chosen by its initiator: an offer with an unknown id is a new
 * connection (the other side reloaded or recovered) and replaces ours; when both sides offer at once
 * the larger id wins. A connection that fails is rebuilt while the other side is still in the room.
 */
export class P2PSession implements MediaSession {
  private peer: Peer | null = null;
  private session: string | null = null;
  private initiator = false;
  private otherHere = false;
  private closed = false;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private connectDeadline: ReturnType<typeof setTimeout> | undefined;
  /** The tracks we send (microphone, camera); a shared screen replaces the camera's. Empty until the devices open. */
  private readonly outgoing = new MediaStream();
  private sentVideo: MediaStreamTrack | null = null;
  private camera: MediaStreamTrack | null = null;
  /** Our devices opened (or were refused): only then do we offer, so an offer always carries our tracks. */
  private devicesSettled = false;
  private offerWhenSettled = false;
  /** Whether the room's presence has been told to us yet: a standby is made only for a room known to be empty. */
  private presenceKnown = false;
  /** The current peer is a standby: its signals are held until the other side arrives. */
  private holding = false;
  private held: SignalData[] = [];

  constructor(private readonly options: MediaSessionOptions) {
    options.socket.on('p2p:signal', this.onSignal);
    options.earlySignals?.forEach(this.onSignal);
  }

  /**
   * The microphone and camera once open, or null when access was refused. A connection answered before
   * they opened kept a sending slot for each kind of media, so the tracks go out without another offer
   * and answer. An offer that waited for them goes out now.
   */
  devicesOpened(stream: MediaStream | null): void {
    this.devicesSettled = true;
    stream?.getTracks().forEach((track) => this.outgoing.addTrack(track));
    this.camera = stream?.getVideoTracks()[0] ?? null;
    this.sentVideo ??= this.camera;
    if (this.peer && !this.peer.destroyed) this.fillSlots(this.peer);
    if (this.offerWhenSettled) {
      this.offerWhenSettled = false;
      if (this.otherHere && !this.closed && (!this.peer || this.peer.destroyed)) this.connect();
    }
    this.prepareStandby();
  }

  /** Our tracks go into the sending slots that a connection answered before our devices opened kept for them. */
  private fillSlots(peer: Peer): void {
    for (const track of this.outgoing.getTracks()) {
      const sent = track === this.camera ? (this.sentVideo ?? track) : track;
      const slot = peer._pc.getTransceivers().find((t) => t.receiver.track.kind === track.kind && !t.sender.track && t.direction.startsWith('send'));
      void slot?.sender.replaceTrack(sent);
    }
  }

  /** The side already waiting offers at once; the newcomer answers (and offers only if no offer comes). */
  otherPresent(present: boolean, atJoin: boolean): void {
    this.otherHere = present;
    this.presenceKnown = true;
    if (!present) {
      clearTimeout(this.restartTimer);
      // They left the room (closed the tab, ended the call): their media is gone with them.
      if (this.peer && !this.holding) {
        this.dropPeer();
        this.publishRemote(null);
      }
      this.prepareStandby();
      return;
    }
    if (this.peer && this.holding) return this.releaseStandby();
    if (this.peer) return;
    clearTimeout(this.restartTimer);
    if (!atJoin) this.connect();
    else this.restartTimer = setTimeout(() => this.otherHere && !this.peer && !this.closed && this.connect(), ARRIVAL_GRACE_MS);
  }

  rejoined(): void {
    // The server keeps nothing for P2P; a connection that survived the blip carries on.
    if (this.otherHere && (!this.peer || this.peer.destroyed)) this.connect();
  }

  networkChanged(): void {
    // The new link needs a relay of its own, with TURN credentials that have not expired.
    void refreshIce(this.options).then(() => this.restart());
  }

  /** A new offer (a new session id, which replaces theirs) negotiates the link again from scratch. */
  restart(): void {
    if (this.closed) return;
    clearTimeout(this.restartTimer);
    if (this.otherHere) this.connect();
    else {
      this.dropPeer();
      this.prepareStandby();
    }
  }

  /** The screen replaces the camera on the same sender: no renegotiation needed. */
  async shareScreen(screen: MediaStreamTrack | null): Promise<void> {
    const track = screen ?? this.camera;
    if (!track || !this.sentVideo || track === this.sentVideo) return;
    if (this.peer && !this.peer.destroyed) await senderOf(this.peer, this.sentVideo)?.replaceTrack(track);
    this.sentVideo = track;
  }

  setSending(kind: DeviceKind, enabled: boolean): void {
    const tracks = kind === 'audio' ? this.outgoing.getAudioTracks() : this.camera ? [this.camera] : [];
    tracks.forEach((t) => (t.enabled = enabled));
  }

  /** The new device goes on the same sender; a shared screen stays on it, and the new camera follows when sharing stops. */
  async replaceTrack(kind: DeviceKind, track: MediaStreamTrack): Promise<void> {
    const previous = kind === 'audio' ? this.outgoing.getAudioTracks()[0] : this.camera;
    if (!previous) return;
    this.outgoing.removeTrack(previous);
    this.outgoing.addTrack(track);
    if (kind === 'video') {
      this.camera = track;
      if (this.sentVideo !== previous) return;
      this.sentVideo = track;
    }
    if (this.peer && !this.peer.destroyed) await senderOf(this.peer, previous)?.replaceTrack(track);
  }

  async getStats(): Promise<RTCStatsReport[]> {
    return this.peer && !this.peer.destroyed && !this.holding ? [await this.peer._pc.getStats()] : [];
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.restartTimer);
    this.options.socket.off('p2p:signal', this.onSignal);
    this.dropPeer();
  }

  /** Alone in the room with our devices settled: an offer made ahead of time, held until someone arrives. */
  private prepareStandby(): void {
    if (!this.presenceKnown || this.otherHere || this.closed || !this.devicesSettled || this.peer) return;
    this.createPeer(true, newSessionId(), true);
  }

  /**
   * The other side arrived: our offer goes out as it stands now, with every candidate gathered so far
   * in it (so the other side applies one description instead of one candidate at a time); candidates
   * gathered from here on follow one by one.
   */
  private releaseStandby(): void {
    const peer = this.peer!;
    const held = this.held;
    this.holding = false;
    this.expectConnected(peer);
    this.held = [];
    const offer = peer._pc.localDescription;
    const offerHeld = held.some((signal) => signal.type === 'offer');
    const toSend = offerHeld && offer ? [{ type: 'offer', sdp: offer.sdp } as SignalData, ...held.filter((signal) => signal.type !== 'offer' && signal.type !== 'candidate')] : held;
    toSend.forEach((signal) => this.send(peer, signal));
  }

  private send(peer: Peer, signal: SignalData): void {
    if (this.peer !== peer) return;
    request(this.options.socket, 'p2p:signal', { consultationId: this.options.consultationId, session: this.session!, signal }).catch(() => {});
  }

  /** Starts a new connection as its initiator. */
  private connect(): void {
    if (!this.devicesSettled) {
      this.offerWhenSettled = true;
      return;
    }
    this.createPeer(true, newSessionId());
  }

  private createPeer(initiator: boolean, session: string, standby = false): Peer {
    this.dropPeer();
    this.holding = standby;
    this.initiator = initiator;
    this.session = session;
    this.options.onLinkState('connecting');
    const peer = new Peer({
      initiator,
      stream: this.outgoing.getTracks().length ? this.outgoing : undefined,
      trickle: true,
      config: { iceServers: this.options.iceServers, iceTransportPolicy: this.options.iceTransportPolicy },
      offerOptions: { offerToReceiveAudio: true, offerToReceiveVideo: true },
    });
    this.peer = peer;
    if (!standby) this.expectConnected(peer);
    // A new connection starts from the camera; carry on showing a screen that is being shared.
    if (this.camera && this.sentVideo && this.sentVideo !== this.camera) void senderOf(peer, this.camera)?.replaceTrack(this.sentVideo);
    // Answering before our devices opened: the offer's media sections get a sending slot each (set
    // while the offer is applied, before simple-peer creates the answer), filled when the devices open,
    // or at once if they opened while the offer was being applied (devices opened for the device check do).
    if (!initiator && !this.devicesSettled) {
      const pc = peer._pc;
      pc.addEventListener('signalingstatechange', () => {
        if (pc.signalingState !== 'have-remote-offer') return;
        for (const transceiver of pc.getTransceivers()) {
          if (transceiver.sender.track || transceiver.direction !== 'recvonly') continue;
          transceiver.direction = 'sendrecv';
          transceiver.sender.setStreams(this.outgoing);
        }
        this.fillSlots(peer);
      });
    }
    peer.on('signal', (signal) => {
      if (this.peer === peer && this.holding) this.held.push(signal);
      else this.send(peer, signal);
    });
    peer.on('stream', (stream) => this.peer === peer && this.publishRemote(stream));
    peer.on('connect', () => {
      if (this.peer !== peer) return;
      clearTimeout(this.connectDeadline);
      this.options.onLinkState('connected');
    });
    peer.on('iceStateChange', (state) => {
      if (this.peer !== peer) return;
      if (state === 'disconnected') this.options.onLinkState('interrupted');
      if (state === 'connected' || state === 'completed') this.options.onLinkState('connected');
    });
    const lost = () => {
      if (this.peer !== peer) return;
      this.peer = null;
      this.holding = false;
      this.held = [];
      this.publishRemote(null);
      this.scheduleRestart();
    };
    // A connection that fails (ICE failed, the other side's connection gone) ends itself with 'error' or
    // 'disconnect' and never emits 'close': each of the three means this link is over.
    peer.on('error', lost);
    peer.on('disconnect', lost);
    peer.on('close', lost);
    return peer;
  }

  /** The connection must be up within CONNECT_WITHIN_MS while the other side is here, or it is started again. */
  private expectConnected(peer: Peer): void {
    clearTimeout(this.connectDeadline);
    this.connectDeadline = setTimeout(() => {
      if (this.peer === peer && !peer.connected && this.otherHere && !this.closed) this.connect();
    }, CONNECT_WITHIN_MS);
  }

  private scheduleRestart(): void {
    clearTimeout(this.restartTimer);
    if (this.closed) return;
    if (!this.otherHere) {
      this.restartTimer = setTimeout(() => this.prepareStandby(), RESTART_DELAY_MS);
      return;
    }
    this.options.onLinkState('interrupted');
    this.restartTimer = setTimeout(() => {
      if (!this.closed && this.otherHere && !this.peer) this.connect();
    }, RESTART_DELAY_MS);
  }

  /** Peer-to-peer links the patient and the doctor only: the stream is the other side's. */
  private publishRemote(stream: MediaStream | null): void {
    const otherSide = this.options.role === 'patient' ? 'doctor' : 'patient';
    this.options.onRemoteStreams(stream ? new Map([[otherSide, stream]]) : new Map());
  }

  private dropPeer(): void {
    clearTimeout(this.connectDeadline);
    const peer = this.peer;
    this.peer = null;
    this.holding = false;
    this.held = [];
    peer?.destroy();
  }

  private readonly onSignal = (event: P2PSignalEvent) => {
    if (this.closed || event.consultationId !== this.options.consultationId || event.from === this.options.role) return;
    const signal = event.signal as SignalData;
    if (event.session === this.session && this.peer) {
      this.peer.signal(signal);
      return;
    }
    if (signal.type !== 'offer') return; // a late candidate or answer of a connection we dropped
    // Our own offer wins, unless it is a standby they have not seen yet.
    if (this.initiator && !this.holding && this.session && this.peer && event.session < this.session) return;
    this.createPeer(false, event.session).signal(signal);
  };
}
