import * as yup from 'yup';
import { FHIR_IMPORT_MAX_ENTRIES } from '../constants';
import { strictObject } from './helpers';

export const NOT_A_BUNDLE = 'This is not a FHIR Bundle. Choose a FHIR R4 export (JSON) or an International Patient Summary.';

/**
 * POST /api/import/fhir(/preview) body: a FHIR R4 Bundle as a file holds it. Only its kind and size are
 * checked here; the importer reads every entry itself, and tells what it leaves out.
 */
export const fhirImportBodySchema = yup
  .object({
    resourceType: yup.string().required(NOT_A_BUNDLE).oneOf(['Bundle'], NOT_A_BUNDLE),
    entry: yup
      .array(yup.object())
      .max(FHIR_IMPORT_MAX_ENTRIES, `The file has more than ${FHIR_IMPORT_MAX_ENTRIES.toLocaleString('en-US')} entries. Import it in smaller parts.`)
      .optional(),
  })
  .meta({ description: 'A FHIR R4 Bundle (a collection, a transaction, or an International Patient Summary document), up to 15 MB' });

/** Its query: the file's name, which names where the records came from when the file itself does not say. */
export const fhirImportQuerySchema = strictObject({
  filename: yup.string().trim().max(200, 'The file name is too long (200 characters at most).').optional(),
});
