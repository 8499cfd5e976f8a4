import type { PatientActor } from '../../policies/actor';
import { consultationsOf } from '../../policies/consultation';

/**
 * The patient's consultations, oldest first, each with its doctor's name, its chat transcript (every
 * line, in the order it was written) and the names its guests gave: what the FHIR and PDF exports tell of them.
 */
export function consultationsWithTranscripts(patient: PatientActor) {
  return consultationsOf(patient)
    .withGraphFetched('[doctor(nameOnly), chatMessages(inWrittenOrder), guests(namesOnly)]')
    .modifiers({
      nameOnly: (query) => query.select('id', 'name'),
      // After the relation's own order by time: lines written in the same instant keep one order.
      inWrittenOrder: (query) => query.select('id', 'consultationId', 'senderRole', 'senderId', 'text', 'createdAt').orderBy('id'),
      namesOnly: (query) => query.select('id', 'consultationId', 'name'),
    })
    .orderBy(['appointmentDate', 'id']);
}
