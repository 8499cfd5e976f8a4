import type { Consultation } from '../../../../db/models';
import { CONSULTATION_TYPE_LABELS, type ConsultationStatus } from '../../../../common/constants';
import { doctorLabel } from '../../../../common/names';
import type { Coding, Encounter, Period, WithId } from './types';
import { referenceTo } from './references';
import { concept, filled, instant, some } from './values';

const VIRTUAL: Coding = { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'VR', display: 'virtual' };

const STATUS: Record<ConsultationStatus, Encounter['status']> = { scheduled: 'planned', in_progress: 'in-progress', completed: 'finished', cancelled: 'cancelled' };

/** When the call really ran, once it started; until then (or if it never did) the planned time. */
function periodOf(consultation: Consultation): Period {
  if (consultation.startedAt) return { start: instant(consultation.startedAt), end: consultation.completedAt ? instant(consultation.completedAt) : undefined };
  const start = new Date(consultation.appointmentDate);
  return { start: instant(start), end: instant(new Date(start.getTime() + consultation.duration * 60_000)) };
}

/** A telemedicine consultation. Load its `doctor` relation for the doctor's name. */
export function encounterResource(consultation: Consultation): WithId<Encounter> {
  const diagnosis = filled(consultation.diagnosis);
  return {
    resourceType: 'Encounter',
    id: consultation.id,
    status: STATUS[consultation.status],
    class: VIRTUAL,
    type: [{ text: CONSULTATION_TYPE_LABELS[consultation.consultationType] }],
    subject: referenceTo(consultation.patientId),
    participant: consultation.doctor ? [{ individual: { display: doctorLabel(consultation.doctor.name) } }] : undefined,
    period: periodOf(consultation),
    reasonCode: some([concept(consultation.symptoms)]),
    diagnosis: diagnosis ? [{ condition: { display: diagnosis } }] : undefined,
  };
}
