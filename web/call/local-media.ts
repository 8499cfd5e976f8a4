import type { ConsultationType } from '../../common/constants';

export type DeviceKind = 'audio' | 'video';

const PREFERRED: Record<DeviceKind, MediaTrackConstraints> = {
  audio: { echoCancellation: true, noiseSuppression: true },
  video: { width: { ideal: 1280 }, height: { ideal: 720 } },
};

/** The preferred settings of a microphone or camera: the device chosen, else the front camera. */
function constraints(kind: DeviceKind, deviceId?: string): MediaTrackConstraints {
  if (deviceId) return { ...PREFERRED[kind], deviceId: { exact: deviceId } };
  return kind === 'video' ? { ...PREFERRED.video, facingMode: 'user' } : PREFERRED.audio;
}

/** Camera and microphone for a video consultation, microphone only for an audio one. */
export async function openLocalMedia(type: ConsultationType): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    audio: constraints('audio'),
    video: type === 'video' ? constraints('video') : false,
  });
}

/** One microphone or camera, chosen by its device id. */
export async function openDevice(kind: DeviceKind, deviceId: string): Promise<MediaStreamTrack> {
  const stream = await navigator.mediaDevices.getUserMedia({ [kind]: constraints(kind, deviceId) });
  const [track] = stream.getTracks();
  if (!track) throw new Error('The device gave no track.');
  return track;
}

export async function openScreenShare(): Promise<MediaStreamTrack> {
  const stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
  const [track] = stream.getVideoTracks();
  if (!track) throw new Error('No screen was shared.');
  return track;
}

export function stopStream(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}
