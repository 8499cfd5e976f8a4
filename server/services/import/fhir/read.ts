/**
 * Reading the few fields the importer uses out of resources nobody checked: each reader answers a value
 * of the right kind or nothing, never throws on an odd shape.
 */
import type { AnyResource } from './types';

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function textAt(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

export function listAt(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function recordAt(value: unknown): Record<string, unknown> | undefined {
  return isRecord(value) ? value : undefined;
}

/** A CodeableConcept's words: its text, else its first coding's display, else that coding's code. */
export function conceptText(concept: unknown): string | undefined {
  const value = recordAt(concept);
  if (!value) return undefined;
  const codings = listAt(value.coding).map(recordAt);
  return textAt(value.text) ?? codings.map((coding) => textAt(coding?.display)).find(Boolean) ?? codings.map((coding) => textAt(coding?.code)).find(Boolean);
}

/** The codes a CodeableConcept carries in one system. */
export function codesIn(concept: unknown, system: string): string[] {
  return listAt(recordAt(concept)?.coding)
    .map(recordAt)
    .filter((coding) => coding?.system === system)
    .map((coding) => textAt(coding?.code))
    .filter((code): code is string => code !== undefined);
}

/** Any of a list of CodeableConcepts' codes (a category's, a status's). */
export function anyCode(concepts: unknown): string[] {
  return (Array.isArray(concepts) ? concepts : [concepts]).flatMap((concept) => listAt(recordAt(concept)?.coding).map((coding) => textAt(recordAt(coding)?.code))).filter((code): code is string => code !== undefined);
}

const DAY = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/;

/** A FHIR date or dateTime as a calendar day (a year alone is its 1 January): what reports and medications keep. */
export function dayOf(value: unknown): string | undefined {
  const written = textAt(value);
  const match = written ? DAY.exec(written) : null;
  if (!match) return undefined;
  const day = `${match[1]}-${match[2] ?? '01'}-${match[3] ?? '01'}`;
  return Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? undefined : day;
}

/** How a resource is named to the patient in the preview: its type and what it is about. */
export function labelOf(resource: AnyResource): string {
  const about =
    conceptText(resource.code) ??
    conceptText(resource.medicationCodeableConcept) ??
    textAt(recordAt(resource.medicationReference)?.display) ??
    conceptText(listAt(resource.type)[0]) ??
    textAt(resource.title);
  return about ? `${resource.resourceType}: ${about}` : resource.resourceType;
}

/** A Reference's display, when it names someone or something by name. */
export function displayOf(reference: unknown): string | undefined {
  return textAt(recordAt(reference)?.display);
}
