/**
 * The Socket.IO contract between the web client / doctor portal and the signalling service,
 * typed for socket.io's generics:
 *   new Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>()
 *   io(url) as Socket<ServerToClientEvents, ClientToServerEvents>
 *
 * Requests carry an ack (`Ack<T>`); server pushes are plain events. Identity comes from the
 * session cookie, never from a payload. mediasoup parameter objects are typed loosely so that
 * this module needs no mediasoup import.
 */
import type { ConsultationStatus, ConsultationType } from './constants';
import type { ConsultationStatusUpdate } from './consultation-status';
import type { ApiError, IsoDateString } from './api-types';

// ---------------------------------------------------------------------------
// Acks
// ---------------------------------------------------------------------------

/** The REST error shape: `{ code, message, details?, fields?, requestId }` (the request id also names the request's audit rows). */
export interface AckError extends Omit<ApiError, 'code'> {
  code: SignallingErrorCode | string;
}

export type Ack<T> = { ok: true; data: T } | { ok: false; error: AckError };
export type AckCallback<T> = (response: Ack<T>) => void;

/** Error codes of socket acks; the same codes as the REST error bodies where they overlap. */
export const SIGNALLING_ERROR_CODES = {
  validationFailed: 'validation_failed',
  notFound: 'not_found',
  conflict: 'conflict',
  forbidden: 'forbidden',
  /** The socket has not joined the consultation it names. */
  notJoined: 'not_joined',
  /** The verb belongs to the other media mode (an SFU verb on a P2P server or the reverse). */
  wrongMediaMode: 'wrong_media_mode',
  /** The socket's session expired or was revoked: the server closes the socket after this answer. */
  sessionEnded: 'session_ended',
  /** The consultation was completed or cancelled: its room is closed, its chat read-only. */
  consultationEnded: 'consultation_ended',
  /** The consultation's payment failed: it cannot be joined until the fee is paid. */
  paymentFailed: 'payment_failed',
  /** A guest whom the doctor has not let in yet: they wait in the lobby until 'guest:admitted'. */
  inLobby: 'in_lobby',
  /** Too many requests of one kind from this socket; nothing was done, it may try again shortly. */
  rateLimited: 'rate_limited',
  internal: 'internal_error',
} as const;
export type SignallingErrorCode = (typeof SIGNALLING_ERROR_CODES)[keyof typeof SIGNALLING_ERROR_CODES];

// ---------------------------------------------------------------------------
// Shared shapes
// ---------------------------------------------------------------------------

/** A guest (issue 38) joins through a link and the doctor's admission; a call may hold several. */
export type ParticipantRole = 'patient' | 'doctor' | 'guest';
export type MediaMode = 'sfu' | 'p2p';
export type MediaKind = 'audio' | 'video';
export type TrackSource = 'mic' | 'camera' | 'screen';
export type TransportDirection = 'send' | 'recv';

/** mediasoup parameter objects (RtpCapabilities, DtlsParameters, ...) passed through untouched. */
export type MediaParameters = Record<string, unknown>;

export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

/** 'relay': media goes only through a TURN server (RTCConfiguration.iceTransportPolicy). */
export type IceTransportPolicy = 'all' | 'relay';

export interface Participant {
  role: ParticipantRole;
  /** A guest's id (two guests share the role); absent for the patient and the doctor. */
  guestId?: string;
  name: string;
  /** Their connection dropped a moment ago; the room waits for them to come back. */
  reconnecting?: true;
}

export interface ChatMessage {
  id: string;
  consultationId: string;
  sender: ParticipantRole;
  /** The writing guest's id, for a guest's line. */
  guestId?: string;
  senderName: string;
  text: string;
  createdAt: IsoDateString;
}

export interface MediaState {
  consultationId: string;
  role: ParticipantRole;
  /** A guest's id, for a guest's state. */
  guestId?: string;
  audio: boolean;
  video: boolean;
  screen: boolean;
}

export interface ConsultationRef {
  consultationId: string;
}

/** The consultation as the call screen needs it. */
export interface CallConsultation {
  id: string;
  status: ConsultationStatus;
  consultationType: ConsultationType;
  doctorName: string;
  doctorSpecialty: string;
  patientName: string;
  appointmentDate: IsoDateString;
  /** Minutes. */
  duration: number;
}

export interface JoinPayload {
  consultationId: string;
  /** Through the SFU: the client's loaded device's capabilities, so the join prepares its media (JoinResult.sfu). */
  rtpCapabilities?: MediaParameters;
}

/** The media a join prepared through the SFU: what the client would otherwise ask for next, one request at a time. */
export interface PreparedSfuMedia {
  send: TransportParams;
  recv: TransportParams;
  /** Consumers (paused until the client resumes them) of what the other side already sends. */
  consumers: ConsumerParams[];
}

