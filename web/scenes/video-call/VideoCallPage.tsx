import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { meQuery } from '../../api/session';
import { doctorMeQuery } from '../../api/doctor-session';
import { CallProvider, useCallSnapshot } from '../../call/CallContext';
import type { MediaConsultationType } from '../../call/CallClient';
import { Button, Spinner } from '../../components/ui';
import { CallMessage, CallPage } from './CallMessage';
import { CallScreen } from './CallScreen';
import { DeviceCheck } from './DeviceCheck';
import { DeviceCheckBeforeCall } from './DeviceCheckBeforeCall';
import { useCallPreview } from './useCallPreview';
import { useCallToasts } from './useCallToasts';

function CallGate({ exitTo, otherName, media }: { exitTo: string; otherName: string; media?: MediaConsultationType }) {
  const call = useCallSnapshot();
  const navigate = useNavigate();
  useCallToasts(exitTo);
  if (call.phase === 'unavailable') {
    return (
      <CallMessage title={call.problem ?? ''} detail={call.problemDetail}>
        <Button $variant="secondary" onClick={() => void navigate({ to: exitTo })}>
          Go back
        </Button>
      </CallMessage>
    );
  }
  return (
    <DeviceCheckBeforeCall
      checking={call.phase === 'lobby'}
      deviceCheck={<DeviceCheck otherName={otherName} exitTo={exitTo} media={media} />}
      callScreen={<CallScreen exitTo={exitTo} />}
    />
  );
}

/**
 * /video-call/{consultationId}: both sides of a consultation. The patient or doctor session decides
 * the side; a visitor with neither is sent to /. A call with media starts with a device check; the
 * consultation is joined from there.
 */
export default function VideoCallPage() {
  const { consultationId } = useParams({ from: '/video-call/$consultationId' });
  const navigate = useNavigate();
  const patient = useQuery(meQuery);
  // The doctor session is asked only when there is no patient one, so a patient's call page does not
  // ask (and fail) for the doctor's /me.
  const doctor = useQuery({ ...doctorMeQuery, enabled: patient.isFetched && !patient.data });
  // Answered once: a failed session read is read again when the network returns (react-query), and
  // that must not take the call off the screen.
  const settled = patient.isFetched && (Boolean(patient.data) || doctor.isFetched);
  const signedIn = Boolean(patient.data) || Boolean(doctor.data);
  const preview = useCallPreview(consultationId, doctor.data ? 'doctor' : patient.data ? 'patient' : null);

  useEffect(() => {
    if (settled && !signedIn) void navigate({ to: '/' });
  }, [settled, signedIn, navigate]);

  if (!settled || !signedIn || !preview.settled) {
    return (
      <CallPage>
        <Spinner />
      </CallPage>
    );
  }
  const exitTo = doctor.data ? `/doctor/consultation/${consultationId}` : '/telemedicine';
  return (
    <CallProvider key={consultationId} consultationId={consultationId} deviceCheck={preview.deviceCheck}>
      <CallGate exitTo={exitTo} otherName={preview.otherName} media={preview.deviceCheck} />
    </CallProvider>
  );
}
