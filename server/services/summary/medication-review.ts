import type { Medication } from '../../../common/api-types';
import { MEDICATION_FREQUENCY_LABELS, type MedicationFrequency } from '../../../common/constants';
import { medicationState } from '../../../common/records';
import { formatDay, listJoin, plural } from './format';
import type { Finding, Section, SummaryContext, SummaryRecords } from './types';

/** Doses a day for the frequencies whose reminders can be checked against a daily schedule. */
const DAILY_DOSES: Partial<Record<MedicationFrequency, number>> = {
  once_daily: 1,
  twice_daily: 2,
  three_times_daily: 3,
  four_times_daily: 4,
};

/** Doses of one medication closer than this are worth a second look. */
const MIN_DOSE_GAP_MINUTES = 4 * 60;

const frequencyText = (m: Medication) => MEDICATION_FREQUENCY_LABELS[m.frequency].toLowerCase();
const normalisedName = (m: Medication) => m.name.trim().toLowerCase().replace(/\s+/g, ' ');
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const nameOf = (m: Medication) => m.name.trim();
const link = (m: Medication) => ({ recordType: 'medication' as const, recordId: m.id });

function scheduleFinding(m: Medication): Finding {
  const times = m.frequency !== 'as_needed' && m.reminderTimes.length ? ` at ${listJoin([...m.reminderTimes].sort())}` : '';
  const prescriber = m.prescribedBy ? `, prescribed by ${m.prescribedBy}` : '';
  return { ...link(m), priority: 'low', text: `${nameOf(m)} ${m.dosage}, ${frequencyText(m)}${times}${prescriber}.` };
}

function expiredFinding(m: Medication, ctx: SummaryContext): Finding {
  const ended = formatDay(m.endDate!, ctx.timeZone);
  return {
    ...link(m),
    priority: 'high',
    text: `${nameOf(m)} ${m.dosage} is still marked active, but its end date (${ended}) has passed.`,
    advice: `Ask your doctor whether to stop or renew ${nameOf(m)}: its end date passed on ${ended}.`,
  };
}

function duplicateFindings(current: Medication[]): Finding[] {
  const groups = new Map<string, Medication[]>();
  for (const m of current) groups.set(normalisedName(m), [...(groups.get(normalisedName(m)) ?? []), m]);
  return [...groups.values()]
    .filter((group) => group.length > 1)
    .map((group) => {
      const newest = [...group].sort((a, b) => Date.parse(b.startDate) - Date.parse(a.startDate))[0]!;
      const doses = listJoin(group.map((m) => m.dosage));
      return {
        ...link(newest),
        priority: 'high' as const,
        text: `${nameOf(newest)} is listed ${group.length} times as active (${doses}).`,
        advice: `Confirm with your doctor that you should take every ${nameOf(newest)} entry (${doses}).`,
      };
    });
}

function timingFinding(m: Medication): Finding | null {
  const expected = DAILY_DOSES[m.frequency];
  if (!expected) return null;
  const times = [...m.reminderTimes].sort();
  if (times.length !== expected) {
    const set = times.length ? ` (${listJoin(times)})` : '';
    return {
      ...link(m),
      priority: 'medium',
      text: `${nameOf(m)} is taken ${frequencyText(m)} but has ${plural(times.length, 'reminder time')} set${set}.`,
      advice: `Set ${plural(expected, 'reminder time')} for ${nameOf(m)} to match its ${frequencyText(m)} schedule.`,
    };
  }
  for (let i = 1; i < times.length; i += 1) {
    const gap = minutesOf(times[i]!) - minutesOf(times[i - 1]!);
    if (gap < MIN_DOSE_GAP_MINUTES) {
      const hours = gap >= 60 ? plural(Math.floor(gap / 60), 'hour') : plural(gap, 'minute');
      return {
        ...link(m),
        priority: 'medium',
        text: `${nameOf(m)}'s doses at ${times[i - 1]} and ${times[i]} are only ${hours} apart.`,
        advice: `Check the timing of ${nameOf(m)} with your pharmacist: two of its ${frequencyText(m)} doses are only ${hours} apart.`,
      };
    }
  }
  return null;
}

/** The active schedule, medications active past their end date, the same drug twice, and dose timing. */
export function reviewMedications(records: SummaryRecords, ctx: SummaryContext): Section {
  const title = 'Medication Review';
  const medications = [...records.medications].sort((a, b) => a.name.localeCompare(b.name));
  if (!medications.length) return { title, overview: 'No medications recorded yet.', findings: [] };
  const active = medications.filter((m) => medicationState(m, ctx.now) === 'active');
  const expired = medications.filter((m) => medicationState(m, ctx.now) === 'expired');
  const inactive = medications.length - active.length - expired.length;
  const overview = `${active.length} active, ${expired.length} past ${expired.length === 1 ? 'its' : 'their'} end date, ${inactive} inactive.`;
  const findings: Finding[] = [
    ...expired.map((m) => expiredFinding(m, ctx)),
    ...duplicateFindings([...active, ...expired]),
    ...active.map(timingFinding).filter((f): f is Finding => f !== null),
    ...active.map(scheduleFinding),
  ];
  return { title, overview, findings };
}
