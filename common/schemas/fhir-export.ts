import * as yup from 'yup';
import { UUID_PATTERN, strictObject } from './helpers';

/** A collection to keep or read; a transaction for a FHIR server to import whole. */
export const FHIR_BUNDLE_TYPES = ['collection', 'transaction'] as const;
export type FhirBundleType = (typeof FHIR_BUNDLE_TYPES)[number];

/** Ids a query lists, separated by commas ('' for none). */
export const idsIn = (list: string | undefined): string[] => (list ? list.split(',') : []);

/** Up to 1,000 ids, separated by commas. */
const idList = (label: string) =>
  yup
    .string()
    .max(37_000, `${label} may name at most 1,000 records`)
    .test('ids', `${label} must be record ids separated by commas`, (list) => idsIn(list).every((id) => UUID_PATTERN.test(id)))
    .optional();

/**
 * GET /api/export/fhir query: which kind of Bundle, a collection unless asked; with reportIds or
 * medicationIds, only the Patient and those records (what a shared link shares), else everything.
 */
export const fhirExportQuerySchema = strictObject({
  type: yup
    .string<FhirBundleType>()
    .oneOf(FHIR_BUNDLE_TYPES, `Type must be one of ${FHIR_BUNDLE_TYPES.join(', ')}`)
    .default('collection'),
  reportIds: idList('reportIds'),
  medicationIds: idList('medicationIds'),
});
