import { iso } from '../../../lib/dates';
import { dayIn } from '../../calendar/zoned-time';
import type { Resource } from '@medplum/fhirtypes';
import type { CodeableConcept, Reference } from './types';

/** Text with something in it, else nothing: FHIR has no empty strings. */
export function filled(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed || undefined;
}

/** The items that are there, else nothing: FHIR has no empty lists. */
export function some<T>(items: readonly (T | undefined)[]): T[] | undefined {
  const present = items.filter((item): item is T => item !== undefined);
  return present.length ? present : undefined;
}

export const instant = (value: Date | string) => iso(value)!;

/** Report and medication dates are calendar days kept as their midnight in the patient's zone (midnightIn): written as that day. */
export const day = (value: Date | string, timeZone: string) => dayIn(new Date(value), timeZone);

export function concept(text: string | null | undefined): CodeableConcept | undefined {
  const value = filled(text);
  return value === undefined ? undefined : { text: value };
}

/** Someone or something known only by name, such as a doctor or a facility. */
export function named<T extends Resource = Resource>(display: string | null | undefined): Reference<T> | undefined {
  const value = filled(display);
  return value === undefined ? undefined : { display: value };
}
