import type { Router } from '@koa/router';
import { defineRoute } from './define';
import { calendarFeedResponse, calendarFile } from '../presenters/response-schemas';
import { patientOnly, publicAccess } from '../policies/route-policy';
import { asPatient } from '../policies/actor';
import { appointmentsOf, findOwnAppointment } from '../policies/appointment';
import { consultationsOf, consultationFor } from '../policies/consultation';
import { appointmentEntry, consultationEntry, presentCalendarFeed } from '../presenters/calendar';
import { icsCalendar } from '../services/calendar/ics';
import { feedByToken, feedOf, issueFeedToken, revokeFeed } from '../services/calendar/feed';
import { auditedWrite, recordAudit } from '../services/audit';
import { appOrigin } from '../lib/app-origin';
import { calendarFeedSchema, calendarFileQuerySchema } from '../../common/schemas/calendar';
import { APPOINTMENT_ACTIONS } from '../../common/appointment-status';
import { CONSULTATION_ACTIONS, canJoinConsultation } from '../../common/consultation-status';
import { assertDoctorStillPractising, doctorInGoodStanding } from '../services/doctor-standing';
import { NotFound } from '../errors';
import type { AppContext } from '../context';

/** How far back the feed reaches: recent past events stay visible, older ones drop out. */
const FEED_HISTORY_DAYS = 90;

function sendCalendar(ctx: AppContext, filename: string, text: string): string {
  ctx.type = 'text/calendar; charset=utf-8';
  if (filename) ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
  return text;
}

/** 'Add to calendar' files for one appointment or consultation, and the patient's private, revocable feed. */
export function registerCalendarRoutes(router: Router): void {
  defineRoute(router, {
    method: 'get',
    path: '/appointments/:id/calendar.ics',
    summary: 'One appointment as a calendar file',
    policy: patientOnly,
    query: calendarFileQuerySchema,
    response: calendarFile,
    handler: async (ctx, { params, query }) => {
      const patient = asPatient(ctx.state.actor);
      const appointment = await findOwnAppointment(patient, params.id!);
      await recordAudit(ctx, { action: 'appointment.calendar', outcome: 'success', resourceType: 'appointment', resourceId: appointment.id, patientId: patient.userId });
      return sendCalendar(ctx, 'appointment.ics', icsCalendar('MediVault appointment', query.timeZone, [appointmentEntry(appointment, appOrigin(ctx), 'file')]));
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/consultations/:id/calendar.ics',
    summary: 'One consultation as a calendar file, with its call link',
    policy: patientOnly,
    query: calendarFileQuerySchema,
    response: calendarFile,
    refusals: { 409: 'The clinic has withdrawn the doctor of this open consultation: it will not take place' },
    handler: async (ctx, { params, query }) => {
      const patient = asPatient(ctx.state.actor);
      const consultation = await consultationFor(patient, params.id!);
      if (canJoinConsultation(consultation.status)) assertDoctorStillPractising(consultation.doctor!, 'there is nothing to add to your calendar');
      await recordAudit(ctx, { action: 'consultation.calendar', outcome: 'success', resourceType: 'consultation', resourceId: consultation.id, patientId: patient.userId });
      return sendCalendar(ctx, 'consultation.ics', icsCalendar('MediVault consultation', query.timeZone, [consultationEntry(consultation, appOrigin(ctx), 'file')]));
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/calendar/feed',
    summary: 'Whether the calendar feed is on (its address is never shown again)',
    policy: patientOnly,
    response: calendarFeedResponse,
    handler: async (ctx) => presentCalendarFeed(await feedOf(asPatient(ctx.state.actor).userId)),
  });

  defineRoute(router, {
    method: 'post',
    path: '/calendar/feed',
    summary: 'Turn the calendar feed on, or give it a new address (the old one stops working)',
    policy: patientOnly,
    body: calendarFeedSchema,
    status: 201,
    response: calendarFeedResponse,
    answerHoldsSecrets: true,
    handler: async (ctx, { body }) => {
      const patient = asPatient(ctx.state.actor);
      const { token, feed } = await auditedWrite(
        ctx,
        (trx) => issueFeedToken(patient.userId, body.timeZone, trx),
        (issued) => ({ action: 'calendar_feed.enable', outcome: 'success', resourceType: 'calendar_feed', resourceId: issued.feed.id, patientId: patient.userId }),
      );
      return presentCalendarFeed(feed, `${appOrigin(ctx)}/api/calendar/feed/${token}.ics`);
    },
  });

  defineRoute(router, {
    method: 'delete',
    path: '/calendar/feed',
    summary: 'Turn the calendar feed off: its address answers 404 from now on',
    policy: patientOnly,
    status: 204,
    handler: async (ctx) => {
      const patient = asPatient(ctx.state.actor);
      await auditedWrite(
        ctx,
        (trx) => revokeFeed(patient.userId, trx),
        () => ({ action: 'calendar_feed.disable', outcome: 'success', resourceType: 'calendar_feed', patientId: patient.userId }),
      );
      return undefined;
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/calendar/feed/:token.ics',
    summary: "A patient's private calendar feed, for calendar programs (no session: the secret address is the key)",
    policy: publicAccess,
    response: calendarFile,
    handler: async (ctx, { params }) => {
      const feed = await feedByToken(params.token!);
      if (!feed) throw new NotFound('This calendar feed does not exist or was turned off.');
      // The feed's owner, as the scoped queries take a patient (the token stands in for the session).
      const patient = { kind: 'patient' as const, userId: feed.userId, name: '' };
      const since = new Date(Date.now() - FEED_HISTORY_DAYS * 24 * 60 * 60_000);
      const [appointments, consultations] = await Promise.all([
        appointmentsOf(patient).whereNot('status', APPOINTMENT_ACTIONS.cancel.to).where('appointmentDate', '>=', since),
        consultationsOf(patient).whereNot('status', CONSULTATION_ACTIONS.cancel.to).where('appointmentDate', '>=', since).withGraphFetched('doctor'),
      ]);
      // An open consultation whose doctor the clinic withdrew will not take place: it leaves the calendar.
      const takingPlace = consultations.filter((c) => !canJoinConsultation(c.status) || doctorInGoodStanding(c.doctor!));
      const entries = [
        ...appointments.map((a) => appointmentEntry(a, appOrigin(ctx), 'feed')),
        ...takingPlace.map((c) => consultationEntry(c, appOrigin(ctx), 'feed')),
      ].sort((a, b) => a.start.getTime() - b.start.getTime());
      return sendCalendar(ctx, '', icsCalendar('MediVault', feed.timeZone, entries));
    },
  });
}
