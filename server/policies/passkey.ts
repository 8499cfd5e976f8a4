import { WebauthnCredential } from '../../db/models';
import type { PatientActor } from './actor';
import { findOwned } from './owned-record';

/** A patient reaches only the passkeys they registered. */
export const passkeysOf = (patient: PatientActor) => WebauthnCredential.query().where('webauthn_credentials.userId', patient.userId);

export const findOwnPasskey = (patient: PatientActor, id: string) => findOwned(passkeysOf(patient), id, { what: 'Passkey', resourceType: 'passkey' });
