import type { ConsultationStatus, ConsultationType } from '../../common/constants';
import { canJoinConsultation, type ConsultationStatusUpdate } from '../../common/consultation-status';
import type { Device } from 'mediasoup-client';
import type {
  CallConsultation,
  ChatMessage,
  ConsultationStatusEvent,
  IceConfig,
  JoinPayload,
  JoinResult,
  LobbyGuest,
  MediaMode,
  MediaParameters,
  MediaState,
  P2PSignalEvent,
  Participant,
  ParticipantRole,
  PreparedSfuEvent,
  PresenceEvent,
} from '../../common/socket-events';
import { SIGNALLING_ERROR_CODES } from '../../common/socket-events';
import { participantKey } from '../../common/participants';
import { LinkMeter, rateLink, type ConnectionQuality } from './connection-quality';
import { openDevice, openLocalMedia, openScreenShare, stopStream, type DeviceKind } from './local-media';
import type { MediaLinkState, MediaSession, MediaSessionOptions, RemoteStreams } from './media-session';
import { P2PSession } from './p2p-session';
import type { SfuSession } from './sfu-session';
import { openSignallingSocket, request, SignallingRequestError, type CallSocket } from './signalling-client';

export interface TrackState {
  audio: boolean;
  video: boolean;
  screen: boolean;
}

/**
 * 'lobby': the device check before joining; the consultation is not joined yet. 'admission': a guest
 * waits for the doctor to let them in (the server's lobby), and joins by themselves once let in.
 */
type CallPhase = 'lobby' | 'joining' | 'admission' | 'live' | 'ended' | 'unavailable';

/** The consultations whose call has media, and so a device check. */
export type MediaConsultationType = Exclude<ConsultationType, 'chat'>;

export interface CallSnapshot {
  phase: CallPhase;
  /** Why the call cannot be shown (phase 'unavailable'), and a sentence more. */
  problem: string | null;
  problemDetail: string | null;
  consultation: CallConsultation | null;
  role: ParticipantRole | null;
  /** Our own participantKey once joined. */
  self: string | null;
  media: MediaMode | null;
  participants: Participant[];
  messages: ChatMessage[];
  /** Older chat lines exist and this screen can still fetch them (loadEarlierMessages). */
  canLoadEarlier: boolean;
  localStream: MediaStream | null;
  /** Everyone else's media, by participantKey. */
  remoteStreams: RemoteStreams;
  local: TrackState;
  /** Everyone else's toggles, by participantKey, once they reported them. */
  remoteTracks: ReadonlyMap<string, TrackState>;
  /** The doctor's: guests waiting to be let in, longest waiting first. */
  lobby: LobbyGuest[];
  /** How many times the server said the consultation's guest links changed (a request, an approval): the guests panel reads them again. */
  guestsChanged: number;
  /** Our network or socket is down, or the media link is being restored: shown until media flows again. */
  reconnecting: boolean;
  /** Our own network or socket is down (not the other side's): the call waits for us, not for them. */
  offline: boolean;
  /**
   * The other side is here and nobody is offline, yet no media has flowed for MEDIA_STALLED_MS: the link
   * cannot be set up (a network that blocks calls). It keeps being retried; the chat still works.
   */
  mediaStalled: boolean;
  /** The doctor was unverified or deactivated by the clinic while the consultation was open: they cannot come. */
  doctorWithdrawn: boolean;
  /** When both sides were first connected (the call timer counts from here). */
  connectedAt: number | null;
  /** Camera / microphone access: asked for once the consultation's type is known. */
  devices: 'pending' | 'ready' | 'denied';
  /** The audio output the other side is heard on (HTMLMediaElement.setSinkId); '' is the system's default. */
  speaker: string;
  /** How the media link is doing, from its WebRTC statistics; null while no media flows. */
  quality: ConnectionQuality | null;
}

/** Moments the screen announces with a toast. */
type CallNotice =
  | { kind: 'call-started' }
  | { kind: 'call-ended'; reason: 'left' | ConsultationStatus }
  | { kind: 'presence'; change: 'joined' | 'left'; participant: Participant }
  | { kind: 'media-error' }
  | { kind: 'device-error' }
  | { kind: 'screen-error'; message: string }
  | { kind: 'request-failed'; message: string };

/** mediasoup-client and the SFU session, in a chunk of their own that peer-to-peer calls never load. */
const loadSfuClient = () => import('./sfu-session');

/** User Timing marks of a call (read by the call benchmark and by anyone profiling in DevTools). */
export const CALL_MARKS = { join: 'medivault:call-join', firstRemoteMedia: 'medivault:first-remote-media' } as const;

