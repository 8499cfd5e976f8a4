import * as yup from 'yup';
import { REPORT_STATUSES, REPORT_TYPES } from '../constants';
import { booleanField, changedIsoDate, changedString, jsonObjectField, optionalString, strictObject } from './helpers';

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
