import type { Appointment, MedicalReport } from '../../../common/api-types';
import { APPOINTMENT_STATUS_LABELS, CONSULTATION_TYPE_LABELS, REPORT_TYPE_LABELS } from '../../../common/constants';
import { appointmentMachine } from '../../../common/appointment-status';
import { formatResultKey, isUpcomingAppointment, parseResults, rangePosition, readMeasurement, type Measurement } from '../../../common/records';
import { doctorLabel } from '../../../common/names';
import { formatDay, formatNumber, formatTime, plural, withUnit } from './format';
import { reportName } from './report-analysis';
import type { ConsultationFacts, Finding, Section, SummaryContext, SummaryRecords } from './types';

const DAY_MS = 86_400_000;
/** How long an urgent or for-review report may wait for an appointment before it counts as an overdue follow-up. */
const FOLLOW_UP_WITHIN_DAYS = { urgent: 7, review: 30 } as const;
/** Changes smaller than this share of the first value count as steady. */
const STEADY_SHARE = 0.01;

const at = (iso: string, ctx: SummaryContext) => `${formatDay(iso, ctx.timeZone)} at ${formatTime(iso, ctx.timeZone)}`;
const byDate = <T>(date: (item: T) => string) => (a: T, b: T) => Date.parse(date(a)) - Date.parse(date(b));

/** Any appointment or consultation, not cancelled, dated after the given instant. */
function bookedAfter(records: SummaryRecords, instant: number): boolean {
  const visits = [...records.appointments, ...records.consultations].filter((v) => v.status !== 'cancelled');
  return visits.some((v) => Date.parse(v.appointmentDate) > instant);
}

function upcomingAppointmentFindings(records: SummaryRecords, ctx: SummaryContext): Finding[] {
  const upcoming = records.appointments.filter((a) => isUpcomingAppointment(a, ctx.now)).sort(byDate((a) => a.appointmentDate));
  return upcoming.map((a, index) => {
    const what = `${a.specialty} with ${doctorLabel(a.doctorName)} at ${a.facility} on ${at(a.appointmentDate, ctx)}`;
    const reminder = a.reminderSent ? '' : ' Turn on its reminder so it is not missed.';
    return {
      recordType: 'appointment' as const,
      recordId: a.id,
      priority: 'low' as const,
      text: `${what} (${APPOINTMENT_STATUS_LABELS[a.status].toLowerCase()}).`,
      advice: index === 0 ? `Your next appointment: ${what}.${reminder}` : undefined,
    };
  });
}

function upcomingConsultationFindings(records: SummaryRecords, ctx: SummaryContext): Finding[] {
  return records.consultations
    .filter((c) => c.status === 'scheduled' && Date.parse(c.appointmentDate) >= ctx.now)
    .sort(byDate((c) => c.appointmentDate))
    .map((c) => ({
      recordType: 'consultation' as const,
      recordId: c.id,
      priority: 'low' as const,
      text: `${CONSULTATION_TYPE_LABELS[c.consultationType]} consultation with ${doctorLabel(c.doctorName)} on ${at(c.appointmentDate, ctx)}.`,
    }));
}

function consultationFollowUp(c: ConsultationFacts, records: SummaryRecords, ctx: SummaryContext): Finding | null {
  if (c.status !== 'completed' || !c.followUpDate || bookedAfter(records, Date.parse(c.appointmentDate))) return null;
  const doctor = doctorLabel(c.doctorName);
  const due = formatDay(c.followUpDate, ctx.timeZone);
  const link = { recordType: 'consultation' as const, recordId: c.id };
  if (Date.parse(c.followUpDate) < ctx.now) {
    return {
      ...link,
      priority: 'high',
      text: `A follow-up with ${doctor} was due on ${due} (after your consultation of ${formatDay(c.appointmentDate, ctx.timeZone)}), and none is booked.`,
      advice: `Book the follow-up with ${doctor} that was due on ${due}.`,
    };
  }
  return {
    ...link,
    priority: 'medium',
    text: `A follow-up with ${doctor} is due by ${due}, and none is booked yet.`,
    advice: `Book your follow-up with ${doctor} before ${due}.`,
  };
}

function reportFollowUp(report: MedicalReport, records: SummaryRecords, ctx: SummaryContext): Finding | null {
  if (report.status !== 'urgent' && report.status !== 'review') return null;
  const reported = Date.parse(report.reportDate);
  const days = Math.floor((ctx.now - reported) / DAY_MS);
  if (days <= FOLLOW_UP_WITHIN_DAYS[report.status] || bookedAfter(records, reported)) return null;
  const state = report.status === 'urgent' ? 'marked urgent' : 'marked for review';
  return {
    recordType: 'report',
    recordId: report.id,
    priority: 'high',
    text: `${reportName(report, ctx)} was ${state} ${days} days ago, and no appointment has been booked since.`,
    advice: `Book an appointment to go over your ${report.title.trim()} report: it was ${state} ${days} days ago.`,
  };
}

