import type { ChatMessage, Consultation } from '../../../../db/models';
import { doctorLabel } from '../../../../common/names';
import type { Communication, Patient, Practitioner, Reference, WithId } from './types';
import { referenceTo } from './references';
import { instant } from './values';

/**
 * One line of a consultation's chat, sent between the patient (in the bundle) and the doctor (known by
 * name), part of the consultation's Encounter. Load the consultation's `doctor` relation for the name.
 */
export function communicationResource(line: ChatMessage, consultation: Consultation): WithId<Communication> {
  const patient = referenceTo<Patient>(consultation.patientId);
  const doctor: Reference<Practitioner> = { display: doctorLabel(consultation.doctor!.name) };
  const fromPatient = line.senderRole === 'patient';
  return {
    resourceType: 'Communication',
    id: line.id,
    status: 'completed',
    subject: patient,
    encounter: referenceTo(consultation.id),
    sent: instant(line.createdAt),
    sender: fromPatient ? patient : doctor,
    recipient: [fromPatient ? doctor : patient],
    payload: [{ contentString: line.text }],
  };
}
