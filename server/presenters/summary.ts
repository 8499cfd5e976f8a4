import type { Consultation } from '../../db/models';
import type { CitedRecommendation, DashboardSummary } from '../../common/api-types';
import { isUpcomingAppointment, medicationState } from '../../common/records';
import type { ConsultationFacts, SummaryRecords } from '../services/summary/types';
import { iso } from '../lib/dates';

/** What the summary engine needs of a consultation (load the doctor's name with it). */
export function presentConsultationFacts(c: Consultation): ConsultationFacts {
  return {
    id: c.id,
    doctorName: c.doctor?.name ?? 'Unknown',
    appointmentDate: iso(c.appointmentDate)!,
    status: c.status,
    consultationType: c.consultationType,
    followUpDate: iso(c.followUpDate),
  };
}

/** GET /api/dashboard-summary: counts by the same rules the screens use, plus the engine's recommendations. */
export function presentDashboardSummary(records: SummaryRecords, recommendations: CitedRecommendation[], now: number): DashboardSummary {
  return {
    totalReports: records.reports.length,
    urgentReports: records.reports.filter((r) => r.status === 'urgent').length,
    activeMedications: records.medications.filter((m) => medicationState(m, now) === 'active').length,
    upcomingAppointments: records.appointments.filter((a) => isUpcomingAppointment(a, now)).length,
    recommendations: recommendations.map((r) => r.text),
    citedRecommendations: recommendations,
  };
}
