import { randomInt } from 'node:crypto';
import type { Router } from '@koa/router';
import { defineRoute } from './define';
import { appointmentResponse, listOf } from '../presenters/response-schemas';
import { patientOnly } from '../policies/route-policy';
import { asPatient } from '../policies/actor';
import { appointmentsOf, assertCancellable, assertReschedulable, findOwnAppointment } from '../policies/appointment';
import { appointmentPayloadSchema, appointmentRescheduleSchema, combineDateTime, reminderSchema } from '../../common/schemas/appointment';
import { DATE_PATTERN, isNotInPast } from '../../common/schemas/helpers';
import { APPOINTMENT_ACTIONS, appointmentMachine } from '../../common/appointment-status';
import { ValidationFailed } from '../errors';
import { presentAppointment } from '../presenters/appointment';
import { auditedWrite, noContent, recordAudit, recordEntries } from '../services/audit';
import { Appointment } from '../../db/models';
import { patchIfCurrent } from '../services/versioned-write';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O or 1/I look-alikes

/** 'MV-8K2P4Q': short enough to read over the phone; unique in the table. */
function confirmationCode(): string {
  let code = '';
  for (let i = 0; i < 6; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `MV-${code}`;
}

/**
 * The stored instant. Clients send a full ISO timestamp; a bare 'YYYY-MM-DD' date with the optional
 * appointmentTime 'HH:MM' is combined here, and must then not lie in the past either.
 */
function appointmentInstant(date: string, time: string | undefined): string {
  if (!time || !DATE_PATTERN.test(date)) return date;
  const instant = combineDateTime(date, time).toISOString();
  if (!isNotInPast(instant)) {
    const message = 'Appointment time cannot be in the past';
    throw new ValidationFailed(message, { appointmentTime: message });
  }
  return instant;
}

const appointmentEntry = recordEntries('appointment');

/** The patient's own appointments: list, book, reschedule, reminder toggle, and cancel (kept as 'cancelled'). */
export function registerAppointmentsRoutes(router: Router): void {
  defineRoute(router, {
    method: 'get',
    path: '/appointments',
    summary: "The patient's appointments",
    policy: patientOnly,
    response: listOf(appointmentResponse),
    handler: async (ctx) => {
      const patient = asPatient(ctx.state.actor);
      const appointments = await appointmentsOf(patient).orderBy('appointmentDate', 'asc');
      await recordAudit(ctx, appointmentEntry('appointment.list', patient.userId));
      return appointments.map(presentAppointment);
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/appointments',
    summary: 'Book an appointment',
    policy: patientOnly,
    body: appointmentPayloadSchema,
    status: 201,
    response: appointmentResponse,
    handler: async (ctx, { body }) => {
      const patient = asPatient(ctx.state.actor);
      const { appointmentTime, ...fields } = body;
      const appointment = await auditedWrite(
        ctx,
        (trx) =>
          Appointment.query(trx).insertAndFetch({
            ...fields,
            appointmentDate: appointmentInstant(body.appointmentDate, appointmentTime),
            userId: patient.userId,
            status: appointmentMachine.initial,
            confirmationCode: confirmationCode(),
          }),
        (added) => appointmentEntry('appointment.create', patient.userId, added.id),
        presentAppointment,
      );
      await ctx.deps.reminders.schedule('appointment', appointment.id);
      return presentAppointment(appointment);
    },
  });

  defineRoute(router, {
    method: 'patch',
    path: '/appointments/:id',
    summary: 'Reschedule an appointment',
    policy: patientOnly,
    body: appointmentRescheduleSchema,
    response: appointmentResponse,
    handler: async (ctx, { params, body }) => {
      const patient = asPatient(ctx.state.actor);
      const appointment = await findOwnAppointment(patient, params.id!);
      assertReschedulable(appointment);
      // A new time has not been confirmed by the practice yet.
      const moved = await auditedWrite(
        ctx,
        (trx) => patchIfCurrent(ctx, appointment, { appointmentDate: body.appointmentDate, status: APPOINTMENT_ACTIONS.reschedule.to }, presentAppointment, trx),
        () => appointmentEntry('appointment.reschedule', patient.userId, appointment.id),
        presentAppointment,
      );
      await ctx.deps.reminders.schedule('appointment', appointment.id);
      return presentAppointment(moved);
    },
  });

  defineRoute(router, {
    method: 'patch',
    path: '/appointments/:id/reminder',
    summary: "Turn an appointment's reminder on or off",
    policy: patientOnly,
    body: reminderSchema,
    response: appointmentResponse,
    handler: async (ctx, { params, body }) => {
      const patient = asPatient(ctx.state.actor);
      const appointment = await findOwnAppointment(patient, params.id!);
      const updated = await auditedWrite(
        ctx,
        (trx) => appointment.$query(trx).patchAndFetch({ reminderSent: body.reminderEnabled }),
        () => appointmentEntry('appointment.reminder', patient.userId, appointment.id),
        presentAppointment,
      );
      await ctx.deps.reminders.schedule('appointment', appointment.id);
      return presentAppointment(updated);
    },
  });

  defineRoute(router, {
    method: 'delete',
    path: '/appointments/:id',
    summary: 'Cancel an appointment (kept as cancelled)',
    policy: patientOnly,
    status: 204,
    handler: async (ctx, { params }) => {
      const patient = asPatient(ctx.state.actor);
      const appointment = await findOwnAppointment(patient, params.id!);
      // Cancelling a cancelled appointment again changes nothing (DELETE is idempotent).
      const cancelling = appointment.status !== APPOINTMENT_ACTIONS.cancel.to;
      if (cancelling) assertCancellable(appointment);
      await auditedWrite(
        ctx,
        async (trx) => {
          if (cancelling) await appointment.$query(trx).patch({ status: APPOINTMENT_ACTIONS.cancel.to });
        },
        () => appointmentEntry('appointment.cancel', patient.userId, appointment.id),
        noContent,
      );
      return undefined;
    },
  });
}
