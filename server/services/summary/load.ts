import type { PatientActor } from '../../policies/actor';
import { reportsOf } from '../../policies/medical-report';
import { medicationsOf } from '../../policies/medication';
import { appointmentsOf } from '../../policies/appointment';
import { consultationsOf } from '../../policies/consultation';
import { presentReport } from '../../presenters/report';
import { presentMedication } from '../../presenters/medication';
import { accountTimeZone } from '../account-time-zone';
import { presentAppointment } from '../../presenters/appointment';
import { presentConsultationFacts } from '../../presenters/summary';
import type { SummaryRecords } from './types';

/** Everything the summary engine reads, through the patient's own scoped queries. */
export async function loadSummaryRecords(patient: PatientActor): Promise<SummaryRecords> {
  const [reports, medications, appointments, consultations, timeZone] = await Promise.all([
    reportsOf(patient),
    medicationsOf(patient),
    appointmentsOf(patient),
    consultationsOf(patient).withGraphFetched('doctor(nameOnly)').modifiers({ nameOnly: (q) => q.select('id', 'name') }),
    accountTimeZone(patient.userId),
  ]);
  return {
    reports: reports.map(presentReport),
    medications: medications.map((m) => presentMedication(m, timeZone)),
    appointments: appointments.map(presentAppointment),
    consultations: consultations.map(presentConsultationFacts),
  };
}
