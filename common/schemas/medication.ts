import * as yup from 'yup';
import {
  DEFAULT_MEDICATION_FREQUENCY,
  DEFAULT_REMINDER_TIME,
  MAX_REMINDER_TIMES,
  MEDICATION_FREQUENCIES,
  type MedicationFrequency,
} from '../constants';
import { FOLLOW_UP_MINUTES_RANGE, MAX_PILLS_PER_DOSE, MAX_REFILL_REMINDER_DAYS, MAX_SUPPLY_PILLS } from '../reminders';
import {
  TIME_PATTERN,
  booleanField,
  dateInputToIso,
  emptyToUndefined,
  isValidIsoDate,
  optionalIsoDate,
  optionalString,
  changedIsoDate,
  changedString,
  requiredString,
  strictObject,
} from './helpers';

const FREQUENCY_MESSAGE = 'Please choose a valid frequency';
export const END_BEFORE_START_MESSAGE = 'End date must be after the start date';

const frequency = () =>
  yup.string().required('Frequency is required').oneOf(MEDICATION_FREQUENCIES, FREQUENCY_MESSAGE);

const reminderTimes = () =>
  yup
    .array()
    .typeError('Reminder times must be a list')
    .of(
      yup
        .string()
        .required('Reminder time is required')
        .matches(TIME_PATTERN, 'Reminder times must be in HH:MM format'),
    )
    .max(MAX_REMINDER_TIMES, `At most ${MAX_REMINDER_TIMES} reminder times are allowed`);

function endNotBeforeStart(this: yup.TestContext, end: string | null | undefined): boolean {
  const start: unknown = this.parent?.startDate;
  if (end == null || typeof start !== 'string') return true;
  if (!isValidIsoDate(end) || !isValidIsoDate(start)) return true; // reported by the format rule
  return Date.parse(end) >= Date.parse(start);
}

/** A whole number in a range, or null to clear it; blank in a form is left out. */
const countField = (label: string, min: number, max: number) =>
  yup
    .number()
    .typeError(`${label} must be a whole number`)
    .transform(emptyToUndefined)
    .integer(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`)
    .nullable()
    .optional();

/**
 * Premium's smart reminders (the server refuses them to the free plan): the pills left now and per dose (a
 * refill reminder the chosen days before they run out), and the minutes after which an unmarked dose is
 * reminded again.
 */
const smartReminderFields = {
  pillsLeft: countField('Pills left', 0, MAX_SUPPLY_PILLS),
  pillsPerDose: countField('Pills per dose', 1, MAX_PILLS_PER_DOSE),
  refillReminderDays: countField('Days before running out', 1, MAX_REFILL_REMINDER_DAYS),
  followUpMinutes: countField('Minutes before reminding again', ...FOLLOW_UP_MINUTES_RANGE),
};

export const SMART_REMINDER_FIELDS = Object.keys(smartReminderFields) as (keyof typeof smartReminderFields)[];

/** POST /api/medications body; also the Add Medication form. */
export const medicationSchema = strictObject({
  name: requiredString('Name', 'Medication name is required'),
  dosage: requiredString('Dosage'),
  frequency: frequency(),
  reminderTimes: reminderTimes()
    .required()
    .default(() => [DEFAULT_REMINDER_TIME]),
  prescribedBy: optionalString('Prescribed by'),
  instructions: optionalString('Instructions'),
  startDate: yup
    .string()
    .typeError('Start date must be a valid date')
    .transform(emptyToUndefined)
    .default(() => new Date().toISOString())
    .max(64, 'Start date must be a valid date')
    .test('iso-date', 'Start date must be a valid date', (v) => v == null || isValidIsoDate(v)),
  endDate: optionalIsoDate('End date').test('after-start', END_BEFORE_START_MESSAGE, endNotBeforeStart),
  ...smartReminderFields,
});

/** PATCH body for a medication: every field optional, plus isActive. */
export const medicationUpdateSchema = strictObject({
  name: changedString('Name', 'Medication name is required'),
  dosage: changedString('Dosage'),
  frequency: yup.string().oneOf(MEDICATION_FREQUENCIES, FREQUENCY_MESSAGE).optional(),
  reminderTimes: reminderTimes().optional(),
  prescribedBy: optionalString('Prescribed by').nullable(),
  instructions: optionalString('Instructions').nullable(),
  startDate: changedIsoDate('Start date'),
  endDate: optionalIsoDate('End date')
    .nullable()
    .test('after-start', END_BEFORE_START_MESSAGE, endNotBeforeStart),
  isActive: booleanField('Active').optional(),
  ...smartReminderFields,
});

export type MedicationInput = yup.InferType<typeof medicationSchema>;
export type MedicationUpdateInput = yup.InferType<typeof medicationUpdateSchema>;

/** Formik values of the Add Medication dialog (dates as 'YYYY-MM-DD' or ISO, '' when empty). */
export interface MedicationFormValues {
  name: string;
  dosage: string;
  frequency: MedicationFrequency;
  reminderTimes: string[];
  prescribedBy: string;
  instructions: string;
  startDate: string;
  endDate: string;
  /** Smart reminders: numbers as the inputs hold them ('' when empty). */
  pillsLeft: number | '';
  pillsPerDose: number | '';
  refillReminderDays: number | '';
  followUpMinutes: number | '';
}

export function medicationInitialValues(): MedicationFormValues {
  return {
    name: '',
    dosage: '',
    frequency: DEFAULT_MEDICATION_FREQUENCY,
    reminderTimes: [DEFAULT_REMINDER_TIME],
    prescribedBy: '',
    instructions: '',
    startDate: '',
    endDate: '',
    pillsLeft: '',
    pillsPerDose: '',
    refillReminderDays: '',
    followUpMinutes: '',
  };
}

/** The smart reminder fields as a request sends them: a number, or null when the input is empty. */
export function smartReminderPayload(form: Pick<MedicationFormValues, (typeof SMART_REMINDER_FIELDS)[number]>) {
  return Object.fromEntries(SMART_REMINDER_FIELDS.map((field) => [field, form[field] === '' ? null : Number(form[field])])) as Record<(typeof SMART_REMINDER_FIELDS)[number], number | null>;
}

/** Request body from the form: start date as ISO (now if empty), end date ISO or omitted. */
export function toMedicationPayload(form: MedicationFormValues): MedicationInput {
  const payload: MedicationInput = {
    name: form.name.trim(),
    dosage: form.dosage.trim(),
    frequency: form.frequency,
    reminderTimes: form.reminderTimes.length > 0 ? [...form.reminderTimes] : [DEFAULT_REMINDER_TIME],
    startDate: form.startDate.trim() ? dateInputToIso(form.startDate.trim()) : new Date().toISOString(),
  };
  if (form.prescribedBy.trim()) payload.prescribedBy = form.prescribedBy.trim();
  if (form.instructions.trim()) payload.instructions = form.instructions.trim();
  if (form.endDate.trim()) payload.endDate = dateInputToIso(form.endDate.trim());
  return payload;
}