/** How often the link's statistics are read for the quality indicator. */
const QUALITY_SAMPLE_MS = 2000;
/** Longest the call screen waits for the SFU's receive link to start connecting before it shows anyway. */
const SHOW_CALL_WITHIN_MS = 1000;
/** How long both sides may be in the call with no media between them before the screen says the link cannot form. */
const MEDIA_STALLED_MS = 20_000;
/** A rejoin the server could not take (its audit row not stored, say) is tried again after this, doubling up to the maximum. */
const REJOIN_RETRY_MS = 1000;
const REJOIN_RETRY_MAX_MS = 8000;
/** Refusals of a rejoin that another try would meet again: the call ends with the reason. */
const LASTING_REFUSALS = new Set<string>([SIGNALLING_ERROR_CODES.notFound, SIGNALLING_ERROR_CODES.forbidden, SIGNALLING_ERROR_CODES.paymentFailed]);

const INITIAL: CallSnapshot = {
  phase: 'joining',
  problem: null,
  problemDetail: null,
  consultation: null,
  role: null,
  self: null,
  media: null,
  participants: [],
  messages: [],
  canLoadEarlier: false,
  localStream: null,
  remoteStreams: new Map(),
  local: { audio: true, video: true, screen: false },
  remoteTracks: new Map(),
  lobby: [],
  guestsChanged: 0,
  reconnecting: false,
  offline: false,
  mediaStalled: false,
  doctorWithdrawn: false,
  connectedAt: null,
  devices: 'pending',
  speaker: '',
  quality: null,
};

/**
 * One consultation call, outside React: it owns the socket, the local devices and the media session,
 * and publishes immutable snapshots (for useSyncExternalStore) plus notices (for toasts).
 */
/** What the call screen says when the join is refused: not found, a failed payment (the server's reason), or try again. */
function joinFailure(err: unknown): [problem: string, detail?: string] {
  if (!(err instanceof SignallingRequestError)) return ['Could not join the consultation. Please try again.'];
  if (err.code === 'not_found') return ['Consultation Not Found'];
  if (err.code === SIGNALLING_ERROR_CODES.paymentFailed) return ['Payment Failed', err.message];
  return ['Could not join the consultation. Please try again.'];
}

/** A guest's socket closed by the server: the doctor removed them, or the consultation ended while they waited to be let in. */
const GUEST_SENT_AWAY = [
  'You are no longer in this call',
  'The doctor removed you, or the consultation ended. If you still need to join, ask the doctor for a new link.',
] as const;

export class CallClient {
  private snapshot: CallSnapshot = INITIAL;
  private readonly listeners = new Set<() => void>();
  private readonly noticeListeners = new Set<(notice: CallNotice) => void>();
  private socket: CallSocket | null = null;
  private session: MediaSession | null = null;
  /** What the media session builds its links with; every join answer brings fresh TURN credentials into it. */
  private mediaOptions: MediaSessionOptions | null = null;
  private screenTrack: MediaStreamTrack | null = null;
  private mediaLink: MediaLinkState = 'connecting';
  private socketDown = false;
  /** The browser says it has no network (a phone between networks, a tunnel). */
  private networkDown = typeof navigator !== 'undefined' && navigator.onLine === false;
  /** The network went away since the last join: the media link is built again on the next one. */
  private networkLost = false;
  /** The kind of network the device is on (wifi, cellular...), where the browser tells it (Android). */
  private networkType = networkInformation()?.type;
  private joinedOnce = false;
  /** When the patient and the doctor were first in this call together, by our clock (from the last join's answer): the timer's zero. */
  private callStartedAt: number | null = null;
  /** How many presence pushes have arrived: a join's answer knows whether one came after its request. */
  private presenceHeard = 0;
  private finished = false;
  /** P2P signals received before the media session exists (an offer made while our camera opens). */
  private earlySignals: P2PSignalEvent[] | null = [];
  /** Camera and microphone, opened once: for the device check, or on joining. */
  private devicesOpening: Promise<MediaStream | null> | null = null;
  /** The SFU device loaded during the device check (null when it could not be, or on a peer-to-peer server). */
  private sfuDevice: Promise<Device | null> | null = null;
  /** That device once loaded: a join then goes out at once, ahead of the screen's render. */
  private sfuDeviceLoaded: Device | null = null;
  /** The SFU session started from the media the first join sent ahead of its answer ('sfu:prepared'). */
  private sessionAhead: Promise<SfuSession | null> | null = null;
  private qualityTimer: ReturnType<typeof setInterval> | undefined;
  /** Runs while both sides are here with no media between them; MEDIA_STALLED_MS later the link counts as stalled. */
  private stallTimer: ReturnType<typeof setTimeout> | undefined;
  private stalled = false;
  /** In the call before, but the server refused our last rejoin: we are out of its room until a retry gets in. */
  private rejoinRefused = false;
  private rejoinAttempts = 0;
  private rejoinTimer: ReturnType<typeof setTimeout> | undefined;

  /** `guestId`: the guest's own id when a guest joins (two guests share the role, so the role alone does not say who we are). */
  constructor(
    readonly consultationId: string,
    private readonly guestId?: string,
  ) {}

