// simple-peer imports its WebRTC classes from 'webrtc-polyfill'. In the browser those are the page's own.
const scope = globalThis;
export const RTCPeerConnection = scope.RTCPeerConnection;
export const RTCSessionDescription = scope.RTCSessionDescription;
export const RTCIceCandidate = scope.RTCIceCandidate;
export const MediaStream = scope.MediaStream;
export const MediaStreamTrack = scope.MediaStreamTrack;
export default { RTCPeerConnection, RTCSessionDescription, RTCIceCandidate, MediaStream, MediaStreamTrack };
