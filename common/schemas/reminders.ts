import * as yup from 'yup';
import { ADHERENCE_MAX_DAYS, DOSE_STATUSES } from '../reminders';
import { optionalIsoDate, optionalString, strictObject } from './helpers';
import { timeZone } from './misc';

/** PATCH /api/medication-reminders/:id body: taken (when: now unless sent, as a change queued offline sends it) or skipped. */
export const doseMarkSchema = strictObject({
  status: yup.string().required('Status is required').oneOf(DOSE_STATUSES, 'Status must be taken or skipped'),
  takenTime: optionalIsoDate('Taken time'),
  notes: optionalString('Notes', 500),
});

/** GET /api/medication-reminders and the doctor's log: the last N days. */
export const adherenceQuerySchema = strictObject({
  days: yup
    .number()
    .typeError('Days must be a number')
    .integer('Days must be a whole number')
    .min(1, 'Days must be at least 1')
    .max(ADHERENCE_MAX_DAYS, `Days must be at most ${ADHERENCE_MAX_DAYS}`)
    .default(30),
});

/** PUT /api/account/time-zone body: the browser's IANA zone, which medication reminder times are read in. */
export const timeZoneSchema = strictObject({ timeZone: timeZone().required('Time zone is required') });

