import { Consultation, ConsultationGuest } from '../../db/models';
import { NotFound, RefusedAccess } from '../errors';
import type { GuestActor } from './actor';

/**
 * Who reaches a consultation's guests: its two sides (reached through consultationFor first), each guest only
 * through the consultation it was invited to. A guest reaches their own consultation and nothing else.
 */

/** The consultation's guests, oldest invitation first. */
export const guestsOf = (consultation: Pick<Consultation, 'id'>) => ConsultationGuest.query().where({ consultationId: consultation.id }).orderBy('createdAt');

/** A guest of this consultation; one of another consultation is refused (404), as if it did not exist. */
export async function guestOf(consultation: Pick<Consultation, 'id' | 'patientId'>, guestId: string): Promise<ConsultationGuest> {
  const guest = await guestsOf(consultation).findById(guestId);
  if (guest) return guest;
  throw new RefusedAccess('Guest not found.', { resourceType: 'consultation_guest', resourceId: guestId, patientId: consultation.patientId });
}

/** The one consultation a guest's session was opened for, with its doctor. */
export async function consultationOfGuest(guest: GuestActor): Promise<Consultation> {
  const consultation = await Consultation.query().findById(guest.consultationId).withGraphFetched('doctor');
  if (!consultation) throw new NotFound('Consultation not found.');
  return consultation;
}