/**
 * 'sfu:prepared', to the joining socket ahead of its join's answer: the media its join prepared (the answer
 * repeats it in `sfu`), with what the transports are made with, so a client can start its links while the
 * join is put on record. The server holds the socket's room requests (resuming a consumer among them) until
 * the join has been answered.
 */
export interface PreparedSfuEvent extends ConsultationRef, IceConfig {
  /** The caller's role in this consultation. */
  role: ParticipantRole;
  sfu: PreparedSfuMedia;
}

export interface JoinResult {
  consultation: CallConsultation;
  /** The caller's role in this consultation. */
  role: ParticipantRole;
  media: MediaMode;
  /** The latest chat lines (CHAT_HISTORY_PAGE at most), oldest first. */
  messages: ChatMessage[];
  /** Older lines exist: 'chat:history' with `before` the first line's id pages back through them. */
  hasMoreMessages: boolean;
  /** Everyone in the room, the caller included. */
  participants: Participant[];
  /** The other side's last known microphone / camera / screen state, when it is in the room. */
  remoteMedia: MediaState | null;
  /** The consultation's doctor has been unverified or deactivated by the clinic: they cannot hold it. */
  doctorWithdrawn: boolean;
  /**
   * How long ago the patient and the doctor were first in this call together (null until they have been):
   * the call timer counts from there, on every screen and after a reload. A duration, not a time, so a
   * client whose clock is off still reads it right.
   */
  callStartedAgoMs: number | null;
  /** STUN/TURN servers for this join; TURN credentials in it are this join's own and expire. */
  iceServers: IceServer[];
  iceTransportPolicy: IceTransportPolicy;
  /** When the join sent rtpCapabilities, the consultation runs with media through the SFU, and preparing it worked. */
  sfu?: PreparedSfuMedia;
}

interface ChatSendPayload {
  consultationId: string;
  text: string;
}

interface ChatSendResult {
  message: ChatMessage;
}

/** 'chat:history': the lines just before `before` (a message id; the latest lines without it). */
interface ChatHistoryPayload {
  consultationId: string;
  before?: string;
  /** At most CHAT_HISTORY_PAGE, which is also the default. */
  limit?: number;
}

export interface ChatHistoryResult {
  /** Oldest first. */
  messages: ChatMessage[];
  /** Lines older than the first of these exist. */
  hasMore: boolean;
}

/** Server-side stages of reading a document, in order. */
export type DocumentProgressStage = 'preparing' | 'reading' | 'extracting' | 'saving';

/**
 * 'document:progress': pushed to the patient's own screens while a document they sent with an
 * `X-Upload-Id` header is processed. `page` / `pages` count the pages read so far (OCR and text layer).
 */
export interface DocumentProgressEvent {
  uploadId: string;
  stage: DocumentProgressStage;
  page: number;
  pages: number;
  /** 0-100 of the server-side work. */
  percent: number;
}

export interface ConsultationStatusEvent {
  consultationId: string;
  status: ConsultationStatus;
}

/** 'consultation:setStatus': the doctor moves the consultation along (same rules as the REST route). */
interface SetStatusPayload {
  consultationId: string;
  status: ConsultationStatusUpdate;
  diagnosis?: string;
  prescription?: string | Record<string, unknown>;
  consultationNotes?: string;
  followUpDate?: string;
}

interface SetStatusResult {
  consultation: { id: string; status: ConsultationStatus };
}

export interface PresenceEvent {
  consultationId: string;
  participants: Participant[];
}

/** A consultation that can still be held whose patient is in the call while its doctor is not. */
export interface WaitingPatient {
  consultationId: string;
  patientName: string;
  /** Since when the patient has been in the call without the doctor. */
  waitingSince: IsoDateString;
}

/**
 * Server -> the doctor's screens: the patient began waiting in the call, or stopped (the doctor came,
 * the patient left, or the consultation is over).
 */
export type PatientWaitingEvent = (WaitingPatient & { waiting: true }) | { consultationId: string; waiting: false };

/**
 * 'media:iceServers': what a media link built now is configured with, TURN credentials minted now (they
 * expire TURN_CREDENTIAL_TTL_SECONDS later; a TURN server checks them only when a link allocates a relay).
 */
export interface IceConfig {
  iceServers: IceServer[];
  iceTransportPolicy: IceTransportPolicy;
}

/** 'consultation:waitingPatients': the doctor's consultations with a patient waiting right now. */
interface WaitingPatientsResult {
  patients: WaitingPatient[];
}

/** Client -> server: its own track state (the server adds the role). */
type MediaStatePayload = Omit<MediaState, 'role'>;

