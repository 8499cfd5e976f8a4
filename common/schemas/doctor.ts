import * as yup from 'yup';
import {
  ADMIN_DOCTOR_RATING,
  ADMIN_SPECIALTIES,
  dollarsToCents,
  type AdminSpecialty,
} from '../constants';
import {
  booleanField,
  changedString,
  jsonObjectField,
  nonNegativeInteger,
  optionalString,
  requiredString,
  strictObject,
  trimText,
} from './helpers';
import { newPassword } from './password';
import { pagingFields } from './paging';

const SPECIALTY_MESSAGE = 'Please choose a specialty';
const RATING_MESSAGE = 'Rating must be a number between 0 and 5';

// Field rules shared by the server payloads and the admin form.

const EMAIL_MESSAGE = 'Please enter a valid email address';
const name = () => requiredString('Name');
const email = () => requiredString('Email').transform(trimText).email(EMAIL_MESSAGE);
const specialty = () => yup.string().required(SPECIALTY_MESSAGE).oneOf(ADMIN_SPECIALTIES, SPECIALTY_MESSAGE);
const licenseNumber = () => requiredString('License number');
const phone = () => requiredString('Phone');
const experience = () =>
  nonNegativeInteger('Experience', 'Experience must be a whole number of years').required('Experience is required');
const consultationFee = () =>
  nonNegativeInteger('Consultation fee').required('Consultation fee is required');
const password = () => newPassword('Initial password is required');
const rating = () =>
  yup
    .string()
    .typeError(RATING_MESSAGE)
    .matches(/^\d(\.\d{1,2})?$/, RATING_MESSAGE)
    .test('range', RATING_MESSAGE, (v) => v == null || Number(v) <= 5);

/** The doctor's required profile fields, the same in the admin's form and in the create payload. */
const profileFields = () => ({
  name: name(),
  email: email(),
  specialty: specialty(),
  licenseNumber: licenseNumber(),
  phone: phone(),
  experience: experience(),
});

/** POST /api/admin/doctors body. consultationFee is in cents. */
export const adminDoctorCreateSchema = strictObject({
  ...profileFields(),
  consultationFee: consultationFee(),
  password: password(),
  bio: optionalString('Bio'),
  availability: jsonObjectField('Availability').default(() => ({})),
  education: optionalString('Education'),
  rating: rating().default(ADMIN_DOCTOR_RATING),
  totalConsultations: nonNegativeInteger('Total consultations').default(0),
  isAvailable: booleanField('Available').default(true),
  isVerified: booleanField('Verified').default(false),
});

/** PATCH /api/admin/doctors/{id} body: the same fields, all optional, no password. */
export const adminDoctorUpdateSchema = strictObject({
  name: changedString('Name'),
  email: changedString('Email').transform(trimText).email(EMAIL_MESSAGE),
  specialty: yup.string().oneOf(ADMIN_SPECIALTIES, SPECIALTY_MESSAGE).optional(),
  licenseNumber: changedString('License number'),
  phone: changedString('Phone'),
  experience: nonNegativeInteger('Experience', 'Experience must be a whole number of years', 'invalid').optional(),
  consultationFee: nonNegativeInteger('Consultation fee', undefined, 'invalid').optional(),
  bio: optionalString('Bio').nullable(),
  availability: jsonObjectField('Availability').optional(),
  education: optionalString('Education').nullable(),
  rating: rating().optional(),
  totalConsultations: nonNegativeInteger('Total consultations', undefined, 'invalid').optional(),
  isAvailable: booleanField('Available').optional(),
  isVerified: booleanField('Verified').optional(),
});

/** PATCH /api/admin/doctors/{id}/activation body: false deactivates the doctor (sessions end, sign-in refused). */
export const activationSchema = strictObject({
  isActive: booleanField('Active').required('Active status is required'),
});

/** PATCH /api/admin/doctors/{id}/verification body. */
export const verificationSchema = strictObject({
  isVerified: booleanField('Verified').required('Verification status is required'),
});

/**
 * Admin Add Doctor dialog (Formik values): consultationFee in whole dollars, password required.
 */
export const adminDoctorFormSchema = yup.object({
  ...profileFields(),
  consultationFee: nonNegativeInteger('Consultation fee').required('Consultation fee is required'),
  password: password(),
  bio: optionalString('Bio'),
});

/** Admin Edit Doctor dialog: as the add form, without the password. */
export const adminDoctorEditFormSchema = adminDoctorFormSchema.omit(['password']);

export type AdminDoctorCreatePayload = yup.InferType<typeof adminDoctorCreateSchema>;
export type AdminDoctorUpdatePayload = yup.InferType<typeof adminDoctorUpdateSchema>;

/** Formik values of the admin doctor dialogs. */
export interface DoctorFormValues {
  name: string;
  email: string;
  specialty: AdminSpecialty | '';
  licenseNumber: string;
  phone: string;
  /** Years; '' while the number input is empty. */
  experience: number | '';
  /** Whole dollars; '' while the number input is empty. */
  consultationFee: number | '';
  /** Initial password, create only. */
  password: string;
  bio: string;
}

export const doctorFormInitialValues: DoctorFormValues = {
  name: '',
  email: '',
  specialty: '',
  licenseNumber: '',
  phone: '',
  experience: 0,
  consultationFee: 0,
  password: '',
  bio: '',
};

function common(form: DoctorFormValues) {
  return {
    name: form.name.trim(),
    email: form.email.trim(),
    specialty: form.specialty as AdminSpecialty,
    licenseNumber: form.licenseNumber.trim(),
    phone: form.phone.trim(),
    experience: form.experience === '' ? 0 : Number(form.experience),
    consultationFee: dollarsToCents(form.consultationFee === '' ? 0 : Number(form.consultationFee)),
    bio: form.bio.trim(),
  };
}

/**
 * Request body from the admin form, consultationFee multiplied by 100.
 * 'create' adds the password and the admin defaults (availability {}, education '', rating '4.5',
 * totalConsultations 0, isAvailable true, isVerified false); 'update' sends the edited fields only.
 */
export function toDoctorPayload(form: DoctorFormValues, mode?: 'create'): AdminDoctorCreatePayload;
export function toDoctorPayload(form: DoctorFormValues, mode: 'update'): AdminDoctorUpdatePayload;
export function toDoctorPayload(
  form: DoctorFormValues,
  mode: 'create' | 'update' = 'create',
): AdminDoctorCreatePayload | AdminDoctorUpdatePayload {
  // A cleared bio is sent as null: '' counts as absent and would keep the old one.
  if (mode === 'update') return { ...common(form), bio: form.bio.trim() || null };
  return {
    ...common(form),
    password: form.password,
    availability: {},
    education: '',
    rating: ADMIN_DOCTOR_RATING,
    totalConsultations: 0,
    isAvailable: true,
    isVerified: false,
  };
}

/** GET /api/admin/doctors query: text found anywhere in name, email, specialty or licence number, and a page. */
export const rosterQuerySchema = strictObject({
  q: optionalString('Search', 100),
  ...pagingFields(),
});

