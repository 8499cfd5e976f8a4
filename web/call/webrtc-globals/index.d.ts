export const RTCPeerConnection: typeof globalThis.RTCPeerConnection;
export const RTCSessionDescription: typeof globalThis.RTCSessionDescription;
export const RTCIceCandidate: typeof globalThis.RTCIceCandidate;
export const MediaStream: typeof globalThis.MediaStream;
export const MediaStreamTrack: typeof globalThis.MediaStreamTrack;
declare const all: { RTCPeerConnection: typeof RTCPeerConnection; RTCSessionDescription: typeof RTCSessionDescription; RTCIceCandidate: typeof RTCIceCandidate; MediaStream: typeof MediaStream; MediaStreamTrack: typeof MediaStreamTrack };
export default all;
