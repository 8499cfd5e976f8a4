import { strictObject } from './helpers';
import { timeZone } from './misc';

/** GET /api/{appointments|consultations}/{id}/calendar.ics query: the zone the event's times are written in. */
export const calendarFileQuerySchema = strictObject({ timeZone: timeZone() });

/** POST /api/calendar/feed body: the zone the feed's times are written in (the browser's when it was turned on). */
export const calendarFeedSchema = strictObject({ timeZone: timeZone() });
