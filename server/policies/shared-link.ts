import { SharedLink } from '../../db/models';
import type { PatientActor } from './actor';
import { findOwned } from './owned-record';

/** A patient reaches only the links they shared and have not revoked. */
export const sharedLinksOf = (patient: PatientActor) => SharedLink.query().where('shared_links.userId', patient.userId).whereNull('shared_links.revokedAt');

export const findOwnSharedLink = (patient: PatientActor, id: string) => findOwned(sharedLinksOf(patient), id, { what: 'Shared link', resourceType: 'shared_link' });
