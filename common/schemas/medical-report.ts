import * as yup from 'yup';
import { PREMIUM_REPORT_TYPES, REPORT_STATUSES, REPORT_TYPES } from '../constants';
import { timeZone } from './misc';
import { booleanField, changedIsoDate, changedString, jsonObjectField, optionalString, requiredIsoDate, requiredString, strictObject } from './helpers';

/**
 * PATCH /api/medical-reports/{id} body: every field optional. The document link is not editable
 * (it comes from the stored document), so a report can never be pointed at an arbitrary URL.
 */
export const medicalReportUpdateSchema = strictObject({
  title: changedString('Title'),
  type: yup.string().oneOf(REPORT_TYPES, `Type must be one of ${REPORT_TYPES.join(', ')}`).optional(),
  status: yup.string().oneOf(REPORT_STATUSES, `Status must be one of ${REPORT_STATUSES.join(', ')}`).optional(),
  reportDate: changedIsoDate('Report date'),
  doctorName: optionalString('Doctor name').nullable(),
  facility: optionalString('Facility').nullable(),
  summary: optionalString('Summary').nullable(),
  results: jsonObjectField('Results').nullable().optional(),
  isOfflineAvailable: booleanField('Offline availability').optional(),
});

export type MedicalReportUpdateInput = yup.InferType<typeof medicalReportUpdateSchema>;

/** The types the add-report form offers: a premium analysis is taken only from Premium users (the server answers 402 to others). */
export const PATIENT_REPORT_TYPES = REPORT_TYPES.filter((type) => !PREMIUM_REPORT_TYPES.includes(type));

/** POST /api/medical-reports body: a report added by hand, without a document. */
export const medicalReportCreateSchema = strictObject({
  title: requiredString('Title'),
  type: yup
    .string()
    .required('Type is required')
    .oneOf(REPORT_TYPES, `Type must be one of ${REPORT_TYPES.join(', ')}`),
  reportDate: requiredIsoDate('Report date', 'Report date is required'),
  status: yup.string().oneOf(REPORT_STATUSES, `Status must be one of ${REPORT_STATUSES.join(', ')}`).optional(),
  doctorName: optionalString('Doctor name'),
  facility: optionalString('Facility'),
  summary: optionalString('Summary'),
  results: jsonObjectField('Results').optional(),
});

export type MedicalReportCreateInput = yup.InferType<typeof medicalReportCreateSchema>;

/** GET /api/medical-reports/export query: the zone the PDF's dates and times are written in (the browser's). */
export const recordsExportQuerySchema = strictObject({ timeZone: timeZone() });