/** Client -> server: a simple-peer signal for the other side of the consultation. */
interface P2PSignalPayload {
  consultationId: string;
  /**
   * Which peer connection the signal belongs to: the initiator picks a fresh id per connection,
   * so a rejoining side can tell a new connection from a renegotiation of the old one.
   */
  session: string;
  /** simple-peer signal data (offer, answer, candidate, renegotiate...). */
  signal: unknown;
}

/** Server -> client: the relayed signal, stamped with who sent it. */
export interface P2PSignalEvent extends P2PSignalPayload {
  from: ParticipantRole;
}

/** A guest waiting in a consultation's lobby for the doctor to let them in. */
export interface LobbyGuest {
  guestId: string;
  name: string;
  waitingSince: IsoDateString;
}

/** 'consultation:lobby' (doctor only): who waits. Also pushed to the doctor's screens whenever it changes. */
interface LobbyEvent {
  consultationId: string;
  guests: LobbyGuest[];
}

/** 'guest:admit' / 'guest:remove' (doctor only). */
interface GuestRef {
  consultationId: string;
  guestId: string;
}

// ---------------------------------------------------------------------------
// SFU (mediasoup-demo style verbs)
// ---------------------------------------------------------------------------

interface RouterRtpCapabilitiesResult {
  rtpCapabilities: MediaParameters;
}

interface CreateTransportPayload {
  consultationId: string;
  direction: TransportDirection;
}

export interface TransportParams {
  id: string;
  iceParameters: MediaParameters;
  iceCandidates: MediaParameters[];
  dtlsParameters: MediaParameters;
  sctpParameters?: MediaParameters;
}

interface ConnectTransportPayload {
  consultationId: string;
  transportId: string;
  dtlsParameters: MediaParameters;
}

interface ProducePayload {
  consultationId: string;
  transportId: string;
  kind: MediaKind;
  rtpParameters: MediaParameters;
  appData: { source: TrackSource };
}

interface ProduceResult {
  producerId: string;
}

interface ConsumePayload {
  consultationId: string;
  producerId: string;
  rtpCapabilities: MediaParameters;
}

/** Consumers start paused; the client resumes them when ready. */
export interface ConsumerParams {
  id: string;
  producerId: string;
  kind: MediaKind;
  rtpParameters: MediaParameters;
  role: ParticipantRole;
  /** The producing guest's id, for a guest's track: one tile per participant. */
  guestId?: string;
  source: TrackSource;
  producerPaused: boolean;
}

interface ConsumerRef {
  consultationId: string;
  consumerId: string;
}

export interface ProducerRef {
  consultationId: string;
  producerId: string;
}

interface TransportRef {
  consultationId: string;
  transportId: string;
}

interface RestartIceResult {
  iceParameters: MediaParameters;
}

export interface NewProducerEvent {
  consultationId: string;
  producerId: string;
  role: ParticipantRole;
  guestId?: string;
  source: TrackSource;
  kind: MediaKind;
}

/** The producers already in the room when a peer asks, so a late joiner can consume them. */
interface ProducerListResult {
  producers: NewProducerEvent[];
}

// ---------------------------------------------------------------------------
// Event maps
// ---------------------------------------------------------------------------

export interface ClientToServerEvents {
  'consultation:join': (payload: JoinPayload, ack: AckCallback<JoinResult>) => void;
  'consultation:leave': (payload: ConsultationRef, ack: AckCallback<null>) => void;
  'consultation:setStatus': (payload: SetStatusPayload, ack: AckCallback<SetStatusResult>) => void;
  /** Doctors only; the payload is `{}`. */
  'consultation:waitingPatients': (payload: Record<string, never>, ack: AckCallback<WaitingPatientsResult>) => void;
  'chat:send': (payload: ChatSendPayload, ack: AckCallback<ChatSendResult>) => void;
  'chat:history': (payload: ChatHistoryPayload, ack: AckCallback<ChatHistoryResult>) => void;
  'media:state': (payload: MediaStatePayload, ack: AckCallback<null>) => void;
  'media:iceServers': (payload: ConsultationRef, ack: AckCallback<IceConfig>) => void;
  'p2p:signal': (payload: P2PSignalPayload, ack: AckCallback<null>) => void;
  /** The doctor: the guests waiting in the lobby. */
  'consultation:lobby': (payload: ConsultationRef, ack: AckCallback<LobbyEvent>) => void;
  /** The doctor lets a waiting guest into the call, or removes a guest (their link and session end). */
  'guest:admit': (payload: GuestRef, ack: AckCallback<null>) => void;
  'guest:remove': (payload: GuestRef, ack: AckCallback<null>) => void;

