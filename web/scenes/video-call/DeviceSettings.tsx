import { useId } from 'react';
import styled from 'styled-components';
import { useCallClient, useCallSnapshot } from '../../call/CallContext';
import { Label, Select } from '../../components/ui';
import { MicLevelMeter } from './MicLevelMeter';
import { useMediaDevices } from './useMediaDevices';

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
  devices: MediaDeviceInfo[];
  value: string;
  onChange(deviceId: string): void;
}

function DeviceSelect({ label, devices, value, onChange }: DeviceSelectProps) {
  const id = useId();
  return (
    <Label htmlFor={id}>
      {label}
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {devices.map((device, index) => (
          <option key={device.deviceId} value={device.deviceId}>
            {device.label || `${label} ${index + 1}`}
          </option>
        ))}
      </Select>
    </Label>
  );
}

/**
 * The camera, microphone (with its live level) and speaker of the call, each changed on the spot:
 * before joining and during the call alike.
 */
export function DeviceSettings() {
  const client = useCallClient();
  const call = useCallSnapshot();
  const devices = useMediaDevices(call.localStream);
  const camera = call.localStream?.getVideoTracks()[0];
  const mic = call.localStream?.getAudioTracks()[0];
  return (
    <Fields>
      {camera && devices.cameras.length ? (
        <DeviceSelect label="Camera" devices={devices.cameras} value={camera.getSettings().deviceId ?? ''} onChange={(id) => void client.switchDevice('video', id)} />
      ) : null}
      {mic && devices.microphones.length ? (
        <Field>
          <DeviceSelect label="Microphone" devices={devices.microphones} value={mic.getSettings().deviceId ?? ''} onChange={(id) => void client.switchDevice('audio', id)} />
          <MicLevelMeter track={mic} />
        </Field>
      ) : null}
      {devices.speakers.length ? (
        <DeviceSelect label="Speaker" devices={devices.speakers} value={call.speaker || devices.speakers[0]!.deviceId} onChange={(id) => client.setSpeaker(id)} />
      ) : null}
    </Fields>
  );
}
