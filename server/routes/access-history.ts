import type { Router } from '@koa/router';
import { defineRoute } from './define';
import { accessHistoryResponse } from '../presenters/response-schemas';
import { patientOnly } from '../policies/route-policy';
import { asPatient } from '../policies/actor';
import { recordAudit } from '../services/audit';
import { accessByOthersOf, accessHistoryOf } from '../policies/access-history';
import { accessHistoryQuerySchema } from '../../common/schemas/access-history';
import { BREAK_GLASS_ACTION, namesGuest, presentAccessHistoryEntry } from '../presenters/access-history';
import { BreakGlassGrant, Consultation, ConsultationGuest, type AuditEvent } from '../../db/models';
import type { PatientActor } from '../policies/actor';
import type { AccessHistoryPage } from '../../common/api-types';

/** The reasons doctors gave for the break-glass rows on this page (only grants for this patient). */
async function breakGlassReasons(patient: PatientActor, rows: AuditEvent[]): Promise<Map<string, string>> {
  const ids = rows.filter((row) => row.action === BREAK_GLASS_ACTION && row.resourceId).map((row) => row.resourceId!);
  if (!ids.length) return new Map();
  const grants = await BreakGlassGrant.query().whereIn('id', ids).where('patientId', patient.userId).select('id', 'reason');
  return new Map(grants.map((grant) => [grant.id, grant.reason]));
}

/** The names the guests on this page gave (only guests of this patient's consultations). */
async function guestNames(patient: PatientActor, rows: AuditEvent[]): Promise<Map<string, string>> {
  const ids = rows.filter((row) => namesGuest(row) && row.resourceId).map((row) => row.resourceId!);
  if (!ids.length) return new Map();
  const guests = await ConsultationGuest.query()
    .whereIn('id', ids)
    .whereNotNull('name')
    .whereIn('consultationId', Consultation.query().where('patientId', patient.userId).select('id'))
    .select('id', 'name');
  return new Map(guests.map((guest) => [guest.id, guest.name!]));
}

/** The signed-in patient's Access history: who read or changed their records and account, newest first. */
export function registerAccessHistoryRoutes(router: Router): void {
  defineRoute(router, {
    method: 'get',
    path: '/access-history',
    summary: "The patient's access history, newest first, a page at a time",
    policy: patientOnly,
    query: accessHistoryQuerySchema,
    response: accessHistoryResponse,
    handler: async (ctx, { query }): Promise<AccessHistoryPage> => {
      const patient = asPatient(ctx.state.actor);
      const scope = query.by === 'others' ? accessByOthersOf : accessHistoryOf;
      const page = scope(patient)
        .orderBy([
          { column: 'audit_events.createdAt', order: 'desc' },
          { column: 'audit_events.id', order: 'desc' },
        ])
        .limit(query.limit + 1);
      if (query.before) {
        // Keyset paging: rows strictly after the cursor row in the same order, so new rows never shift a page.
        const cursor = scope(patient).where('audit_events.id', query.before).select('createdAt', 'id');
        page.whereRaw('(audit_events.created_at, audit_events.id) < (?)', [cursor]);
      }
      const rows = await page;
      // After the read, so the page shows the history as it was and this view appears from the next one on.
      await recordAudit(ctx, { action: 'access_history.read', outcome: 'success', patientId: patient.userId });
      const entries = rows.slice(0, query.limit);
      const [reasons, guests] = await Promise.all([breakGlassReasons(patient, entries), guestNames(patient, entries)]);
      return {
        entries: entries.map((row) => presentAccessHistoryEntry(row, patient, { reasons, guests })),
        nextCursor: rows.length > query.limit ? entries[entries.length - 1]!.id : null,
      };
    },
  });
}
