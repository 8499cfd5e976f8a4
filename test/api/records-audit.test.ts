import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '../support/app';
import { recordAudit } from '../../server/services/audit';
import type { AppContext } from '../../server/context';
import { AuditEvent } from '../../db/models';
import { patientParty } from './consultations-fixtures';
import { insertReport } from './records-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** What recordAudit reads of a request. */
function requestContext(requestId: string): AppContext {
  return { state: { actor: { kind: 'anonymous' }, requestId }, ip: '127.0.0.1' } as unknown as AppContext;
}

describe('audit rows under load (group commit)', () => {
  it('stores one row per read when many reads arrive at once', async () => {
    const party = await patientParty(server.url);
    const reports = await Promise.all(Array.from({ length: 40 }, (_, i) => insertReport(party.account.record.id, { title: `CBC ${i}` })));
    const answers = await Promise.all(reports.map((r) => party.client.get(`/api/medical-reports/${r.id}`)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const rows = await AuditEvent.query().where({ patientId: party.account.record.id, action: 'report.read' });
    expect(rows.map((r) => r.resourceId).sort()).toEqual(reports.map((r) => r.id).sort());
  });

  it('keeps the order rows were recorded in, even within one batch', async () => {
    const tag = randomUUID();
    await Promise.all(Array.from({ length: 25 }, (_, i) => recordAudit(requestContext(tag), { action: `order.${String(i).padStart(2, '0')}`, outcome: 'success' })));
    const rows = await AuditEvent.query().where({ requestId: tag }).orderBy('createdAt');
    expect(rows.map((r) => r.action)).toEqual(Array.from({ length: 25 }, (_, i) => `order.${String(i).padStart(2, '0')}`));
  });

  it('fails only the row that cannot be stored', async () => {
    const tag = randomUUID();
    const results = await Promise.allSettled([
      recordAudit(requestContext(tag), { action: 'good.1', outcome: 'success' }),
      // An outcome the table's check constraint refuses.
      recordAudit(requestContext(tag), { action: 'bad', outcome: 'unheard-of' as 'success' }),
      recordAudit(requestContext(tag), { action: 'good.2', outcome: 'success' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await AuditEvent.query().where({ requestId: tag })).map((r) => r.action).sort()).toEqual(['good.1', 'good.2']);
  });
});
