import type { Appointment, MedicalReport, Medication, SummaryStatement } from '../../../common/api-types';
import type { ConsultationStatus, ConsultationType } from '../../../common/constants';

/** What a consultation contributes to a summary. */
export interface ConsultationFacts {
  id: string;
  doctorName: string;
  appointmentDate: string;
  status: ConsultationStatus;
  consultationType: ConsultationType;
  followUpDate: string | null;
}

/** One patient's records, as the API presents them: the engine's only input besides the clock. */
export interface SummaryRecords {
  reports: MedicalReport[];
  medications: Medication[];
  appointments: Appointment[];
  consultations: ConsultationFacts[];
}

export interface SummaryContext {
  now: number;
  /** IANA zone the dates are written in. */
  timeZone: string;
  /** Premium's advanced analysis: trends of each result across reports (the free plan's summaries are without them). */
  premium: boolean;
}

export type Priority = 'high' | 'medium' | 'low';

/** A statement plus what the engine needs to pick recommendations from it. */
export interface Finding extends SummaryStatement {
  priority: Priority;
  /** An actionable sentence for the dashboard's recommendations; absent for plain facts. */
  advice?: string;
  /** The result the finding is about, with its value ('LDL 162 mg/dL'), for the recommendation's citation. */
  result?: string;
}

/** One analysis: a heading, lines that count (no single record behind them), and linked findings. */
export interface Section {
  title: string;
  overview: string;
  findings: Finding[];
}
