import type { SummaryStatement } from '../../../common/api-types';

/** The screen that shows the record a summary statement or recommendation is drawn from. */
export const RECORD_PAGES: Record<SummaryStatement['recordType'], (id: string) => string> = {
  report: (id) => `/reports/${id}`,
  medication: () => '/medications',
  appointment: () => '/appointments',
  consultation: () => '/telemedicine',
};
