/** The part of @thaunknown/simple-peer (untyped JavaScript) that the P2P call uses. */
declare module '@thaunknown/simple-peer' {
  export interface PeerOptions {
    initiator?: boolean;
    stream?: MediaStream;
    config?: RTCConfiguration;
    trickle?: boolean;
    offerOptions?: RTCOfferOptions;
    answerOptions?: RTCAnswerOptions;
  }
  export type SignalData = { type?: string; sdp?: string; candidate?: unknown; renegotiate?: boolean; transceiverRequest?: unknown };
  export default class Peer {
    constructor(options?: PeerOptions);
    readonly connected: boolean;
    readonly destroyed: boolean;
    /** The underlying RTCPeerConnection (senders and transceivers are handled on it directly). */
    readonly _pc: RTCPeerConnection;
    signal(data: SignalData): void;
    addTrack(track: MediaStreamTrack, stream: MediaStream): void;
    destroy(error?: Error): void;
    on(event: 'signal', listener: (data: SignalData) => void): this;
    on(event: 'stream', listener: (stream: MediaStream) => void): this;
    on(event: 'connect' | 'close' | 'disconnect', listener: () => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    on(event: 'iceStateChange', listener: (iceConnectionState: RTCIceConnectionState, iceGatheringState: RTCIceGatheringState) => void): this;
  }
}
