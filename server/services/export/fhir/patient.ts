import type { User } from '../../../../db/models';
import { RELATIONSHIP_LABELS, type Relationship } from '../../../../common/constants';
import { personName } from '../../../../common/names';
import type { ContactPoint, Patient, WithId } from './types';
import { filled, some } from './values';

const EMERGENCY_CONTACT = { system: 'http://terminology.hl7.org/CodeSystem/v2-0131', code: 'C', display: 'Emergency Contact' };

function phone(value: string | null | undefined): ContactPoint | undefined {
  const number = filled(value);
  return number ? { system: 'phone', value: number } : undefined;
}

function nameOf(user: User): Patient['name'] {
  const family = filled(user.lastName);
  const given = filled(user.firstName);
  if (!family && !given) return undefined;
  return [{ family, given: given ? [given] : undefined, text: personName({ firstName: given, lastName: family }) }];
}

function emergencyContact(user: User): Patient['contact'] {
  const contact = user.emergencyContact;
  const name = filled(contact?.name);
  if (!contact || !name) return undefined;
  const relationship = filled(RELATIONSHIP_LABELS[contact.relationship as Relationship] ?? contact.relationship);
  return [{ relationship: [{ coding: [EMERGENCY_CONTACT] }, ...(relationship ? [{ text: relationship }] : [])], name: { text: name }, telecom: some([phone(contact.phone)]) }];
}

/** Who the records are about: names and ways to reach them, nothing of the account (no password, no second factor, no billing ids). */
export function patientResource(user: User): WithId<Patient> {
  return {
    resourceType: 'Patient',
    id: user.id,
    name: nameOf(user),
    telecom: some([{ system: 'email', value: user.email }, phone(user.phone)]),
    contact: emergencyContact(user),
  };
}
