import * as yup from 'yup';
import { clearableString, requiredString, strictObject } from './helpers';
import { emergencyContactSchema, firstName, lastName, type EmergencyContactInput } from './signup';

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

/** The profile form's values: text fields, empty when unset; the contact is saved only when all three are filled. */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  phone: string;
  emergencyContactName: string;
  emergencyContactPhone: string;
  emergencyContactRelation: EmergencyContactInput['relation'] | '';
}

/** POST /api/account/deletion body: the password, so a device left signed in cannot delete the account. */
export const accountDeletionSchema = strictObject({
  password: requiredString('Password', 'Enter your password to confirm'),
});

export type AccountDeletionRequest = yup.InferType<typeof accountDeletionSchema>;
