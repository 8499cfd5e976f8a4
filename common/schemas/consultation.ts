import * as yup from 'yup';
import {
  CONSULTATION_DURATION_MAX,
  CONSULTATION_DURATION_MIN,
  CONSULTATION_TYPES,
  DEFAULT_CONSULTATION_TYPE,
  DEFAULT_DURATION_MINUTES,
  MAX_FIELD_LENGTH,
  SYMPTOMS_MAX_LENGTH,
  type ConsultationType,
} from '../constants';
import { CONSULTATION_ACTIONS, CONSULTATION_STATUS_UPDATES } from '../consultation-status';
import {
  isPlainObject,
  jsonLength,
  nonNegativeInteger,
  numberField,
  optionalIsoDate,
  optionalString,
  requiredIsoDate,
  requiredString,
  strictObject,
  tooLongMessage,
  trimText,
  UUID_PATTERN,
} from './helpers';

const DOCTOR_MESSAGE = 'Please choose a doctor';
const PAST_MESSAGE = 'Consultation date cannot be in the past';
const TYPE_MESSAGE = 'Consultation type must be one of video, audio, chat';
const STATUS_MESSAGE = `Status must be one of ${CONSULTATION_STATUS_UPDATES.join(', ')}`;
/** The status the outcome fields go with: where the complete action leads. */
const COMPLETED = CONSULTATION_ACTIONS.complete.to;

const appointmentDate = () =>
  requiredIsoDate('Consultation date', 'Please choose a date and time', PAST_MESSAGE);

/** Diagnosis prescription: free text or a structured object. */
const prescription = () =>
  yup
    .mixed<string | Record<string, unknown>>()
    .test(
      'text-or-object',
      'Prescription must be text or an object',
      (v) => v == null || typeof v === 'string' || isPlainObject(v),
    )
    .test(
      'size',
      tooLongMessage('Prescription'),
      (v) => v == null || (typeof v === 'string' ? v.length : jsonLength(v)) <= MAX_FIELD_LENGTH,
    )
    .nullable()
    .optional();

/**
 * POST /api/consultations body; also the Book Consultation form (whose appointmentDate is the
 * datetime-local value, converted to ISO by `toConsultationPayload`). `fee` is accepted but the
 * server charges the doctor's consultationFee.
 */
export const consultationInsertSchema = strictObject({
  doctorId: yup
    .string()
    .typeError(DOCTOR_MESSAGE)
    .required(DOCTOR_MESSAGE)
    .matches(UUID_PATTERN, { message: DOCTOR_MESSAGE, excludeEmptyString: true }),
  appointmentDate: appointmentDate(),
  duration: numberField('Duration')
    .integer('Duration must be a whole number of minutes')
    .min(CONSULTATION_DURATION_MIN, `Duration must be at least ${CONSULTATION_DURATION_MIN} minutes`)
    .max(CONSULTATION_DURATION_MAX, `Duration must be at most ${CONSULTATION_DURATION_MAX} minutes`)
    .default(DEFAULT_DURATION_MINUTES),
  consultationType: yup
    .string()
    .oneOf(CONSULTATION_TYPES, TYPE_MESSAGE)
    .default(DEFAULT_CONSULTATION_TYPE),
  symptoms: requiredString('Symptoms', 'Please describe your symptoms', SYMPTOMS_MAX_LENGTH).transform(trimText),
  patientNotes: optionalString('Additional notes'),
  fee: numberField('Fee').min(0, 'Fee cannot be negative').optional(),
});

/** Reschedule body: a new date-time not in the past. */
export const consultationRescheduleSchema = strictObject({
  appointmentDate: appointmentDate(),
});

/**
 * Cancel body: optionally the refund (cents) the patient was shown before confirming; a cancellation that would
 * now refund another amount (the deadline passed meanwhile, a payment arrived) is refused rather than made.
 */
export const consultationCancelSchema = strictObject({
  refundAmount: nonNegativeInteger('Refund amount', 'Refund amount must be a whole number of cents').optional(),
});

const OUTCOME_ONLY_ON_COMPLETE = 'Diagnosis, prescription, notes and follow-up are recorded when completing a consultation.';

/** An outcome field sent with any other status would be dropped: refuse it instead. */
function onlyWhenCompleting<S extends yup.Schema>(schema: S): S {
  return schema.test('only-on-complete', OUTCOME_ONLY_ON_COMPLETE, function (value: unknown) {
    return value == null || this.parent?.status === COMPLETED;
  }) as S;
}

/** PUT /api/doctor/consultation/{id}/status body (and the call screen's consultation:setStatus). */
export const consultationStatusSchema = strictObject({
  status: yup.string().required('Status is required').oneOf(CONSULTATION_STATUS_UPDATES, STATUS_MESSAGE),
  diagnosis: onlyWhenCompleting(optionalString('Diagnosis')),
  prescription: onlyWhenCompleting(prescription()),
  consultationNotes: onlyWhenCompleting(optionalString('Consultation notes')),
  followUpDate: onlyWhenCompleting(optionalIsoDate('Follow-up date')),
});

/** Completing a consultation: the doctor's outcome fields, all optional; status can only be completed. */
export const consultationCompleteSchema = strictObject({
  status: yup
    .string()
    .oneOf([COMPLETED], 'Status must be completed')
    .default(COMPLETED),
  diagnosis: optionalString('Diagnosis'),
  prescription: prescription(),
  consultationNotes: optionalString('Consultation notes'),
  followUpDate: optionalIsoDate('Follow-up date'),
});

export type ConsultationInsertInput = yup.InferType<typeof consultationInsertSchema>;
export type ConsultationStatusInput = yup.InferType<typeof consultationStatusSchema>;

/** Formik values of the Book Consultation dialog. */
export interface ConsultationFormValues {
  doctorId: string;
  /** datetime-local value 'YYYY-MM-DDTHH:MM' (local time). */
  appointmentDate: string;
  duration: number;
  consultationType: ConsultationType;
  symptoms: string;
  patientNotes: string;
  /** Cents; overwritten with the selected doctor's consultationFee. */
  fee: number;
}

export const consultationInitialValues: ConsultationFormValues = {
  doctorId: '',
  appointmentDate: '',
  duration: DEFAULT_DURATION_MINUTES,
  consultationType: DEFAULT_CONSULTATION_TYPE,
  symptoms: '',
  patientNotes: '',
  fee: 0,
};

/** Request body from the form: the local date-time converted to ISO. */
export function toConsultationPayload(form: ConsultationFormValues): ConsultationInsertInput {
  const when = new Date(form.appointmentDate);
  const payload: ConsultationInsertInput = {
    doctorId: form.doctorId,
    appointmentDate: Number.isNaN(when.getTime()) ? form.appointmentDate : when.toISOString(),
    duration: form.duration,
    consultationType: form.consultationType,
    symptoms: form.symptoms.trim(),
    fee: form.fee,
  };
  if (form.patientNotes.trim()) payload.patientNotes = form.patientNotes.trim();
  return payload;
}