  // -- store -------------------------------------------------------------------------------------

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): CallSnapshot => this.snapshot;

  onNotice(listener: (notice: CallNotice) => void): () => void {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
  }

  /** Publishes a new snapshot; a patch that changes nothing re-renders nothing (the call screen is costly to draw while media starts). */
  private update(patch: Partial<CallSnapshot>): void {
    const next = { ...this.snapshot, ...patch };
    next.offline = this.joinedOnce && next.phase === 'live' && (this.socketDown || this.networkDown);
    next.reconnecting = next.offline || (this.joinedOnce && next.phase === 'live' && (this.rejoinRefused || this.mediaLink === 'interrupted' || this.mediaRestoring(next)));
    next.mediaStalled = this.watchStall(next);
    const previous = this.snapshot;
    if ((Object.keys(next) as Array<keyof CallSnapshot>).every((key) => Object.is(next[key], previous[key]))) return;
    this.snapshot = next;
    this.listeners.forEach((l) => l());
  }

  /**
   * A call that had media, with the other side here (not themselves reconnecting), whose link is not
   * connected or whose media has not come back yet: still reconnecting from where the user sits.
   */
  private mediaRestoring(next: CallSnapshot): boolean {
    if (next.connectedAt === null || next.consultation?.consultationType === 'chat') return false;
    const others = othersIn(next);
    if (!others.length || others.every((p) => p.reconnecting)) return false;
    return this.mediaLink !== 'connected' || !next.remoteStreams.size;
  }

  /**
   * Whether the media link has stalled: the stall clock runs while both sides are in the call, nobody is
   * offline and no media flows; it stops (and the stall is forgotten) as soon as any of that changes.
   */
  private watchStall(next: CallSnapshot): boolean {
    const others = othersIn(next);
    const mediaMissing =
      next.phase === 'live' &&
      !this.finished &&
      next.consultation?.consultationType !== 'chat' &&
      !next.offline &&
      others.some((p) => !p.reconnecting) &&
      (this.mediaLink !== 'connected' || !next.remoteStreams.size);
    if (!mediaMissing) {
      clearTimeout(this.stallTimer);
      this.stallTimer = undefined;
      this.stalled = false;
    } else if (!this.stallTimer && !this.stalled) {
      this.stallTimer = setTimeout(() => {
        this.stallTimer = undefined;
        this.stalled = true;
        this.update({});
      }, MEDIA_STALLED_MS);
    }
    return this.stalled;
  }

  private notify(notice: CallNotice): void {
    this.noticeListeners.forEach((l) => l(notice));
  }

  // -- lifecycle ---------------------------------------------------------------------------------

  /**
   * Connects the socket. With a device check the devices open at once, and the consultation is joined
   * only when the user enters (`enter()`); without one it is joined as soon as the socket connects.
   */
  start(deviceCheck?: MediaConsultationType): void {
    const socket = openSignallingSocket();
    this.socket = socket;
    window.addEventListener('offline', this.onOffline);
    window.addEventListener('online', this.onOnline);
    window.addEventListener('pagehide', this.onPageHide);
    networkInformation()?.addEventListener('change', this.onNetworkChange);
    socket.on('connect', () => void this.join());
    socket.on('disconnect', (reason) => {
      if (this.finished) return;
      // The server only closes a socket itself when its session ended (signed out in another tab, say).
      if (reason === 'io server disconnect') return this.guestId ? this.fail(...GUEST_SENT_AWAY) : this.fail('Your session has ended');
      this.socketDown = true;
      this.update({});
    });
    socket.on('connect_error', (err) => {
      if (!this.joinedOnce && /sign in/i.test(err.message)) this.fail('Please sign in to join this consultation.');
    });
    socket.on('chat:message', (message) => this.addMessages([message]));
    socket.on('presence', (event) => this.onPresencePush(event));
    socket.on('media:state', (state) => this.onRemoteMedia(state));
    socket.on('consultation:status', (event) => this.onStatus(event));
    socket.on('consultation:doctorWithdrawn', ({ consultationId }) => consultationId === this.consultationId && this.update({ doctorWithdrawn: true }));
    socket.on('consultation:doctorReinstated', ({ consultationId }) => consultationId === this.consultationId && this.update({ doctorWithdrawn: false }));
    socket.on('p2p:signal', this.keepEarlySignal);
    socket.on('consultation:lobby', ({ consultationId, guests }) => consultationId === this.consultationId && this.update({ lobby: guests }));
    socket.on('consultation:guests', ({ consultationId }) => consultationId === this.consultationId && this.update({ guestsChanged: this.snapshot.guestsChanged + 1 }));
    socket.on('guest:admitted', ({ consultationId }) => consultationId === this.consultationId && this.admitted());
    if (!deviceCheck) return;
    socket.once('connect', () => this.prepareSfu(socket));
    this.update({ phase: 'lobby' });
    void this.openDevices(deviceCheck).then((stream) => (this.finished || this.snapshot.phase === 'ended' ? stopStream(stream) : this.showLocal(stream)));
  }

  /**
   * Through the SFU, the client's device loads while the caller checks their devices: the server's
   * capabilities, the SFU chunk, then the device. A peer-to-peer server refuses the question, and
   * nothing loads.
   */
  private prepareSfu(socket: CallSocket): void {
    this.sfuDevice ??= request(socket, 'sfu:getRouterRtpCapabilities', { consultationId: this.consultationId })
      .then(async ({ rtpCapabilities }) => (this.sfuDeviceLoaded = await (await loadSfuClient()).loadDevice(rtpCapabilities)))
      .catch(() => null);
  }

  /** From the device check into the consultation. */
  enter(): void {
    if (this.snapshot.phase !== 'lobby') return;
    this.update({ phase: 'joining' });
    if (this.socket?.connected) void this.join();
  }

  /** The doctor let us (a guest) in from the lobby: we join now. */
  private admitted(): void {
    if (this.snapshot.phase !== 'admission') return;
    this.update({ phase: 'joining' });
    void this.join();
  }

  /**
   * The network went away: its socket is as good as dead (a phone that changed networks keeps a socket
   * that will never answer), so it is closed now and Socket.IO keeps trying; the other side sees us as
   * reconnecting. The media link is built again once we are back, on whatever path the network gives.
   */
  private readonly onOffline = () => {
    this.networkDown = true;
    this.networkLost = true;
    this.socket?.io.engine?.close();
    this.update({});
  };

  /**
   * The tab is closed or navigated away: say goodbye on the socket, so the server counts it as leaving
   * (the other side reads 'Waiting for ...' at once) rather than as a dropped connection held for 60 s.
   */
  private readonly onPageHide = () => {
    this.socket?.disconnect();
  };

  /** Back online: reconnect at once instead of waiting out Socket.IO's back-off. */
  private readonly onOnline = () => {
    this.networkDown = false;
    const socket = this.socket;
    if (socket && !socket.connected && !this.finished) socket.disconnect().connect();
    this.update({});
  };

  /**
   * Wi-Fi to mobile data with the socket still up: the old media path is about to die, so a new one is
   * found now. Only a change of the kind of network counts (the same event fires for every new speed estimate).
   */
  private readonly onNetworkChange = () => {
    const type = networkInformation()?.type;
    if (type === this.networkType) return;
    this.networkType = type;
    if (this.networkDown || this.socketDown || this.snapshot.phase !== 'live') return;
    this.session?.networkChanged();
  };

  private readonly keepEarlySignal = (event: P2PSignalEvent) => {
    this.earlySignals?.push(event);
  };

  private stopKeepingSignals(): void {
    this.socket?.off('p2p:signal', this.keepEarlySignal);
    this.earlySignals = null;
  }

  /** Leaves the call: stops every track, leaves the room and closes the socket. */
  end(reason: 'left' | ConsultationStatus = 'left'): void {
    if (this.finished) return;
    this.teardown();
    // The socket is closed: earlier chat lines can no longer be fetched from this screen.
    this.update({ phase: 'ended', connectedAt: null, remoteStreams: new Map(), localStream: null, canLoadEarlier: false });
    this.notify({ kind: 'call-ended', reason });
  }

  /** Unmount: like end, without announcing anything. */
  destroy(): void {
    if (this.finished) return;
    this.teardown();
  }

  private teardown(): void {
    this.finished = true;
    clearInterval(this.qualityTimer);
    clearTimeout(this.stallTimer);
    clearTimeout(this.rejoinTimer);
    window.removeEventListener('offline', this.onOffline);
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('pagehide', this.onPageHide);
    networkInformation()?.removeEventListener('change', this.onNetworkChange);
    this.session?.close();
    this.session = null;
    stopStream(this.snapshot.localStream);
    this.screenTrack?.stop();
    this.screenTrack = null;
    const socket = this.socket;
    if (socket?.connected) {
      request(socket, 'consultation:leave', { consultationId: this.consultationId })
        .catch(() => {})
        .finally(() => socket.close());
    } else socket?.close();
  }

  private fail(problem: string, problemDetail = 'This consultation is not available to you.'): void {
    this.teardown();
    this.update({ phase: 'unavailable', problem, problemDetail });
  }

  // -- joining -----------------------------------------------------------------------------------

  private async join(): Promise<void> {
    if (this.snapshot.phase === 'lobby') return;
    clearTimeout(this.rejoinTimer);
    const socket = this.socket!;
    let answer: JoinResult;
    const payload: JoinPayload = { consultationId: this.consultationId };
    if (!this.joinedOnce) {
      performance.mark(CALL_MARKS.join);
      // Through the SFU, the device loaded in the device check lets the join prepare the media as well.
      const device = this.sfuDeviceLoaded ?? (await this.sfuDevice);
      if (device) {
        payload.rtpCapabilities = device.rtpCapabilities as unknown as MediaParameters;
        socket.on('sfu:prepared', this.onMediaAhead);
      }
    }
    const presenceBefore = this.presenceHeard;
    try {
      answer = await request(socket, 'consultation:join', payload);
    } catch (err) {
      if (err instanceof SignallingRequestError && err.code === SIGNALLING_ERROR_CODES.inLobby) return this.update({ phase: 'admission' });
      if (this.joinedOnce) return this.rejoinLater(err);
      const [problem, detail] = joinFailure(err);
      return this.fail(problem, detail);
    } finally {
      socket.off('sfu:prepared', this.onMediaAhead);
    }
    if (this.finished) return;
    this.socketDown = false;
    this.rejoinRefused = false;
    this.rejoinAttempts = 0;
    this.callStartedAt = answer.callStartedAgoMs === null ? null : Date.now() - answer.callStartedAgoMs;
    this.addMessages(answer.messages);
    // The room as the answer saw it, unless a push came since: our own arrival's comes before the answer, so
    // the last push is never older than the answer's list, and may be newer (someone arrived meanwhile).
    const participantsNow = () => (this.presenceHeard > presenceBefore ? this.snapshot.participants : answer.participants);
    const remoteTracks = answer.remoteMedia ? withTracks(this.snapshot.remoteTracks, answer.remoteMedia) : this.snapshot.remoteTracks;
    if (this.joinedOnce) {
      this.update({ participants: participantsNow(), consultation: answer.consultation, remoteTracks, doctorWithdrawn: answer.doctorWithdrawn });
      // A status push missed while we were away: an ended call ends here too (the server kept us out of its room).
      this.onStatus({ consultationId: this.consultationId, status: answer.consultation.status });
      if (this.finished) return;
      if (this.mediaOptions) Object.assign(this.mediaOptions, { iceServers: answer.iceServers, iceTransportPolicy: answer.iceTransportPolicy });
      if (this.networkLost) this.session?.restart();
      else this.session?.rejoined();
      this.networkLost = false;
      this.session?.otherPresent(this.otherIsHere(this.snapshot.participants), true);
      this.reportTracks();
      return;
    }
    this.joinedOnce = true;
    // Who we are is known from now on: presence that arrives while the media starts must not count us among the others.
    this.update({ self: participantKey({ role: answer.role, guestId: this.guestId }) });
    const open = canJoinConsultation(answer.consultation.status);
    let shown = false;
    const showCall = () => {
      if (shown) return;
      shown = true;
      this.update({
        phase: open ? 'live' : 'ended',
        consultation: answer.consultation,
        canLoadEarlier: answer.hasMoreMessages,
        role: answer.role,
        media: answer.media,
        participants: participantsNow(),
        remoteTracks,
        doctorWithdrawn: answer.doctorWithdrawn,
        local: { audio: answer.consultation.consultationType !== 'chat', video: answer.consultation.consultationType === 'video', screen: false },
      });
      // Their media may have arrived before the call showed.
      if (this.snapshot.remoteStreams.size) this.markConnected();
    };
    if (open && answer.consultation.consultationType !== 'chat') await this.startMedia(answer, showCall);
    else {
      showCall();
      this.stopKeepingSignals();
    }
    if (!open) return this.releaseDevices();
    this.onPresence({ consultationId: this.consultationId, participants: this.snapshot.participants }, true);
    this.reportTracks();
    if (answer.role === 'doctor' && answer.media === 'sfu') void this.readLobby();
  }

  /**
   * A rejoin the server refused. A refusal that would stand (the consultation is no longer ours, its fee
   * unpaid) ends the call with its reason; any other (the server could not record the join, too many
   * requests) is tried again, backing off, while the screen says the call is reconnecting.
   */
  private rejoinLater(err: unknown): void {
    if (err instanceof SignallingRequestError && LASTING_REFUSALS.has(err.code)) {
      const [problem, detail] = joinFailure(err);
      return this.fail(problem, detail);
    }
    // Refused over a socket that is up: only the room is closed to us for now (a request lost with its socket is not that).
    if (this.socket?.connected) this.socketDown = false;
    this.rejoinRefused = true;
    this.update({});
    const delay = Math.min(REJOIN_RETRY_MS * 2 ** this.rejoinAttempts++, REJOIN_RETRY_MAX_MS);
    this.rejoinTimer = setTimeout(() => this.socket?.connected && !this.finished && void this.join(), delay);
  }

  /**
   * Starts the media session, then shows the call (`showCall`): the call screen's first render takes a
   * while on a busy phone, and the session's first requests are on their way by then.
   */
  private async startMedia(answer: JoinResult, showCall: () => void): Promise<void> {
    const type = answer.consultation.consultationType;
    const ahead = await this.sessionAhead;
    const options = ahead ? this.mediaOptions! : this.mediaOptionsFor(answer.role, answer);
    const Sfu = !ahead && answer.media === 'sfu' ? (await loadSfuClient()).SfuSession : null;
    if (this.finished) return;
    this.stopKeepingSignals();
    // The other side's media flows while our camera is still opening; ours goes out once it opens.
    const sfuSession = ahead ?? (Sfu && new Sfu(options, this.sfuDevice ?? Promise.resolve(null), answer.sfu));
    const session = sfuSession ?? new P2PSession(options);
    this.session = session;
    // The call screen's first render holds the main thread for a while: through the SFU it waits until
    // the receive link is connecting, which needs that thread (and a slow build does not hold it up).
    if (sfuSession) await Promise.race([sfuSession.receiving, new Promise((resolve) => setTimeout(resolve, SHOW_CALL_WITHIN_MS))]);
    if (this.finished) return;
    showCall();
    const localStream = await this.openDevices(type);
    if (this.finished) {
      stopStream(localStream);
      return;
    }
    session.devicesOpened(localStream);
    this.showLocal(localStream);
    this.watchQuality();
  }

  /** What the media session builds its links with (kept: every later join answer brings fresh TURN credentials into it). */
  private mediaOptionsFor(role: ParticipantRole, ice: IceConfig): MediaSessionOptions {
    this.mediaOptions = {
      socket: this.socket!,
      consultationId: this.consultationId,
      role,
      self: participantKey({ role, guestId: this.guestId }),
      iceServers: ice.iceServers,
      iceTransportPolicy: ice.iceTransportPolicy,
      earlySignals: this.earlySignals ?? [],
      onRemoteStreams: (streams) => this.onRemoteStreams(streams),
      onLinkState: (state) => {
        this.mediaLink = state;
        this.update({});
      },
    };
    return this.mediaOptions;
  }

  /**
   * The media the first join prepared through the SFU, sent ahead of its answer while the join is put on
   * record: the links start now (the server holds the consumers' resumption until the answer).
   */
  private readonly onMediaAhead = (event: PreparedSfuEvent): void => {
    if (event.consultationId !== this.consultationId || this.sessionAhead || this.finished) return;
    const options = this.mediaOptionsFor(event.role, event);
    this.sessionAhead = loadSfuClient().then(({ SfuSession: Sfu }) => {
      if (this.finished) return null;
      const session = new Sfu(options, this.sfuDevice ?? Promise.resolve(null), event.sfu);
      this.session = session;
      return session;
    });
  };

  /**
   * Camera and microphone for the consultation's type, as they are now: opened once (a refusal toasts
   * once and gives null), with any device switched since in the snapshot's stream.
   */
  private async openDevices(type: ConsultationType): Promise<MediaStream | null> {
    this.devicesOpening ??= openLocalMedia(type)
      .catch(() => {
        this.notify({ kind: 'media-error' });
        return null;
      });
    const opened = await this.devicesOpening;
    return opened && (this.snapshot.localStream ?? opened);
  }

  /** Shows the preview; a microphone or camera switched off while the devices were opening stays off. */
  private showLocal(localStream: MediaStream | null): void {
    localStream?.getAudioTracks().forEach((t) => (t.enabled = this.snapshot.local.audio));
    localStream?.getVideoTracks().forEach((t) => (t.enabled = this.snapshot.local.video));
    if (localStream) this.update({ localStream, devices: 'ready' });
    else this.update({ localStream, devices: 'denied', local: { audio: false, video: false, screen: false } });
  }

  /** The consultation closed before the call began: devices opened for the device check are let go. */
  private releaseDevices(): void {
    stopStream(this.snapshot.localStream);
    this.update({ localStream: null });
  }

  /** Reads the link's statistics every few seconds for the quality indicator, while media flows. */
  private watchQuality(): void {
    const meter = new LinkMeter();
    this.qualityTimer = setInterval(() => void this.sampleQuality(meter), QUALITY_SAMPLE_MS);
  }

  private async sampleQuality(meter: LinkMeter): Promise<void> {
    const session = this.session;
    const flowing = session !== null && this.mediaLink === 'connected' && this.snapshot.remoteStreams.size > 0;
    const reports = flowing ? await session.getStats().catch(() => []) : [];
    if (!this.finished) this.update({ quality: flowing ? rateLink(meter.read(reports)) : null });
  }

  // -- server pushes -----------------------------------------------------------------------------

  private otherIsHere(participants: Participant[]): boolean {
    return othersIn({ ...this.snapshot, participants }).length > 0;
  }

  /**
   * Who is in the room, as the server pushed it. Before our first join is answered we do not know which of
   * them we are, so it is only kept: read then, everyone would look absent, and media prepared for the call
   * would be dropped. The answer acts on it.
   */
  private onPresencePush(event: PresenceEvent): void {
    if (event.consultationId !== this.consultationId) return;
    this.presenceHeard += 1;
    if (this.snapshot.self === null) this.update({ participants: event.participants });
    else this.onPresence(event);
  }

  /** Anyone else arrived, or everyone else left (one reconnecting is still here: that is not leaving). */
  private onPresence(event: PresenceEvent, atJoin = false): void {
    if (event.consultationId !== this.consultationId) return;
    const before = this.snapshot.participants;
    const wasHere = this.otherIsHere(before);
    const otherHere = this.otherIsHere(event.participants);
    // A withdrawn doctor who is back (verified again, signed in) can take the consultation after all.
    const doctorBack = otherHere && !wasHere && this.snapshot.role === 'patient';
    const here = new Set(event.participants.map(participantKey));
    const remoteTracks = new Map([...this.snapshot.remoteTracks].filter(([key]) => here.has(key)));
    this.update({ participants: event.participants, remoteTracks, ...(doctorBack ? { doctorWithdrawn: false } : {}) });
    this.session?.otherPresent(otherHere, atJoin);
    if (!atJoin && this.snapshot.phase === 'live') this.notifyArrivals(before, event.participants);
    // A chat-only consultation is connected as soon as both are in the room.
    if (event.participants.some((p) => this.isCounterpart(participantKey(p))) && this.snapshot.consultation?.consultationType === 'chat') this.markConnected();
  }

  /** Each person who came or went (one reconnecting is still listed: that is not leaving), named on screen by PresenceNotice. */
  private notifyArrivals(before: Participant[], after: Participant[]): void {
    const keysOf = (list: Participant[]) => new Set(list.map(participantKey));
    const [was, is] = [keysOf(before), keysOf(after)];
    const others = (list: Participant[]) => list.filter((p) => participantKey(p) !== this.snapshot.self);
    for (const participant of others(after)) if (!was.has(participantKey(participant))) this.notify({ kind: 'presence', change: 'joined', participant });
    for (const participant of others(before)) if (!is.has(participantKey(participant))) this.notify({ kind: 'presence', change: 'left', participant });
  }

  /** Whom the call is for, besides oneself: the patient for the doctor, the doctor for the patient (a guest is extra); anyone for a guest. */
  private isCounterpart(key: string): boolean {
    const { role, self } = this.snapshot;
    if (role === 'doctor') return key === 'patient';
    if (role === 'patient') return key === 'doctor';
    return key !== self;
  }

  private onRemoteStreams(remoteStreams: RemoteStreams): void {
    this.update({ remoteStreams, ...(remoteStreams.size ? {} : { quality: null }) });
    // The call starts (its timer, 'Call Started') with the other side's media, not a guest's.
    if ([...remoteStreams.keys()].some((key) => this.isCounterpart(key))) this.markConnected();
  }

  private markConnected(): void {
    if (!performance.getEntriesByName(CALL_MARKS.firstRemoteMedia).length) performance.mark(CALL_MARKS.firstRemoteMedia);
    if (this.snapshot.connectedAt !== null || this.snapshot.phase !== 'live') return;
    // Back in a call that was under way (a reload, a return): the timer goes on from when it started, as the other side's does.
    this.update({ connectedAt: this.callStartedAt ?? Date.now() });
    this.notify({ kind: 'call-started' });
  }

  private onRemoteMedia(state: MediaState): void {
    if (state.consultationId === this.consultationId && participantKey(state) !== this.snapshot.self) this.update({ remoteTracks: withTracks(this.snapshot.remoteTracks, state) });
  }

  private onStatus(event: ConsultationStatusEvent): void {
    const consultation = this.snapshot.consultation;
    if (event.consultationId !== this.consultationId || !consultation) return;
    this.update({ consultation: { ...consultation, status: event.status } });
    if (!canJoinConsultation(event.status) && this.snapshot.phase === 'live') this.end(event.status);
  }

  private addMessages(incoming: ChatMessage[]): void {
    const known = new Set(this.snapshot.messages.map((m) => m.id));
    const fresh = incoming.filter((m) => !known.has(m.id));
    if (!fresh.length) return;
    const messages = [...this.snapshot.messages, ...fresh].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    this.update({ messages });
  }

  // -- user actions ------------------------------------------------------------------------------

  /** The page of chat lines before the oldest one shown (the join brought only the latest). */
  async loadEarlierMessages(): Promise<void> {
    const oldest = this.snapshot.messages[0];
    if (!this.socket || !oldest || !this.snapshot.canLoadEarlier) return;
    try {
      const page = await request(this.socket, 'chat:history', { consultationId: this.consultationId, before: oldest.id });
      this.addMessages(page.messages);
      this.update({ canLoadEarlier: page.hasMore && !this.finished });
    } catch (err) {
      this.notify({ kind: 'request-failed', message: err instanceof Error ? err.message : 'Could not load earlier messages' });
    }
  }

  /** Blank lines are ignored (spec section 5). */
  async sendChat(text: string): Promise<boolean> {
    const line = text.trim();
    if (!line || !this.socket) return false;
    try {
      const { message } = await request(this.socket, 'chat:send', { consultationId: this.consultationId, text: line });
      this.addMessages([message]);
      return true;
    } catch (err) {
      this.notify({ kind: 'request-failed', message: err instanceof Error ? err.message : 'Message not sent' });
      return false;
    }
  }

  toggleAudio(): void {
    const audio = !this.snapshot.local.audio;
    this.snapshot.localStream?.getAudioTracks().forEach((t) => (t.enabled = audio));
    this.session?.setSending('audio', audio);
    this.update({ local: { ...this.snapshot.local, audio } });
    this.reportTracks();
  }

  toggleVideo(): void {
    const video = !this.snapshot.local.video;
    this.snapshot.localStream?.getVideoTracks().forEach((t) => (t.enabled = video));
    this.session?.setSending('video', video);
    this.update({ local: { ...this.snapshot.local, video } });
    this.reportTracks();
  }

  async toggleScreen(): Promise<void> {
    if (this.screenTrack) return this.stopScreen();
    let track: MediaStreamTrack;
    try {
      track = await openScreenShare();
    } catch (err) {
      this.notify({ kind: 'screen-error', message: err instanceof Error && err.name !== 'NotAllowedError' ? err.message : 'Screen sharing was cancelled or is not allowed.' });
      return;
    }
    this.screenTrack = track;
    track.addEventListener('ended', () => void this.stopScreen());
    await this.session?.shareScreen(track);
    this.update({ local: { ...this.snapshot.local, screen: true } });
    this.reportTracks();
  }

  private async stopScreen(): Promise<void> {
    const track = this.screenTrack;
    if (!track) return;
    this.screenTrack = null;
    track.stop();
    await this.session?.shareScreen(null);
    this.update({ local: { ...this.snapshot.local, screen: false } });
    this.reportTracks();
  }

  /**
   * Uses another microphone or camera, in the device check or mid-call: the new track takes the old
   * one's place on the link (no renegotiation) and keeps its muted or camera-off state.
   */
  async switchDevice(kind: DeviceKind, deviceId: string): Promise<void> {
    const stream = this.snapshot.localStream;
    const previous = (kind === 'audio' ? stream?.getAudioTracks() : stream?.getVideoTracks())?.[0];
    if (!stream || !previous) return;
    let track: MediaStreamTrack;
    try {
      // Many phones open one camera at a time: the current one is let go if the new one will not open beside it.
      track = await openDevice(kind, deviceId).catch(() => {
        previous.stop();
        return openDevice(kind, deviceId);
      });
    } catch {
      this.notify({ kind: 'device-error' });
      return;
    }
    if (this.finished || this.snapshot.localStream !== stream) return track.stop();
    track.enabled = this.snapshot.local[kind];
    await this.session?.replaceTrack(kind, track);
    previous.stop();
    if (this.finished) return track.stop();
    this.update({ localStream: new MediaStream([...stream.getTracks().filter((t) => t !== previous), track]) });
  }

  /** Plays the other side on another audio output. */
  setSpeaker(deviceId: string): void {
    this.update({ speaker: deviceId });
  }

  /**
   * The doctor's Start Consultation / Complete (with its outcome), through the same state machine as the REST
   * route; answers whether it was made (a failure is told to the screen).
   */
  async setStatus(status: ConsultationStatusUpdate, outcome: { diagnosis?: string; prescription?: string; consultationNotes?: string } = {}): Promise<boolean> {
    if (!this.socket) return false;
    try {
      await request(this.socket, 'consultation:setStatus', { consultationId: this.consultationId, status, ...outcome });
      return true;
    } catch (err) {
      this.notify({ kind: 'request-failed', message: err instanceof Error ? err.message : 'Failed to update consultation status' });
      return false;
    }
  }

  /** Who waits to be let in, asked once the doctor joins (changes are pushed from then on). */
  private async readLobby(): Promise<void> {
    const { guests } = await request(this.socket!, 'consultation:lobby', { consultationId: this.consultationId }).catch(() => ({ guests: this.snapshot.lobby }));
    if (!this.finished) this.update({ lobby: guests });
  }

  /** The doctor lets a guest from the lobby into the call. */
  admitGuest(guestId: string): Promise<void> {
    return this.guestRequest('guest:admit', guestId, 'Could not let the guest in');
  }

  /** The doctor removes a guest, waiting or in the call: their link and their session end. */
  removeGuest(guestId: string): Promise<void> {
    return this.guestRequest('guest:remove', guestId, 'Could not remove the guest');
  }

  private async guestRequest(event: 'guest:admit' | 'guest:remove', guestId: string, failure: string): Promise<void> {
    if (!this.socket) return;
    try {
      await request(this.socket, event, { consultationId: this.consultationId, guestId });
    } catch (err) {
      this.notify({ kind: 'request-failed', message: err instanceof Error ? err.message : failure });
    }
  }

  /** Tells the other side what our microphone, camera and screen are doing. */
  private reportTracks(): void {
    if (!this.socket?.connected || this.snapshot.phase !== 'live') return;
    const { audio, video, screen } = this.snapshot.local;
    request(this.socket, 'media:state', { consultationId: this.consultationId, audio, video, screen }).catch(() => {});
  }
}

/** The toggles with one participant's reported state in place of what was known of them. */
function withTracks(known: ReadonlyMap<string, TrackState>, state: MediaState): ReadonlyMap<string, TrackState> {
  return new Map(known).set(participantKey(state), { audio: state.audio, video: state.video, screen: state.screen });
}

/** Everyone in the call but us; nobody until the join answers and says who we are. */
export function othersIn({ participants, self }: Pick<CallSnapshot, 'participants' | 'self'>): Participant[] {
  return self ? participants.filter((p) => participantKey(p) !== self) : [];
}

/** The Network Information API where the browser has it: on Android it tells of a switch between networks. */
function networkInformation(): (EventTarget & { type?: string }) | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: EventTarget & { type?: string } }).connection;
}
