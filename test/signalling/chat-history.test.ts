import { randomUUID } from 'node:crypto';
import { CHAT_HISTORY_PAGE } from '../../common/constants';
import type { ChatMessage as ChatLine } from '../../common/socket-events';
import { AuditEvent, ChatMessage } from '../../db/models';
import { createCallParties, request, useSignallingServer, type CallParties } from './helpers';

const harness = useSignallingServer();

/**
 * `count` lines stored straight into the table, alternating sides, numbered from 1 (oldest). Every
 * third line shares its timestamp with the one before, as lines saved by two processes in the same
 * microsecond would: the order then falls back on the id, and paging must neither skip nor repeat them.
 */
async function storedLines(parties: CallParties, count: number): Promise<string[]> {
  const start = Date.now() - count * 1000;
  const rows = Array.from({ length: count }, (_, i) => {
    const sender = i % 2 === 0 ? 'patient' : 'doctor';
    return {
      id: randomUUID(),
      consultationId: parties.consultation.id,
      senderRole: sender,
      senderId: sender === 'patient' ? parties.patient.record.id : parties.doctor.record.id,
      text: `line ${i + 1}`,
      createdAt: new Date(start + (i - (i % 3 === 2 ? 1 : 0)) * 1000),
    };
  });
  await ChatMessage.query().insert(rows as never);
  // The order the server promises: by time, then by id.
  return rows
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
    .map((row) => row.text);
}

const texts = (lines: ChatLine[]) => lines.map((line) => line.text);

describe('chat history', () => {
  it(`joins with the latest ${CHAT_HISTORY_PAGE} lines and pages back through 120 lines, each exactly once`, async () => {
    const parties = await createCallParties(harness.server.url);
    const consultationId = parties.consultation.id;
    const all = await storedLines(parties, 120);
    const patient = await harness.socketFor(parties.patientHttp);

    const joined = await request(patient, 'consultation:join', { consultationId });
    expect(joined.ok && texts(joined.data.messages)).toEqual(all.slice(-CHAT_HISTORY_PAGE));
    expect(joined.ok && joined.data.hasMoreMessages).toBe(true);
    expect(joined.ok && joined.data.messages[0]).toMatchObject({ sender: expect.any(String), senderName: expect.any(String), consultationId });

    let seen: ChatLine[] = joined.ok ? joined.data.messages : [];
    let hasMore = true;
    const pages: number[] = [];
    while (hasMore) {
      const page = await request(patient, 'chat:history', { consultationId, before: seen[0]!.id });
      expect(page.ok).toBe(true);
      if (!page.ok) break;
      pages.push(page.data.messages.length);
      seen = [...page.data.messages, ...seen];
      hasMore = page.data.hasMore;
    }
    expect(pages).toEqual([50, 20]);
    expect(texts(seen)).toEqual(all);
    expect(new Set(seen.map((line) => line.id)).size).toBe(120);
  });

  it('pages by the limit asked for, the latest page without a cursor, and says when nothing older is left', async () => {
    const parties = await createCallParties(harness.server.url);
    const consultationId = parties.consultation.id;
    const all = await storedLines(parties, 12);
    const doctor = await harness.socketFor(parties.doctorHttp);

    const latest = await request(doctor, 'chat:history', { consultationId, limit: 5 });
    expect(latest).toEqual({ ok: true, data: { messages: expect.any(Array), hasMore: true } });
    expect(latest.ok && texts(latest.data.messages)).toEqual(all.slice(7));
    const before = latest.ok ? latest.data.messages[0].id : '';
    const older = await request(doctor, 'chat:history', { consultationId, before, limit: 7 });
    expect(older.ok && texts(older.data.messages)).toEqual(all.slice(0, 7));
    expect(older.ok && older.data.hasMore).toBe(false);
    const oldest = older.ok ? older.data.messages[0].id : '';
    expect(await request(doctor, 'chat:history', { consultationId, before: oldest })).toEqual({ ok: true, data: { messages: [], hasMore: false } });
  });

  it('is read by the consultation\'s two sides only, and a cursor from another consultation finds nothing', async () => {
    const parties = await createCallParties(harness.server.url);
    const consultationId = parties.consultation.id;
    await storedLines(parties, 3);
    const others = await createCallParties(harness.server.url);
    const otherLines = await storedLines(others, 3);
    expect(otherLines).toHaveLength(3);
    const stranger = await harness.socketFor(others.patientHttp);
    const refused = await request(stranger, 'chat:history', { consultationId });
    expect(refused).toEqual({ ok: false, error: { code: 'not_found', message: 'Consultation not found.', requestId: expect.any(String) } });
    expect(await AuditEvent.query().where({ requestId: !refused.ok && refused.error.requestId }).select('actorId', 'action', 'resourceId', 'patientId', 'outcome')).toEqual([
      { actorId: others.patient.record.id, action: 'denied chat:history', resourceId: consultationId, patientId: parties.patient.record.id, outcome: 'denied' },
    ]);

    const foreign = (await ChatMessage.query().where({ consultationId: others.consultation.id }).first())!;
    const patient = await harness.socketFor(parties.patientHttp);
    expect(await request(patient, 'chat:history', { consultationId, before: foreign.id })).toEqual({ ok: true, data: { messages: [], hasMore: false } });
  });

  it('refuses a page larger than the join\'s, and a malformed cursor', async () => {
    const parties = await createCallParties(harness.server.url);
    const consultationId = parties.consultation.id;
    const patient = await harness.socketFor(parties.patientHttp);
    expect(await request(patient, 'chat:history', { consultationId, limit: CHAT_HISTORY_PAGE + 1 })).toEqual({
      ok: false,
      error: { code: 'validation_failed', message: `Limit must be at most ${CHAT_HISTORY_PAGE}`, fields: { limit: `Limit must be at most ${CHAT_HISTORY_PAGE}` }, requestId: expect.any(String) },
    });
    for (const limit of [0, 2.5, 'many']) expect(await request(patient, 'chat:history', { consultationId, limit })).toMatchObject({ ok: false, error: { code: 'validation_failed', fields: { limit: expect.any(String) } } });
    for (const before of ['yesterday', 42]) expect(await request(patient, 'chat:history', { consultationId, before })).toMatchObject({ ok: false, error: { code: 'validation_failed', fields: { before: 'Before must be a message id' } } });
  });
});
