/** An instant as JSON shows it: ISO 8601 in UTC with milliseconds; no value stays null. */
export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
