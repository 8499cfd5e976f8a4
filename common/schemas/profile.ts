import * as yup from 'yup';
import { clearableString, nonNegativeInteger, requiredString, strictObject } from './helpers';
import { emergencyContactSchema, firstName, lastName, type EmergencyContactInput } from './signup';
import { RELATIONSHIP_OPTIONS } from '../constants';
import type { PublicUser } from '../api-types';

/**
 * PATCH /api/auth/me body: only the fields sent change. An empty phone, or `emergencyContact: null`,
 * clears it. Username and email are not editable here (they sign the person in).
 */
export const profileUpdateSchema = strictObject({
  firstName: firstName().default(undefined).optional(),
  lastName: lastName().default(undefined).optional(),
  phone: clearableString('Phone', 40),
  emergencyContact: emergencyContactSchema.default(undefined).nullable().optional(),
});

export type ProfileUpdate = yup.InferType<typeof profileUpdateSchema>;

/** The profile form's values: text fields, empty when unset. */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  phone: string;
  emergencyContactName: string;
  emergencyContactPhone: string;
  emergencyContactRelation: EmergencyContactInput['relation'] | '';
}

const CONTACT_FIELDS = ['emergencyContactName', 'emergencyContactPhone', 'emergencyContactRelation'] as const;
const CONTACT_INCOMPLETE = 'Fill in the name, phone and relationship, or clear all three';

/** Filled in the form: some of the contact's fields means all three. */
const contactPart = (label: string) =>
  yup
    .string()
    .default('')
    .test('contact-complete', CONTACT_INCOMPLETE, function (value) {
      const values = this.parent as ProfileFormValues;
      const anyFilled = CONTACT_FIELDS.some((field) => values[field]?.trim());
      return !anyFilled || Boolean(value?.trim());
    })
    .max(200, `${label} must be at most 200 characters`);

export const profileFormSchema = yup.object({
  firstName: firstName(),
  lastName: lastName(),
  phone: yup.string().default('').max(40, 'Phone must be at most 40 characters'),
  emergencyContactName: contactPart('Name'),
  emergencyContactPhone: contactPart('Phone'),
  emergencyContactRelation: contactPart('Relationship'),
});

/** The form's starting values from the account (a stored relation outside today's list starts empty). */
export function profileFormValues(user: Pick<PublicUser, 'firstName' | 'lastName' | 'phone' | 'emergencyContact'>): ProfileFormValues {
  const relation = user.emergencyContact?.relation;
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? '',
    emergencyContactName: user.emergencyContact?.name ?? '',
    emergencyContactPhone: user.emergencyContact?.phone ?? '',
    emergencyContactRelation: RELATIONSHIP_OPTIONS.find((option) => option === relation) ?? '',
  };
}

/** The whole profile as the form has it: an empty phone clears it, an empty contact removes it. */
export function toProfileUpdate(form: ProfileFormValues): ProfileUpdate {
  const relation = form.emergencyContactRelation;
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    phone: form.phone.trim() || null,
    emergencyContact: relation ? { name: form.emergencyContactName.trim(), phone: form.emergencyContactPhone.trim(), relation } : null,
  };
}

/** POST /api/account/deletion body: the password, so a device left signed in cannot delete the account. */
export const accountDeletionSchema = strictObject({
  password: requiredString('Password', 'Enter your password to confirm'),
  /** The total refund the deletion dialog showed for the scheduled consultations it cancels. */
  refundAmount: nonNegativeInteger('Refund amount', 'Refund amount must be a whole number of cents').optional(),
});

export type AccountDeletionRequest = yup.InferType<typeof accountDeletionSchema>;
