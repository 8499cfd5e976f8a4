import { useQuery } from '@tanstack/react-query';
import type { ParticipantRole } from '../../../common/socket-events';
import { myConsultationQuery } from '../../api/consultations';
import { doctorConsultationQuery } from '../../api/doctor';
import type { MediaConsultationType } from '../../call/CallClient';
import { callPartnerName } from './call-partner-name';

interface CallPreview {
  /** Settled: the consultation was read (or could not be). */
  settled: boolean;
  /** The media the device check opens; undefined when there is none to check (chat only, closed, not found). */
  deviceCheck?: MediaConsultationType;
  /** Who the user is about to meet: 'Dr. {name}' for the patient, the patient's name for the doctor. */
  otherName: string;
}

/**
 * The consultation as the device check needs it before anything is joined, read over REST from the
 * user's side (joining the room would tell the other side we are there). A consultation that cannot
 * be read is left to the join, which says why.
 */
export function useCallPreview(consultationId: string, side: ParticipantRole | null): CallPreview {
  const asPatient = useQuery({ ...myConsultationQuery(consultationId), enabled: side === 'patient' });
  const asDoctor = useQuery({ ...doctorConsultationQuery(consultationId), enabled: side === 'doctor' });
  const query = side === 'doctor' ? asDoctor : asPatient;
  const consultation = query.data;
  if (!side || !query.isFetched) return { settled: false, otherName: '' };
  if (!consultation) return { settled: true, otherName: '' };
  const otherName = callPartnerName(consultation);
  const type = consultation.consultationType;
  const deviceCheck = consultation.canJoin && type !== 'chat' ? type : undefined;
  return { settled: true, deviceCheck, otherName };
}
