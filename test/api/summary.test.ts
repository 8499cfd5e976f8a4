import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestServer, type TestServer } from '../support/app';
import { patientParty, type Party } from './consultations-fixtures';
import { daysFromNow, insertAppointment, insertMedication, insertReport } from './records-fixtures';
import { AuditEvent, User } from '../../db/models';

/** A patient with one of each thing the engine looks for. */
async function patientWithHistory(baseUrl: string): Promise<Party<User>> {
  const party = await patientParty(baseUrl);
  const id = party.account.record.id;
  await insertReport(id, { title: 'Brain MRI', type: 'mri', status: 'urgent', reportDate: daysFromNow(-3), summary: 'Small lesion.' });
  await insertReport(id, { title: 'Chest X-Ray', type: 'x_ray', reportDate: daysFromNow(-20), results: { findings: 'Clear' } });
  await insertReport(id, {
    title: 'Lipid Panel',
    reportDate: daysFromNow(-8),
    results: { ldl: { value: 162, unit: 'mg/dL', referenceRange: '0-100' } },
  });
  await insertMedication(id, { name: 'Lisinopril', dosage: '10mg' });
  await insertMedication(id, { name: 'Ibuprofen', dosage: '400mg', frequency: 'as_needed', startDate: daysFromNow(-20), endDate: daysFromNow(-2) });
  await insertMedication(id, { name: 'Amoxicillin', isActive: false });
  await insertAppointment(id, { appointmentDate: daysFromNow(2), status: 'confirmed' });
  await insertAppointment(id, { appointmentDate: daysFromNow(4), status: 'cancelled' });
  await insertAppointment(id, { appointmentDate: daysFromNow(-30), status: 'completed' });
  return party;
}

