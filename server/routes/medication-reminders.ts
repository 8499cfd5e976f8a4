import type { Router } from '@koa/router';
import { defineRoute } from './define';
import { listOf, medicationDoseResponse, publicUserTimeZoneResponse } from '../presenters/response-schemas';
import { doctorOnly, patientOnly } from '../policies/route-policy';
import { asDoctor, asPatient } from '../policies/actor';
import { findOwnDose } from '../policies/medication-dose';
import { dosesFor, readerOf } from '../policies/patient-data';
import { consultationFor } from '../policies/consultation';
import { adherenceQuerySchema, doseMarkSchema, timeZoneSchema } from '../../common/schemas/reminders';
import { presentMedicationDose } from '../presenters/medication-dose';
import { auditedWrite, recordAudit } from '../services/audit';
import { ValidationFailed } from '../errors';
import { Medication, User } from '../../db/models';

const TAKEN_IN_FUTURE = 'Taken time cannot be in the future';

/** Adherence: the patient's doses and their answers, the doctor's read of them, and the zone reminder times are read in. */
export function registerMedicationRemindersRoutes(router: Router): void {
  defineRoute(router, {
    method: 'get',
    path: '/medication-reminders',
    summary: "The patient's doses of the last days (default 30), oldest first",
    policy: patientOnly,
    query: adherenceQuerySchema,
    response: listOf(medicationDoseResponse),
    handler: async (ctx, { query }) => {
      const patient = asPatient(ctx.state.actor);
      const doses = await dosesFor(readerOf(ctx), query.days);
      await recordAudit(ctx, { action: 'medication_reminder.list', outcome: 'success', resourceType: 'medication_reminder', patientId: patient.userId });
      return doses.map(presentMedicationDose);
    },
  });

  defineRoute(router, {
    method: 'patch',
    path: '/medication-reminders/:id',
    summary: 'Mark a dose taken or skipped',
    policy: patientOnly,
    body: doseMarkSchema,
    response: medicationDoseResponse,
    handler: async (ctx, { params, body }) => {
      const patient = asPatient(ctx.state.actor);
      const dose = await findOwnDose(patient, params.id!);
      const takenTime = body.takenTime ? new Date(body.takenTime) : new Date();
      if (takenTime.getTime() > Date.now() + 60_000) throw new ValidationFailed(TAKEN_IN_FUTURE, { takenTime: TAKEN_IN_FUTURE });
      const change = body.status === 'taken' ? { takenTime, isSkipped: false } : { takenTime: null, isSkipped: true };
      const updated = await auditedWrite(
        ctx,
        (trx) => dose.$query(trx).patchAndFetch({ ...change, ...(body.notes !== undefined ? { notes: body.notes } : {}) }),
        () => ({ action: `medication_reminder.${body.status}`, outcome: 'success', resourceType: 'medication_reminder', resourceId: dose.id, patientId: patient.userId }),
      );
      updated.medication = dose.medication;
      return presentMedicationDose(updated);
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/doctor/consultation/:id/medication-log',
    summary: "The consultation patient's doses of the last days (default 30): the doctor's own consultations only",
    policy: doctorOnly,
    query: adherenceQuerySchema,
    response: listOf(medicationDoseResponse),
    handler: async (ctx, { params, query }) => {
      const consultation = await consultationFor(asDoctor(ctx.state.actor), params.id!);
      const doses = await dosesFor(readerOf(ctx), query.days, consultation.patientId);
      await recordAudit(ctx, {
        action: 'doctor.view_medication_log',
        outcome: 'success',
        resourceType: 'consultation',
        resourceId: consultation.id,
        patientId: consultation.patientId,
      });
      return doses.map(presentMedicationDose);
    },
  });

  defineRoute(router, {
    method: 'put',
    path: '/auth/time-zone',
    summary: "Set the zone the patient's medication reminder times are read in (the browser's)",
    policy: patientOnly,
    body: timeZoneSchema,
    response: publicUserTimeZoneResponse,
    handler: async (ctx, { body }) => {
      const patient = asPatient(ctx.state.actor);
      await User.query().findById(patient.userId).patch({ timeZone: body.timeZone });
      const medications = await Medication.query().where({ userId: patient.userId, isActive: true }).select('id');
      for (const { id } of medications) await ctx.deps.reminders.scheduleMedication(id);
      return { timeZone: body.timeZone };
    },
  });
}
