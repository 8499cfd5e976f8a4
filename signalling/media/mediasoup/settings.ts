import type { types as ms } from 'mediasoup';
import type { Config } from '../../../server/config';

/** Codecs every consultation's Router offers: Opus for voice, VP8 and H.264 for camera and screen. */
export const MEDIA_CODECS: ms.RouterRtpCodecCapability[] = [
  { kind: 'audio', mimeType: 'audio/opus', clockRate: 48000, channels: 2 },
  { kind: 'video', mimeType: 'video/VP8', clockRate: 90000, parameters: { 'x-google-start-bitrate': 1000 } },
  {
    kind: 'video',
    mimeType: 'video/H264',
    clockRate: 90000,
    parameters: { 'packetization-mode': 1, 'profile-level-id': '42e01f', 'level-asymmetry-allowed': 1 },
  },
];

/** WebRTC transports listen on UDP first and TCP as the fallback, in the configured port range. */
export function webRtcTransportOptions(media: Config['media'], direction: 'send' | 'recv'): ms.WebRtcTransportOptions {
  const portRange = { min: media.rtcMinPort, max: media.rtcMaxPort };
  const listen = (protocol: 'udp' | 'tcp'): ms.TransportListenInfo => ({
    protocol,
    ip: media.listenIp,
    ...(media.announcedIp ? { announcedAddress: media.announcedIp } : {}),
    portRange,
  });
  return {
    listenInfos: [listen('udp'), listen('tcp')],
    enableUdp: true,
    enableTcp: true,
    preferUdp: true,
    initialAvailableOutgoingBitrate: 1_000_000,
    appData: { direction },
  };
}
