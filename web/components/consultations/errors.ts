import { ApiError } from '../../api/client';

/** The server's per-field messages of a failed request, for Formik's setErrors. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? (error.fields ?? {}) : {};
}
