import { useEffect, useState } from 'react';

interface DeviceLists {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
  /** Audio outputs, only where the browser can play through a chosen one (HTMLMediaElement.setSinkId). */
  speakers: MediaDeviceInfo[];
  /** The lists were read while devices were open: a browser names and offers them all only then. */
  listedOpen: boolean;
}

const NONE: DeviceLists = { cameras: [], microphones: [], speakers: [], listedOpen: false };

export const canChooseSpeaker = typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;

/**
 * The cameras, microphones and speakers the browser offers, listed again when devices come and go
 * and when `stream` changes (names are only given once a device has been opened).
 */
export function useMediaDevices(stream: MediaStream | null): DeviceLists {
  const [lists, setLists] = useState(NONE);
  useEffect(() => {
    const media = navigator.mediaDevices;
    if (!media?.enumerateDevices) return;
    let current = true;
    const list = () =>
      void media.enumerateDevices().then((devices) => {
        if (!current) return;
        const named = devices.filter((device) => device.deviceId);
        setLists({
          cameras: named.filter((device) => device.kind === 'videoinput'),
          microphones: named.filter((device) => device.kind === 'audioinput'),
          speakers: canChooseSpeaker ? named.filter((device) => device.kind === 'audiooutput') : [],
          listedOpen: stream !== null,
        });
      });
    list();
    media.addEventListener('devicechange', list);
    return () => {
      current = false;
      media.removeEventListener('devicechange', list);
    };
  }, [stream]);
  return lists;
}
