import * as yup from 'yup';
import {
  NAME_MIN,
  RELATIONSHIP_OPTIONS,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
  type Relationship,
} from '../constants';
import { optionalString, requiredString, strictObject, trimText } from './helpers';
import { newPassword } from './password';

// Field rules, shared by the wizard steps, the whole form and the server payload.

export const firstName = () =>
  requiredString('First name').min(NAME_MIN, `First name must be at least ${NAME_MIN} characters`);

export const lastName = () =>
  requiredString('Last name').min(NAME_MIN, `Last name must be at least ${NAME_MIN} characters`);

export const USERNAME_HINT = `${USERNAME_MIN} to ${USERNAME_MAX} letters, numbers or underscores`;

const username = () =>
  requiredString('Username', 'Username is required', USERNAME_MAX)
    .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
    .max(USERNAME_MAX, `Username must not exceed ${USERNAME_MAX} characters`)
    .matches(USERNAME_PATTERN, 'Username can only contain letters, numbers, and underscores');

const email = () =>
  requiredString('Email', 'Email is required').transform(trimText).email('Please enter a valid email address');

const password = () => newPassword();

const confirmPassword = () =>
  requiredString('Confirm password', 'Please confirm your password').oneOf(
    [yup.ref('password')],
    'Passwords do not match',
  );

const termsAccepted = () =>
  yup
    .boolean()
    .typeError('You must accept the terms and conditions')
    .required('You must accept the terms and conditions')
    .oneOf([true], 'You must accept the terms and conditions');

const privacyAccepted = () =>
  yup
    .boolean()
    .typeError('You must accept the privacy policy')
    .required('You must accept the privacy policy')
    .oneOf([true], 'You must accept the privacy policy');

/** The account's own fields, the same in the form and in the payload. */
const accountFields = () => ({
  firstName: firstName(),
  lastName: lastName(),
  username: username(),
  email: email(),
  password: password(),
  confirmPassword: confirmPassword(),
  phone: optionalString('Phone'),
});

const RELATION_MESSAGE = 'Please choose a relationship';

/**
 * The whole signup form (Formik values). A plain (non-strict) object: it never reaches the
 * server, which validates `signupPayloadSchema` instead.
 */
export const signupFormSchema = yup.object({
  ...accountFields(),
  emergencyContactName: optionalString('Emergency contact name'),
  emergencyContactPhone: optionalString('Emergency contact phone'),
  emergencyContactRelation: yup
    .string()
    .transform((v, orig) => (typeof orig === 'string' && orig.trim() === '' ? undefined : v))
    .oneOf(RELATIONSHIP_OPTIONS, RELATION_MESSAGE)
    .optional(),
  termsAccepted: termsAccepted(),
  privacyAccepted: privacyAccepted(),
});

export const emergencyContactSchema = strictObject({
  name: requiredString('Emergency contact name'),
  phone: requiredString('Emergency contact phone'),
  relation: yup
    .string()
    .required(RELATION_MESSAGE)
    .oneOf(RELATIONSHIP_OPTIONS, RELATION_MESSAGE),
});

/** POST /api/auth/signup body. */
export const signupPayloadSchema = strictObject({
  ...accountFields(),
  termsAccepted: termsAccepted(),
  privacyAccepted: privacyAccepted(),
  emergencyContact: emergencyContactSchema.default(undefined).optional(),
});

export type SignupPayload = yup.InferType<typeof signupPayloadSchema>;
export type EmergencyContactInput = yup.InferType<typeof emergencyContactSchema>;

/** Formik values of the signup wizard (checkboxes start unchecked, text fields empty). */
export interface SignupFormValues {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  phone: string;
  emergencyContactName: string;
  emergencyContactPhone: string;
  emergencyContactRelation: Relationship | '';
  termsAccepted: boolean;
  privacyAccepted: boolean;
}

export const signupInitialValues: SignupFormValues = {
  firstName: '',
  lastName: '',
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  phone: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
  emergencyContactRelation: '',
  termsAccepted: false,
  privacyAccepted: false,
};

/** The wizard fields of step 1 (touched before Continue). */
export const SIGNUP_STEP1_FIELDS = ['firstName', 'lastName', 'username', 'email'] as const;

/**
 * Builds the signup request body: every form field except the three emergency ones, plus
 * `emergencyContact { name, phone, relation }` only when all three are filled in.
 */
export function toSignupPayload(form: SignupFormValues): SignupPayload {
  const name = form.emergencyContactName?.trim() ?? '';
  const phone = form.emergencyContactPhone?.trim() ?? '';
  const relation = form.emergencyContactRelation?.trim() ?? '';
  const payload: SignupPayload = {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    username: form.username.trim(),
    email: form.email.trim(),
    password: form.password,
    confirmPassword: form.confirmPassword,
    phone: form.phone?.trim() ?? '',
    termsAccepted: form.termsAccepted as true,
    privacyAccepted: form.privacyAccepted as true,
  };
  if (name && phone && relation) {
    payload.emergencyContact = { name, phone, relation: relation as Relationship };
  }
  return payload;
}
