import type { Router } from '@koa/router';
import { defineRoute } from './define';
import { medicationListResponse, medicationResponse } from '../presenters/response-schemas';
import { patientOnly } from '../policies/route-policy';
import { asPatient } from '../policies/actor';
import { findOwnMedication, medicationsOf } from '../policies/medication';
import { END_BEFORE_START_MESSAGE, medicationSchema, medicationUpdateSchema, type MedicationUpdateInput } from '../../common/schemas/medication';
import { presentMedication } from '../presenters/medication';
import { auditedWrite, noContent, recordAudit, recordEntries } from '../services/audit';
import { ValidationFailed } from '../errors';
import { Medication } from '../../db/models';
import { patchIfCurrent } from '../services/versioned-write';
import { accountTimeZone } from '../services/account-time-zone';
import { zonedDays } from '../services/calendar/zoned-time';
import { requirePremiumForSmartReminders, supplyColumns, withoutSmartFields } from '../services/reminders/supply-change';

const medicationEntry = recordEntries('medication');
const MEDICATION_DAYS = ['startDate', 'endDate'] as const;

/** The schema compares the dates only when both are sent; a one-sided change is checked against the stored other side. */
function assertEndNotBeforeStart(medication: Medication, change: MedicationUpdateInput): void {
  const start = change.startDate ?? medication.startDate;
  const end = change.endDate === undefined ? medication.endDate : change.endDate;
  if (end !== null && new Date(end).getTime() < new Date(start).getTime()) {
    throw new ValidationFailed(END_BEFORE_START_MESSAGE, { endDate: END_BEFORE_START_MESSAGE });
  }
}

/** The patient's own medications: GET answers { medications }, plus create, edit and delete. */
export function registerMedicationsRoutes(router: Router): void {
  defineRoute(router, {
    method: 'get',
    path: '/medications',
    summary: "The patient's medications",
    policy: patientOnly,
    response: medicationListResponse,
    handler: async (ctx) => {
      const patient = asPatient(ctx.state.actor);
      const [medications, timeZone] = await Promise.all([
        medicationsOf(patient).orderBy([
          { column: 'isActive', order: 'desc' },
          { column: 'startDate', order: 'desc' },
        ]),
        accountTimeZone(patient.userId),
      ]);
      await recordAudit(ctx, medicationEntry('medication.list', patient.userId));
      return { medications: medications.map((m) => presentMedication(m, timeZone)) };
    },
  });

  defineRoute(router, {
    method: 'post',
    path: '/medications',
    summary: 'Add a medication',
    policy: patientOnly,
    body: medicationSchema,
    status: 201,
    response: medicationResponse,
    premiumRequired: 'a refill or follow-up reminder is set on the free plan',
    handler: async (ctx, { body: sent }) => {
      const patient = asPatient(ctx.state.actor);
      await requirePremiumForSmartReminders(patient.userId, sent);
      const timeZone = await accountTimeZone(patient.userId);
      const body = zonedDays(sent, MEDICATION_DAYS, timeZone);
      const present = (m: Medication) => presentMedication(m, timeZone);
      const row = { ...withoutSmartFields(body), ...supplyColumns(body, undefined, timeZone, new Date()), userId: patient.userId };
      const medication = await auditedWrite(
        ctx,
        (trx) => Medication.query(trx).insert(row).returning('*'),
        (added) => medicationEntry('medication.create', patient.userId, added.id),
        present,
      );
      await ctx.deps.reminders.scheduleMedication(medication.id);
      return present(medication);
    },
  });

  defineRoute(router, {
    method: 'patch',
    path: '/medications/:id',
    summary: 'Change a medication',
    policy: patientOnly,
    body: medicationUpdateSchema,
    response: medicationResponse,
    premiumRequired: 'a refill or follow-up reminder is set on the free plan',
    handler: async (ctx, { params, body: sent }) => {
      const patient = asPatient(ctx.state.actor);
      const medication = await findOwnMedication(patient, params.id!);
      const timeZone = await accountTimeZone(patient.userId);
      const body = zonedDays(sent, MEDICATION_DAYS, timeZone);
      assertEndNotBeforeStart(medication, body);
      await requirePremiumForSmartReminders(patient.userId, body);
      const present = (m: Medication) => presentMedication(m, timeZone);
      const change = { ...withoutSmartFields(body), ...supplyColumns(body, medication, timeZone, new Date()) };
      const updated = await auditedWrite(
        ctx,
        (trx) => patchIfCurrent(ctx, medication, change, present, trx),
        () => medicationEntry('medication.update', patient.userId, medication.id),
        present,
      );
      await ctx.deps.reminders.scheduleMedication(medication.id);
      return present(updated);
    },
  });

  defineRoute(router, {
    method: 'delete',
    path: '/medications/:id',
    summary: 'Delete a medication',
    policy: patientOnly,
    status: 204,
    handler: async (ctx, { params }) => {
      const patient = asPatient(ctx.state.actor);
      const medication = await findOwnMedication(patient, params.id!);
      await auditedWrite(ctx, (trx) => medication.$query(trx).delete(), () => medicationEntry('medication.delete', patient.userId, medication.id), noContent);
      return undefined;
    },
  });
}
