import * as yup from 'yup';
import { CONSULTATION_STATUSES } from '../constants';
import { isValidIsoDate, optionalIsoDate, optionalString, strictObject } from './helpers';
import { pagingFields } from './paging';

/** Upcoming: still to be held (scheduled or in progress) with its time ahead. Past: its time has gone by, or it is over (completed or cancelled). */
const DOCTOR_CONSULTATION_PERIODS = ['upcoming', 'past'] as const;
export type DoctorConsultationPeriod = (typeof DOCTOR_CONSULTATION_PERIODS)[number];

const SORT_ORDERS = ['asc', 'desc'] as const;

/**
 * GET /api/doctor/consultations query, every part optional: with none the answer is the whole list, newest
 * first, as the spec's clients read it. `from` and `to` bound the appointment time (the screen sends its
 * own local day's start and end); `order` is by appointment time, ascending for upcoming unless said (in
 * the past list, a consultation cancelled or finished ahead of its time counts at that moment).
 */
export const doctorConsultationsQuerySchema = strictObject({
  when: yup.string().oneOf(DOCTOR_CONSULTATION_PERIODS, 'When must be upcoming or past').optional(),
  patient: optionalString('Patient name', 100),
  status: yup.string().oneOf(CONSULTATION_STATUSES, `Status must be one of ${CONSULTATION_STATUSES.join(', ')}`).optional(),
  from: optionalIsoDate('From'),
  to: optionalIsoDate('To').test('after-from', 'To must not be before From', function (to) {
    const { from } = this.parent as { from?: string };
    return !to || !from || !isValidIsoDate(from) || !isValidIsoDate(to) || Date.parse(to) >= Date.parse(from);
  }),
  order: yup.string().oneOf(SORT_ORDERS, 'Order must be asc or desc').optional(),
  ...pagingFields(),
});

export type DoctorConsultationsQuery = yup.InferType<typeof doctorConsultationsQuerySchema>;
