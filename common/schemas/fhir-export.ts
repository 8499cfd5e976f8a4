import * as yup from 'yup';
import { strictObject } from './helpers';

/** A collection to keep or read; a transaction for a FHIR server to import whole. */
export const FHIR_BUNDLE_TYPES = ['collection', 'transaction'] as const;
export type FhirBundleType = (typeof FHIR_BUNDLE_TYPES)[number];

/** GET /api/export/fhir query: which kind of Bundle, a collection unless asked. */
export const fhirExportQuerySchema = strictObject({
  type: yup
    .string<FhirBundleType>()
    .oneOf(FHIR_BUNDLE_TYPES, `Type must be one of ${FHIR_BUNDLE_TYPES.join(', ')}`)
    .default('collection'),
});
