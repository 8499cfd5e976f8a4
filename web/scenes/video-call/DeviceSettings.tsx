import { useId } from 'react';
import styled from 'styled-components';
import { useCallClient, useCallSnapshot } from '../../call/CallContext';
import type { MediaConsultationType } from '../../call/CallClient';
import { Label, Select } from '../../components/ui';
import { MicLevelMeter } from './MicLevelMeter';
import { canChooseSpeaker, useMediaDevices } from './useMediaDevices';

const Fields = styled.div`
  display: grid;
  gap: 14px;
`;

const Field = styled.div`
  display: grid;
  gap: 8px;
`;

interface DeviceSelectProps {
  label: string;
  /** null while the browser is still opening and listing its devices: the field waits, disabled. */
  devices: MediaDeviceInfo[] | null;
  value: string;
  onChange(deviceId: string): void;
}

function DeviceSelect({ label, devices, value, onChange }: DeviceSelectProps) {
  const id = useId();
  return (
    <Label htmlFor={id}>
      {label}
      {devices ? (
        <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
          {devices.map((device, index) => (
            <option key={device.deviceId} value={device.deviceId}>
              {device.label || `${label} ${index + 1}`}
            </option>
          ))}
        </Select>
      ) : (
        <Select id={id} disabled>
          <option>Starting...</option>
        </Select>
      )}
    </Label>
  );
}

/**
 * The camera, microphone (with its live level) and speaker of the call, each changed on the spot:
 * before joining and during the call alike. Before joining, `opening` names the media the browser is
 * opening: their fields stand there, disabled, until it has opened and listed them, so that nothing
 * below them (the Join button) moves under the user's pointer when they arrive.
 */
export function DeviceSettings({ opening }: { opening?: MediaConsultationType }) {
  const client = useCallClient();
  const call = useCallSnapshot();
  const devices = useMediaDevices(call.localStream);
  const camera = call.localStream?.getVideoTracks()[0];
  const mic = call.localStream?.getAudioTracks()[0];
  const settling = opening !== undefined && (call.devices === 'pending' || !devices.listedOpen);
  return (
    <Fields>
      {(settling ? opening === 'video' : camera && devices.cameras.length) ? (
        <DeviceSelect label="Camera" devices={settling ? null : devices.cameras} value={camera?.getSettings().deviceId ?? ''} onChange={(id) => void client.switchDevice('video', id)} />
      ) : null}
      {settling || (mic && devices.microphones.length) ? (
        <Field>
          <DeviceSelect label="Microphone" devices={settling ? null : devices.microphones} value={mic?.getSettings().deviceId ?? ''} onChange={(id) => void client.switchDevice('audio', id)} />
          <MicLevelMeter track={mic ?? null} />
        </Field>
      ) : null}
      {(settling ? canChooseSpeaker : devices.speakers.length) ? (
        <DeviceSelect label="Speaker" devices={settling ? null : devices.speakers} value={call.speaker || (devices.speakers[0]?.deviceId ?? '')} onChange={(id) => client.setSpeaker(id)} />
      ) : null}
    </Fields>
  );
}