describe('summaries from the patient’s own data', () => {
  let server: TestServer;
  let patient: Party<User>;
  let other: Party<User>;

  beforeAll(async () => {
    server = await startTestServer();
    [patient, other] = await Promise.all([patientWithHistory(server.url), patientParty(server.url)]);
    await insertReport(other.account.record.id, { title: 'Someone else’s scan', status: 'urgent' });
  });
  afterAll(() => server.close());

  it('counts the dashboard by the screens’ rules and recommends from the engine', async () => {
    const res = await patient.client.get('/api/dashboard-summary?timeZone=Europe/Paris');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      totalReports: 3,
      urgentReports: 1,
      activeMedications: 1,
      upcomingAppointments: 1,
      recommendations: expect.any(Array),
      citedRecommendations: expect.any(Array),
    });
    expect(res.body.citedRecommendations.map((r: { text: string }) => r.text)).toEqual(res.body.recommendations);
    expect(res.body.citedRecommendations[0]).toMatchObject({ recordType: 'report', cites: expect.stringMatching(/^Brain MRI from /) });
    expect(res.body.recommendations[0]).toBe('Discuss your Brain MRI report with your doctor soon: it is marked urgent.');
    expect(res.body.recommendations).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Ask your doctor whether to stop or renew Ibuprofen/), expect.stringMatching(/^Ask your doctor about your ldl of 162 mg\/dL/)]),
    );
    expect(res.body.recommendations.join(' ')).not.toMatch(/Someone else/);
  });

  it('answers zeros and no recommendations for a new patient', async () => {
    const fresh = await patientParty(server.url);
    const res = await fresh.client.get('/api/dashboard-summary');
    expect(res.body).toEqual({ totalReports: 0, urgentReports: 0, activeMedications: 0, upcomingAppointments: 0, recommendations: [], citedRecommendations: [] });
  });

  it('dates the dashboard in the zone the account keeps when none is asked for (the app asks for none), else in the zone asked for', async () => {
    const traveller = await patientParty(server.url);
    const id = traveller.account.record.id;
    // Late on 10 March in London is already 11 March in Tokyo.
    await insertAppointment(id, { appointmentDate: '2026-03-10T23:30:00.000Z', status: 'scheduled' });
    await User.query().findById(id).patch({ timeZone: 'Asia/Tokyo' });
    const kept = await traveller.client.get('/api/dashboard-summary');
    expect(kept.body.recommendations).toContain('Reschedule your Cardiology appointment of Mar 11, 2026 if it did not take place.');
    const asked = await traveller.client.get('/api/dashboard-summary?timeZone=UTC');
    expect(asked.body.recommendations).toContain('Reschedule your Cardiology appointment of Mar 10, 2026 if it did not take place.');
  });

  it("tells the browser the account zone's offsets, to compare with its own before reading its zone's name", async () => {
    const traveller = await patientParty(server.url);
    await User.query().findById(traveller.account.record.id).patch({ timeZone: 'Europe/Paris' });
    const me = (await traveller.client.get('/api/auth/me')).body;
    const year = new Date().getUTCFullYear();
    const offsets = me.timeZoneFingerprint.replace(`${year}:`, '').split(',').map(Number);
    expect(offsets).toHaveLength(24);
    // Winter time in January, summer time in July.
    expect([offsets[0], offsets[12]]).toEqual([60, 120]);
  });

  it('writes the overview with every statement linked to one of the patient’s records', async () => {
    const res = await patient.client.post('/api/medical-summary', {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      type: 'overview',
      generatedAt: expect.any(String),
      statements: expect.any(Array),
      summary: expect.any(String),
      disclaimer: expect.stringMatching(/not a substitute for professional medical advice/),
    });
    const own = new Set<string>();
    for (const path of ['/api/medical-reports', '/api/appointments']) for (const r of (await patient.client.get(path)).body) own.add(r.id);
    for (const m of (await patient.client.get('/api/medications')).body.medications) own.add(m.id);
    expect(res.body.statements.length).toBeGreaterThan(4);
    for (const statement of res.body.statements) {
      expect(own.has(statement.recordId)).toBe(true);
      expect(res.body.summary).toContain(`- ${statement.text}`);
    }
    expect(res.body.summary).toMatch(/^Report Analysis\n3 reports: 1 urgent, 2 normal\./);
    expect(res.body.summary).toContain('\n\nMedication Review\n');
    expect(res.body.summary).toContain('\n\nHealth Insights\n');
    expect(res.body.summary).not.toContain('Someone else');
  });

  it('writes only the chosen analysis', async () => {
    const res = await patient.client.post('/api/medical-summary', { type: 'medication_review', timeZone: 'America/New_York' });
    expect(res.status).toBe(200);
    expect(res.body.type).toBe('medication_review');
    expect(res.body.summary.split('\n')[0]).toBe('Medication Review');
    expect(res.body.statements.map((s: { recordType: string }) => s.recordType)).toEqual(res.body.statements.map(() => 'medication'));
    expect(res.body.statements[0].text).toMatch(/^Ibuprofen 400mg is still marked active, but its end date \(.+\) has passed\.$/);
  });

  it('refuses an unknown type, time zone or field', async () => {
    const res = await patient.client.post('/api/medical-summary', { type: 'horoscope', timeZone: 'Mars/Olympus', extra: 1 });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      type: 'Summary type must be one of overview, report_analysis, medication_review, health_insights',
      timeZone: 'Time zone must be an IANA name such as Europe/Paris',
      extra: 'Unknown field: extra',
    });
    expect((await patient.client.get('/api/dashboard-summary?timeZone=Nowhere')).status).toBe(400);
  });

  it('analyses trends across reports for Premium only (spec: advanced AI analysis), and says so to the free plan', async () => {
    const party = await patientParty(server.url);
    const id = party.account.record.id;
    await insertReport(id, { title: 'Lipid Panel', reportDate: daysFromNow(-60), results: { ldl: { value: 150, unit: 'mg/dL', referenceRange: '0-100' } } });
    await insertReport(id, { title: 'Lipid Panel', reportDate: daysFromNow(-5), results: { ldl: { value: 171, unit: 'mg/dL', referenceRange: '0-100' } } });
    const trend = /LDL rose from 150 to 171 mg\/dL across 2 Blood Work reports/;

    const free = (await party.client.post('/api/medical-summary', { type: 'health_insights', timeZone: 'UTC' })).body;
    expect(free.summary).not.toMatch(trend);
    expect(free.summary).toContain('Trends of your results across reports are analysed with Premium.');

    await User.query().findById(id).patch({ stripeSubscriptionId: `sub_test_${id.slice(0, 8)}` });
    const premium = (await party.client.post('/api/medical-summary', { type: 'health_insights', timeZone: 'UTC' })).body;
    expect(premium.summary).toMatch(trend);
    expect(premium.summary).not.toContain('Premium');
    const dashboard = (await party.client.get('/api/dashboard-summary?timeZone=UTC')).body;
    expect(dashboard.citedRecommendations).toEqual(
      expect.arrayContaining([expect.objectContaining({ text: expect.stringMatching(/^Ask your doctor about your ldl trend/), recordType: 'report', cites: expect.stringMatching(/^LDL 171 mg\/dL in Lipid Panel from /) })]),
    );
  });

  it('audits each summary against the patient', async () => {
    await patient.client.post('/api/medical-summary', { type: 'health_insights' });
    const actions = (await AuditEvent.query().where({ patientId: patient.account.record.id })).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['summary.dashboard', 'summary.overview', 'summary.health_insights']));
  });
});

