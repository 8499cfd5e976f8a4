import * as yup from 'yup';
import { REPORT_STATUSES, REPORT_TYPES } from '../constants';
import { MAX_FIELD_LENGTH } from '../constants';
import { booleanField, jsonObjectField, optionalIsoDate, optionalString, strictObject, tooLongMessage } from './helpers';

/**
 * PATCH /api/medical-reports/{id} body: every field optional. The document link is not editable
 * (it comes from the stored document), so a report can never be pointed at an arbitrary URL.
 */
export const medicalReportUpdateSchema = strictObject({
  // Absent leaves the title as it is; sent, it must not be blank.
  title: yup
    .string()
    .typeError('Title must be text')
    .test('not-blank', 'Title is required', (v) => v === undefined || v.trim() !== '')
    .max(MAX_FIELD_LENGTH, tooLongMessage('Title')),
  type: yup.string().oneOf(REPORT_TYPES, `Type must be one of ${REPORT_TYPES.join(', ')}`).optional(),
  status: yup.string().oneOf(REPORT_STATUSES, `Status must be one of ${REPORT_STATUSES.join(', ')}`).optional(),
  reportDate: optionalIsoDate('Report date'),
  doctorName: optionalString('Doctor name').nullable(),
  facility: optionalString('Facility').nullable(),
  summary: optionalString('Summary').nullable(),
  results: jsonObjectField('Results').nullable().optional(),
  isOfflineAvailable: booleanField('Offline availability').optional(),
});

export type MedicalReportUpdateInput = yup.InferType<typeof medicalReportUpdateSchema>;
