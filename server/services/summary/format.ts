import { dateFormat } from '../../../common/date-formats';

/** How the engine writes values into sentences. Dates follow the patient's time zone. */

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** Ends the text with a full stop unless it already ends a sentence. */
export function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** 'Mar 3, 2026'. */
export function formatDay(iso: string, timeZone: string): string {
  return dateFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone }).format(new Date(iso));
}

/** '14:30'. */
export function formatTime(iso: string, timeZone: string): string {
  return dateFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(iso));
}

export function formatNumber(value: number): string {
  return String(Number(value.toFixed(2)));
}

export function withUnit(value: number, unit: string | null): string {
  return unit ? `${formatNumber(value)} ${unit}` : formatNumber(value);
}

export function listJoin(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