function stalledAppointment(a: Appointment, ctx: SummaryContext): Finding | null {
  if (appointmentMachine.isFinal(a.status) || Date.parse(a.appointmentDate) >= ctx.now) return null;
  const when = formatDay(a.appointmentDate, ctx.timeZone);
  return {
    recordType: 'appointment',
    recordId: a.id,
    priority: 'low',
    text: `Your ${a.specialty} appointment with ${doctorLabel(a.doctorName)} on ${when} has passed but is still marked ${a.status}.`,
    advice: `Reschedule your ${a.specialty} appointment of ${when} if it did not take place.`,
  };
}

function trendFinding(key: string, series: Array<{ report: MedicalReport; measurement: Measurement }>, ctx: SummaryContext): Finding {
  const first = series[0]!;
  const last = series[series.length - 1]!;
  const change = last.measurement.value - first.measurement.value;
  const steady = Math.abs(change) <= Math.abs(first.measurement.value) * STEADY_SHARE;
  const label = formatResultKey(key);
  const unit = last.measurement.unit;
  const movement = steady
    ? `held steady at ${withUnit(last.measurement.value, unit)}`
    : `${change > 0 ? 'rose' : 'fell'} from ${formatNumber(first.measurement.value)} to ${withUnit(last.measurement.value, unit)}`;
  const position = rangePosition(last.measurement);
  const typeLabel = REPORT_TYPE_LABELS[last.report.type];
  const span = `${formatDay(first.report.reportDate, ctx.timeZone)} to ${formatDay(last.report.reportDate, ctx.timeZone)}`;
  const now = position ? `, now ${position} the reference range` : '';
  return {
    recordType: 'report',
    recordId: last.report.id,
    priority: position && position !== 'within' && !steady ? 'medium' : 'low',
    text: `${label} ${movement} across ${series.length} ${typeLabel} reports (${span})${now}.`,
    result: `${label} ${withUnit(last.measurement.value, unit)}`,
    advice: position && position !== 'within' && !steady ? `Ask your doctor about your ${label.toLowerCase()} trend: it ${movement}, ${position} the reference range.` : undefined,
  };
}

/** For every report type with two or more reports: each numeric result present in at least two of them, first to last. */
function trendFindings(records: SummaryRecords, ctx: SummaryContext): Finding[] {
  const byType = new Map<string, MedicalReport[]>();
  for (const report of records.reports) byType.set(report.type, [...(byType.get(report.type) ?? []), report]);
  const findings: Finding[] = [];
  for (const reports of byType.values()) {
    if (reports.length < 2) continue;
    const series = new Map<string, Array<{ report: MedicalReport; measurement: Measurement }>>();
    for (const report of [...reports].sort(byDate((r) => r.reportDate))) {
      const parsed = parseResults(report.results);
      if (parsed.kind !== 'fields') continue;
      for (const [key, raw] of parsed.entries) {
        const measurement = readMeasurement(raw);
        if (measurement) series.set(key, [...(series.get(key) ?? []), { report, measurement }]);
      }
    }
    for (const [key, points] of series) if (points.length > 1) findings.push(trendFinding(key, points, ctx));
  }
  return findings;
}

const TRENDS_ARE_PREMIUM = 'Trends of your results across reports are analysed with Premium.';

/** Upcoming appointments and consultations, overdue follow-ups, and (Premium) trends across reports of one type. */
export function healthInsights(records: SummaryRecords, ctx: SummaryContext): Section {
  const upcoming = upcomingAppointmentFindings(records, ctx);
  const consultations = upcomingConsultationFindings(records, ctx);
  const followUps = [
    ...records.consultations.map((c) => consultationFollowUp(c, records, ctx)),
    ...records.reports.map((r) => reportFollowUp(r, records, ctx)),
    ...records.appointments.map((a) => stalledAppointment(a, ctx)),
  ].filter((f): f is Finding => f !== null);
  const trends = ctx.premium ? trendFindings(records, ctx) : [];
  const counts = `${plural(upcoming.length, 'upcoming appointment')}, ${plural(consultations.length, 'upcoming consultation')}, ${plural(followUps.length, 'follow-up')} to arrange.`;
  const overview = ctx.premium ? counts : `${counts} ${TRENDS_ARE_PREMIUM}`;
  return { title: 'Health Insights', overview, findings: [...followUps, ...upcoming, ...consultations, ...trends] };
}
