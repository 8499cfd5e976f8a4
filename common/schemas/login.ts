import * as yup from 'yup';
import { requiredString, strictObject, trimText } from './helpers';

/** POST /api/auth/login body; also the sign-in form. */
export const loginSchema = strictObject({
  usernameOrEmail: requiredString('Username or email', 'Username or email is required').transform(trimText),
  password: requiredString('Password', 'Password is required'),
});

/** Email + password sign-in variant. */
export const emailLoginSchema = strictObject({
  email: requiredString('Email', 'Valid email is required').transform(trimText).email('Valid email is required'),
  password: requiredString('Password', 'Password is required').min(1, 'Password is required'),
});

/** POST /api/auth/doctor/login body; also the doctor sign-in form. */
export const doctorLoginSchema = strictObject({
  email: requiredString('Email', 'Email is required').transform(trimText).email('Please enter a valid email address'),
  password: requiredString('Password', 'Password is required'),
});

export type LoginInput = yup.InferType<typeof loginSchema>;
export type EmailLoginInput = yup.InferType<typeof emailLoginSchema>;
export type DoctorLoginInput = yup.InferType<typeof doctorLoginSchema>;
