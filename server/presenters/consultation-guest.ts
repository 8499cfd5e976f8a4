import type { Consultation, ConsultationGuest } from '../../db/models';
import type { ConsultationGuest as ConsultationGuestJson, GuestSession } from '../../common/api-types';
import type { GuestActor } from '../policies/actor';
import { iso } from '../lib/dates';

/** A guest as the consultation's sides see them: never the link's hash. */
export function presentGuest(guest: ConsultationGuest): ConsultationGuestJson {
  return {
    id: guest.id,
    consultationId: guest.consultationId,
    invitedBy: guest.invitedByKind,
    status: guest.status,
    name: guest.name,
    expiresAt: iso(guest.expiresAt)!,
    joinedAt: iso(guest.joinedAt),
    createdAt: iso(guest.createdAt)!,
  };
}

/** What a guest is told of their consultation: what the guest page shows, and nothing of the patient's records. */
export function presentGuestSession(guest: Pick<GuestActor, 'guestId' | 'name'>, consultation: Consultation): GuestSession {
  return {
    guest: { id: guest.guestId, name: guest.name },
    consultation: {
      id: consultation.id,
      consultationType: consultation.consultationType,
      status: consultation.status,
      doctorName: consultation.doctor!.name,
      appointmentDate: iso(consultation.appointmentDate)!,
    },
  };
}
