import { format, parseISO } from 'date-fns';
import { REPORT_DATE_FORMAT } from '../../../common/constants';

/** Report cards: 'Mar 05, 2026'. */
export const formatReportDate = (iso: string) => format(new Date(iso), REPORT_DATE_FORMAT);
/** Report detail: 'Thursday, March 5, 2026'. */
export const formatLongDate = (iso: string) => format(new Date(iso), 'EEEE, MMMM d, yyyy');
/** Medication periods: 'Mar 5, 2026'. */
export const formatShortDate = (iso: string) => format(new Date(iso), 'MMM d, yyyy');
/** Support requests, break-glass accesses: 'Mar 5, 2026, 2:30 PM' in the reader's locale. */
export const formatDateTime = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
/** A calendar day as records carry it ('2026-03-05' or a full instant), read as that day wherever the reader is: 'Mar 5, 2026'. */
export const formatCalendarDay = (value: string) => format(parseISO(value.slice(0, 10)), 'MMM d, yyyy');