/** A stand-in for an OpenAI-compatible endpoint: answers with whatever `reply` makes of the statements. */
async function startChatStub(reply: (statements: string[]) => unknown) {
  const seen: Array<{ path: string; authorization?: string; model?: string }> = [];
  const stub = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const request = JSON.parse(body);
      seen.push({ path: req.url!, authorization: req.headers.authorization, model: request.model });
      const { statements } = JSON.parse(request.messages[1].content);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ choices: [{ message: { content: JSON.stringify({ statements: reply(statements) }) } }] }));
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(stub.address() as AddressInfo).port}/v1`, seen, close: () => new Promise((r) => stub.close(r)) };
}

describe('optional rephrasing through an OpenAI-compatible endpoint', () => {
  it('uses a faithful rewording, one for one, keeping each statement’s link', async () => {
    const stub = await startChatStub((statements) => statements.map((s) => `In short: ${s}`));
    const server = await startTestServer({ AI_SUMMARY_URL: stub.url, AI_SUMMARY_KEY: 'test-key', AI_SUMMARY_MODEL: 'tiny' });
    try {
      const patient = await patientWithHistory(server.url);
      const plain = (await patient.client.post('/api/medical-summary', { type: 'report_analysis' })).body;
      expect(plain.statements.every((s: { text: string }) => s.text.startsWith('In short: '))).toBe(true);
      expect(stub.seen[0]).toEqual({ path: '/v1/chat/completions', authorization: 'Bearer test-key', model: 'tiny' });
      expect(plain.summary).toContain('- In short: ');
      expect(plain.summary.split('\n').slice(0, 2)).toEqual(['Report Analysis', '3 reports: 1 urgent, 2 normal.']);
    } finally {
      await server.close();
      await stub.close();
    }
  });

  it('falls back to the deterministic wording when the endpoint adds a statement', async () => {
    const stub = await startChatStub((statements) => [...statements, 'You should also start aspirin.']);
    const server = await startTestServer({ AI_SUMMARY_URL: stub.url });
    try {
      const patient = await patientWithHistory(server.url);
      const res = await patient.client.post('/api/medical-summary', { type: 'report_analysis' });
      expect(res.status).toBe(200);
      expect(stub.seen).toHaveLength(1);
      expect(res.body.summary).not.toContain('aspirin');
      expect(res.body.statements[0].text).toMatch(/^Brain MRI from .+ is marked urgent: Small lesion\.$/);
    } finally {
      await server.close();
      await stub.close();
    }
  });

  it('falls back when the endpoint cannot be reached', async () => {
    const server = await startTestServer({ AI_SUMMARY_URL: 'http://127.0.0.1:9/v1' });
    try {
      const patient = await patientWithHistory(server.url);
      const res = await patient.client.post('/api/medical-summary', { type: 'medication_review' });
      expect(res.status).toBe(200);
      expect(res.body.statements[0].text).toMatch(/^Ibuprofen 400mg is still marked active/);
    } finally {
      await server.close();
    }
  });
});
