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
import type { IsoDateString } from './api-types';

// ---------------------------------------------------------------------------
// Acks
// ---------------------------------------------------------------------------

export interface AckError {
  code: string;
  message: string;
  /** Per-field messages when the payload failed validation. */
  fields?: Record<string, string>;
}

export type Ack<T> = { ok: true; data: T } | { ok: false; error: AckError };
export type AckCallback<T> = (response: Ack<T>) => void;

// ---------------------------------------------------------------------------
// Shared shapes
// ---------------------------------------------------------------------------

export type ParticipantRole = 'patient' | 'doctor';
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

export interface Participant {
  role: ParticipantRole;
  name: string;
}

export interface ChatMessage {
  id: string;
  consultationId: string;
  sender: ParticipantRole;
  senderName: string;
  text: string;
  createdAt: IsoDateString;
}

export interface MediaState {
  consultationId: string;
  role: ParticipantRole;
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

export interface JoinResult {
  consultation: CallConsultation;
  /** The caller's role in this consultation. */
  role: ParticipantRole;
  media: MediaMode;
  /** Chat history, oldest first. */
  messages: ChatMessage[];
  /** Everyone in the room, the caller included. */
  participants: Participant[];
  iceServers: IceServer[];
}

export interface ChatSendPayload {
  consultationId: string;
  text: string;
}

export interface ChatSendResult {
  message: ChatMessage;
}

export interface ConsultationStatusEvent {
  consultationId: string;
  status: ConsultationStatus;
}

export interface PresenceEvent {
  consultationId: string;
  participants: Participant[];
}

/** Client -> server: its own track state (the server adds the role). */
export type MediaStatePayload = Omit<MediaState, 'role'>;

export interface P2PSignal {
  consultationId: string;
  /** simple-peer signal data (offer, answer, candidate, renegotiate...). */
  signal: unknown;
}

// ---------------------------------------------------------------------------
// SFU (mediasoup-demo style verbs)
// ---------------------------------------------------------------------------

export interface RouterRtpCapabilitiesResult {
  rtpCapabilities: MediaParameters;
}

export interface CreateTransportPayload {
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

export interface ConnectTransportPayload {
  transportId: string;
  dtlsParameters: MediaParameters;
}

export interface ProducePayload {
  transportId: string;
  kind: MediaKind;
  rtpParameters: MediaParameters;
  appData: { source: TrackSource };
}

export interface ProduceResult {
  producerId: string;
}

export interface ConsumePayload {
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
  source: TrackSource;
  producerPaused: boolean;
}

export interface RestartIceResult {
  iceParameters: MediaParameters;
}

export interface NewProducerEvent {
  producerId: string;
  role: ParticipantRole;
  source: TrackSource;
  kind: MediaKind;
}

// ---------------------------------------------------------------------------
// Event maps
// ---------------------------------------------------------------------------

export interface ClientToServerEvents {
  'consultation:join': (payload: ConsultationRef, ack: AckCallback<JoinResult>) => void;
  'consultation:leave': (payload: ConsultationRef, ack: AckCallback<null>) => void;
  'chat:send': (payload: ChatSendPayload, ack: AckCallback<ChatSendResult>) => void;
  'media:state': (payload: MediaStatePayload) => void;
  'p2p:signal': (payload: P2PSignal) => void;

  'sfu:getRouterRtpCapabilities': (payload: ConsultationRef, ack: AckCallback<RouterRtpCapabilitiesResult>) => void;
  'sfu:createTransport': (payload: CreateTransportPayload, ack: AckCallback<TransportParams>) => void;
  'sfu:connectTransport': (payload: ConnectTransportPayload, ack: AckCallback<null>) => void;
  'sfu:produce': (payload: ProducePayload, ack: AckCallback<ProduceResult>) => void;
  'sfu:consume': (payload: ConsumePayload, ack: AckCallback<ConsumerParams>) => void;
  'sfu:resumeConsumer': (payload: { consumerId: string }, ack: AckCallback<null>) => void;
  'sfu:closeProducer': (payload: { producerId: string }, ack: AckCallback<null>) => void;
  'sfu:restartIce': (payload: { transportId: string }, ack: AckCallback<RestartIceResult>) => void;
}

export interface ServerToClientEvents {
  'chat:message': (message: ChatMessage) => void;
  'consultation:status': (event: ConsultationStatusEvent) => void;
  presence: (event: PresenceEvent) => void;
  'media:state': (state: MediaState) => void;
  /** From the other peer; the server adds nothing but relays within the room. */
  'p2p:signal': (payload: P2PSignal) => void;

  'sfu:newProducer': (event: NewProducerEvent) => void;
  'sfu:producerClosed': (event: { producerId: string }) => void;
  /** The media worker died: drop all transports and join again. */
  'sfu:rejoin': (event: ConsultationRef) => void;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface InterServerEvents {}

/** What the signalling server keeps on `socket.data` after authenticating the session cookie. */
export interface SocketData {
  kind: ParticipantRole;
  /** User id (patient) or doctor id. */
  id: string;
  name: string;
}

export const CLIENT_EVENTS = [
  'consultation:join',
  'consultation:leave',
  'chat:send',
  'media:state',
  'p2p:signal',
  'sfu:getRouterRtpCapabilities',
  'sfu:createTransport',
  'sfu:connectTransport',
  'sfu:produce',
  'sfu:consume',
  'sfu:resumeConsumer',
  'sfu:closeProducer',
  'sfu:restartIce',
] as const satisfies readonly (keyof ClientToServerEvents)[];

export const SERVER_EVENTS = [
  'chat:message',
  'consultation:status',
  'presence',
  'media:state',
  'p2p:signal',
  'sfu:newProducer',
  'sfu:producerClosed',
  'sfu:rejoin',
] as const satisfies readonly (keyof ServerToClientEvents)[];
