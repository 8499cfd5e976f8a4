import * as yup from 'yup';
import { APPOINTMENT_SPECIALTIES, dollarsToCents, type AppointmentSpecialty } from '../constants';
import {
  DATE_PATTERN,
  TIME_PATTERN,
  booleanField,
  emptyToUndefined,
  isNotInPast,
  isValidCalendarDate,
  isValidIsoDate,
  localDateString,
  nonNegativeInteger,
  numberField,
  optionalString,
  requiredIsoDate,
  requiredString,
  strictObject,
} from './helpers';

const SPECIALTY_MESSAGE = 'Please choose a specialty';
const PAST_DATE_MESSAGE = 'Appointment date cannot be in the past';
const PAST_TIME_MESSAGE = 'Appointment time cannot be in the past';
const TIME_FORMAT_MESSAGE = 'Time must be in HH:MM format';

/** Local date 'YYYY-MM-DD' + time 'HH:MM' as a Date (NaN date when either is malformed). */
export function combineDateTime(date: string, time: string): Date {
  if (!isValidCalendarDate(date) || !TIME_PATTERN.test(time)) return new Date(Number.NaN);
  return new Date(`${date}T${time}`);
}

/**
 * Book Appointment dialog (Formik values). Date is the date input's 'YYYY-MM-DD' (minimum today),
 * time the time input's 'HH:MM', cost in dollars. Not strict: it never reaches the server.
 */
export const appointmentFormSchema = yup.object({
  doctorName: requiredString('Doctor name'),
  specialty: yup.string().required(SPECIALTY_MESSAGE).oneOf(APPOINTMENT_SPECIALTIES, SPECIALTY_MESSAGE),
  facility: requiredString('Facility'),
  facilityAddress: optionalString('Facility address'),
  date: yup
    .string()
    .required('Date is required')
    .test('date', 'Please enter a valid date', (v) => v == null || isValidCalendarDate(v))
    .test('not-before-today', PAST_DATE_MESSAGE, (v) => v == null || !isValidCalendarDate(v) || v >= localDateString()),
  time: yup
    .string()
    .required('Time is required')
    .matches(TIME_PATTERN, TIME_FORMAT_MESSAGE)
    .test('not-in-past', PAST_TIME_MESSAGE, function (time) {
      const date: unknown = this.parent?.date;
      if (time == null || typeof date !== 'string') return true;
      const when = combineDateTime(date, time);
      return Number.isNaN(when.getTime()) || isNotInPast(when.toISOString());
    }),
  reason: optionalString('Reason'),
  notes: optionalString('Notes'),
  cost: numberField('Cost').min(0, 'Cost cannot be negative').default(0),
  insuranceCovered: booleanField('Insurance covered').default(false),
});

/**
 * A bare 'YYYY-MM-DD' sent with appointmentTime names a day: today is allowed, and the server checks the
 * combined instant. Anything else is an instant (a bare date alone is midnight) and must not be past.
 */
function appointmentDateNotPast(value: string | undefined, time: unknown): boolean {
  if (value == null || !isValidIsoDate(value)) return true;
  if (DATE_PATTERN.test(value) && typeof time === 'string' && TIME_PATTERN.test(time)) return value >= localDateString();
  return isNotInPast(value);
}

/** POST /api/appointments body. Cost is in integer cents. */
export const appointmentPayloadSchema = strictObject({
  doctorName: requiredString('Doctor name'),
  specialty: yup.string().required(SPECIALTY_MESSAGE).oneOf(APPOINTMENT_SPECIALTIES, SPECIALTY_MESSAGE),
  facility: requiredString('Facility'),
  facilityAddress: optionalString('Facility address'),
  appointmentDate: requiredIsoDate('Appointment date', 'Appointment date is required').test('not-in-past', PAST_DATE_MESSAGE, function (value) {
    return appointmentDateNotPast(value, this.parent?.appointmentTime);
  }),
  appointmentTime: yup
    .string()
    .transform(emptyToUndefined)
    .matches(TIME_PATTERN, TIME_FORMAT_MESSAGE)
    .optional(),
  reason: optionalString('Reason'),
  notes: optionalString('Notes'),
  cost: nonNegativeInteger('Cost', 'Cost must be a whole number of cents').default(0),
  insuranceCovered: booleanField('Insurance covered').default(false),
});

/** Reschedule body: a new date not in the past. */
export const appointmentRescheduleSchema = strictObject({
  appointmentDate: requiredIsoDate('Appointment date', 'Appointment date is required', PAST_DATE_MESSAGE),
});

/** PATCH /api/appointments/{id}/reminder body. */
export const reminderSchema = strictObject({
  reminderEnabled: booleanField('Reminder').required('Reminder setting is required'),
});

export type AppointmentPayload = yup.InferType<typeof appointmentPayloadSchema>;

/** Formik values of the Book Appointment dialog. */
export interface AppointmentFormValues {
  doctorName: string;
  specialty: AppointmentSpecialty | '';
  facility: string;
  facilityAddress: string;
  date: string;
  time: string;
  reason: string;
  notes: string;
  /** Dollars; '' while the number input is empty. */
  cost: number | '';
  insuranceCovered: boolean;
}

export const appointmentInitialValues: AppointmentFormValues = {
  doctorName: '',
  specialty: '',
  facility: '',
  facilityAddress: '',
  date: '',
  time: '',
  reason: '',
  notes: '',
  cost: 0,
  insuranceCovered: false,
};

/**
 * Request body from the form: date and time combined into an ISO timestamp (local time of the
 * browser), the time also sent as appointmentTime, cost converted from dollars to cents.
 */
export function toAppointmentPayload(form: AppointmentFormValues): AppointmentPayload {
  const when = combineDateTime(form.date, form.time);
  const dollars = form.cost === '' || !Number.isFinite(Number(form.cost)) ? 0 : Number(form.cost);
  const payload: AppointmentPayload = {
    doctorName: form.doctorName.trim(),
    specialty: form.specialty as AppointmentSpecialty,
    facility: form.facility.trim(),
    appointmentDate: Number.isNaN(when.getTime()) ? `${form.date}T${form.time}` : when.toISOString(),
    appointmentTime: form.time,
    cost: dollarsToCents(dollars),
    insuranceCovered: Boolean(form.insuranceCovered),
  };
  if (form.facilityAddress.trim()) payload.facilityAddress = form.facilityAddress.trim();
  if (form.reason.trim()) payload.reason = form.reason.trim();
  if (form.notes.trim()) payload.notes = form.notes.trim();
  return payload;
}
