import { doctorLabel } from '../../../common/names';
import { formatDay } from './format';
import { reportName } from './report-analysis';
import type { Finding, SummaryContext, SummaryRecords } from './types';

/** The record, as the patient knows it, that a finding is drawn from. */
function recordName({ recordType, recordId }: Finding, records: SummaryRecords, ctx: SummaryContext): string {
  switch (recordType) {
    case 'report': {
      const report = records.reports.find((r) => r.id === recordId)!;
      return reportName(report, ctx);
    }
    case 'medication': {
      const medication = records.medications.find((m) => m.id === recordId)!;
      return `${medication.name.trim()} ${medication.dosage}`.trim();
    }
    case 'appointment': {
      const appointment = records.appointments.find((a) => a.id === recordId)!;
      return `${appointment.specialty} appointment of ${formatDay(appointment.appointmentDate, ctx.timeZone)}`;
    }
    case 'consultation': {
      const consultation = records.consultations.find((c) => c.id === recordId)!;
      return `Consultation with ${doctorLabel(consultation.doctorName)} of ${formatDay(consultation.appointmentDate, ctx.timeZone)}`;
    }
  }
}

/** What a recommendation cites: the result it is about, in its report, or else the record it comes from. */
export function citationOf(finding: Finding, records: SummaryRecords, ctx: SummaryContext): string {
  const name = recordName(finding, records, ctx);
  return finding.result ? `${finding.result} in ${name}` : name;
}
