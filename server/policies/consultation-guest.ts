import { Consultation, ConsultationGuest } from '../../db/models';
import { NotFound, RefusedAccess } from '../errors';
import type { GuestActor } from './actor';
import type { ConsultationSide } from './consultation';

/** Someone in a consultation's call: one of its two sides, or a guest of it. */
export type CallActor = ConsultationSide | GuestActor;

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

/**
 * A guest's consultation with its patient and doctor, and the guest's own row: only the one consultation
 * their link opened (any other is refused, 404, as for a stranger).
 */
export async function consultationForGuest(guest: GuestActor, consultationId: string): Promise<{ consultation: Consultation; row: ConsultationGuest }> {
  const [consultation, row] =
    guest.consultationId === consultationId
      ? await Promise.all([Consultation.query().findById(consultationId).withGraphFetched('[patient, doctor]'), ConsultationGuest.query().findById(guest.guestId)])
      : [undefined, undefined];
  if (consultation && row) return { consultation, row };
  const foreign = await Consultation.query().findById(consultationId).select('patientId');
  throw new RefusedAccess('Consultation not found.', { resourceType: 'consultation', resourceId: consultationId, patientId: foreign?.patientId });
}
