import type { ChatMessage, Consultation } from '../../../../db/models';
import { doctorLabel } from '../../../../common/names';
import type { Communication, Patient, Practitioner, Reference, WithId } from './types';
import { referenceTo } from './references';
import { instant } from './values';
import { guestSenderName } from '../chat-senders';

/**
 * One line of a consultation's chat, part of the consultation's Encounter: from the patient (in the bundle)
 * to the doctor, from the doctor (known by name) to the patient, or from a guest (known by the name they
 * gave, marked as a guest) to both. Load the consultation's `doctor` and `guests` relations for the names.
 */
export function communicationResource(line: ChatMessage, consultation: Consultation): WithId<Communication> {
  const patient = referenceTo<Patient>(consultation.patientId);
  const doctor: Reference<Practitioner> = { display: doctorLabel(consultation.doctor!.name) };
  const { sender, recipient } = {
    patient: { sender: patient, recipient: [doctor] },
    doctor: { sender: doctor, recipient: [patient] },
    guest: { sender: { display: guestSenderName(line, consultation) }, recipient: [patient, doctor] },
  }[line.senderRole];
  return {
    resourceType: 'Communication',
    id: line.id,
    status: 'completed',
    subject: patient,
    encounter: referenceTo(consultation.id),
    sent: instant(line.createdAt),
    sender,
    recipient,
    payload: [{ contentString: line.text }],
  };
}
