import type { SupportRequest as SupportRequestModel } from '../../db/models';
import type { QueuedSupportRequest, SupportRequest } from '../../common/api-types';
import { personName } from '../../common/names';
import { iso } from '../lib/dates';

export function presentSupportRequest(request: SupportRequestModel): SupportRequest {
  return {
    id: request.id,
    subject: request.subject,
    message: request.message,
    priority: request.priority,
    answer: request.answer,
    answeredAt: iso(request.answeredAt),
    createdAt: iso(request.createdAt)!,
  };
}

/** A request as the admin's queue reads it: joined with the patient's name. */
type QueuedRow = SupportRequestModel & { patientFirstName?: string | null; patientLastName?: string | null; patientUsername?: string | null };

export function presentQueuedSupportRequest(request: QueuedRow): QueuedSupportRequest {
  return {
    ...presentSupportRequest(request),
    patientName: personName({ firstName: request.patientFirstName, lastName: request.patientLastName, username: request.patientUsername }),
  };
}