  'sfu:getRouterRtpCapabilities': (payload: ConsultationRef, ack: AckCallback<RouterRtpCapabilitiesResult>) => void;
  'sfu:createTransport': (payload: CreateTransportPayload, ack: AckCallback<TransportParams>) => void;
  'sfu:connectTransport': (payload: ConnectTransportPayload, ack: AckCallback<null>) => void;
  'sfu:produce': (payload: ProducePayload, ack: AckCallback<ProduceResult>) => void;
  'sfu:getProducers': (payload: ConsultationRef, ack: AckCallback<ProducerListResult>) => void;
  'sfu:consume': (payload: ConsumePayload, ack: AckCallback<ConsumerParams>) => void;
  'sfu:resumeConsumer': (payload: ConsumerRef, ack: AckCallback<null>) => void;
  'sfu:pauseProducer': (payload: ProducerRef, ack: AckCallback<null>) => void;
  'sfu:resumeProducer': (payload: ProducerRef, ack: AckCallback<null>) => void;
  'sfu:closeProducer': (payload: ProducerRef, ack: AckCallback<null>) => void;
  'sfu:restartIce': (payload: TransportRef, ack: AckCallback<RestartIceResult>) => void;
}

export interface ServerToClientEvents {
  'chat:message': (message: ChatMessage) => void;
  'consultation:status': (event: ConsultationStatusEvent) => void;
  /** To the patient's own room only. */
  'document:progress': (event: DocumentProgressEvent) => void;
  /** To the doctor's own room (every screen of theirs), never to the consultation's room. */
  'consultation:patientWaiting': (event: PatientWaitingEvent) => void;
  presence: (event: PresenceEvent) => void;
  'media:state': (state: MediaState) => void;
  /** To the doctor's own room: who waits in a consultation's lobby, whenever it changes. */
  'consultation:lobby': (event: LobbyEvent) => void;
  /** To the patient's and the doctor's own rooms: the consultation's guest links changed (a request, an approval, a link used or ended); read them again. */
  'consultation:guests': (event: ConsultationRef) => void;
  /** To the patient's and the doctor's own rooms: the consultation's fee moved (paid, failed, refunded, a refund owed); read it again. */
  'consultation:payment': (event: ConsultationRef) => void;
  /** To the guest's own sockets: the doctor let them in; they join the consultation now. */
  'guest:admitted': (event: ConsultationRef) => void;
  /** From the other peer; the server only stamps the sender's role. */
  'p2p:signal': (payload: P2PSignalEvent) => void;

  /** Ahead of the answer to a join that sent rtpCapabilities (PreparedSfuEvent). */
  'sfu:prepared': (event: PreparedSfuEvent) => void;
  'sfu:newProducer': (event: NewProducerEvent) => void;
  'sfu:producerClosed': (event: ProducerRef) => void;
  /** The other side paused or resumed a producer this socket consumes (muted, camera off). */
  'sfu:producerPaused': (event: ProducerRef) => void;
  'sfu:producerResumed': (event: ProducerRef) => void;
  /** The media worker died: drop all transports and join again. */
  'sfu:rejoin': (event: ConsultationRef) => void;
  /** To the consultation's room: the clinic unverified or deactivated its doctor, who cannot come now. */
  'consultation:doctorWithdrawn': (event: ConsultationRef) => void;
  /** The doctor is verified and active again: the call waits for them as before. */
  'consultation:doctorReinstated': (event: ConsultationRef) => void;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface InterServerEvents {}

/** What the signalling server keeps on `socket.data` after authenticating the session cookie. */
export interface SocketData {
  role: ParticipantRole;
  /** User id (patient), doctor id, or guest id (consultation_guests). */
  id: string;
  /** A guest's one consultation. */
  guestOf?: string;
  /** When a guest began waiting in their consultation's lobby (kept across their tabs' joins). */
  lobbySince?: IsoDateString;
  name: string;
  /** The client's address, read at the handshake the way HTTP reads it (TRUST_PROXY_HOPS), for audit rows. */
  address: string | null;
  /** Last reported track state per joined consultation id. */
  media: Record<string, MediaStatePayload>;
  /** When the person behind this socket came into each consultation's room (kept across a reconnect). */
  joinedAt: Record<string, IsoDateString>;
}

export const CLIENT_EVENTS = [
  'consultation:join',
  'consultation:leave',
  'consultation:setStatus',
  'consultation:waitingPatients',
  'chat:send',
  'chat:history',
  'media:state',
  'media:iceServers',
  'p2p:signal',
  'consultation:lobby',
  'guest:admit',
  'guest:remove',
  'sfu:getRouterRtpCapabilities',
  'sfu:createTransport',
  'sfu:connectTransport',
  'sfu:produce',
  'sfu:getProducers',
  'sfu:consume',
  'sfu:resumeConsumer',
  'sfu:pauseProducer',
  'sfu:resumeProducer',
  'sfu:closeProducer',
  'sfu:restartIce',
] as const satisfies readonly (keyof ClientToServerEvents)[];
