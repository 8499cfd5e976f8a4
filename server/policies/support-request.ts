import { SupportRequest } from '../../db/models';
import type { PatientActor } from './actor';
import { findOwned } from './owned-record';

/** A patient reaches only their own support requests. */
export const supportRequestsOf = (patient: PatientActor) => SupportRequest.query().where('supportRequests.userId', patient.userId);

export const findOwnSupportRequest = (patient: PatientActor, id: string) =>
  findOwned(supportRequestsOf(patient), id, { what: 'Support request', resourceType: 'support_request' });

/**
 * The support team's queue (admins only): unanswered requests before answered ones; among the unanswered,
 * Premium's (priority) first, then the longest waiting; answered ones newest answer first. With the patient's name.
 */
export const supportQueue = () =>
  SupportRequest.query()
    .join('users', 'users.id', 'supportRequests.userId')
    .select('supportRequests.*', 'users.firstName as patientFirstName', 'users.lastName as patientLastName', 'users.username as patientUsername')
    .orderByRaw('support_requests.answered_at IS NOT NULL, CASE WHEN support_requests.answered_at IS NULL THEN support_requests.priority END DESC, support_requests.answered_at DESC, support_requests.created_at');
