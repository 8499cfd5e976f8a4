import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FhirImportAnswer } from '../../common/api-types';
import { FHIR_IMPORT_MAX_BYTES } from '../../common/constants';
import { ApiError, apiError, newAttemptKey, withQuery } from './client';
import { dashboardSummaryQuery, medicationsQuery, reportsQuery } from './records';

const FILE_TOO_LARGE = 'This file is larger than 15 MB. Export fewer records at a time and import each part.';

/** The file goes as it is (not parsed here): the server reads it, up to 15 MB, and answers what it adds. */
async function sendFile(path: string, file: File, idempotencyKey?: string): Promise<FhirImportAnswer> {
  if (file.size > FHIR_IMPORT_MAX_BYTES) throw new ApiError(413, FILE_TOO_LARGE, { message: FILE_TOO_LARGE });
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  const response = await fetch(withQuery(path, { filename: file.name.slice(0, 200) }), { method: 'POST', credentials: 'include', headers, body: file });
  if (!response.ok) throw apiError(response.status, response.statusText, await response.text(), response.headers.has('Retry-After'));
  return (await response.json()) as FhirImportAnswer;
}

/** POST /api/import/fhir/preview: what the file would add and what it leaves out; saves nothing. */
export function usePreviewImport() {
  return useMutation({ mutationFn: (file: File) => sendFile('/api/import/fhir/preview', file) });
}

/** POST /api/import/fhir: saves what the preview showed; reports, medications and the dashboard are refreshed after. */
export function useSaveImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => sendFile('/api/import/fhir', file, newAttemptKey()),
    onSuccess: () => Promise.all([reportsQuery, medicationsQuery, dashboardSummaryQuery].map(({ queryKey }) => queryClient.invalidateQueries({ queryKey }))),
  });
}
