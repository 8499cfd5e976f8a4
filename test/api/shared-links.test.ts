import { compactDecrypt, decodeProtectedHeader } from 'jose';
import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { patientParty, type Party } from './consultations-fixtures';
import { daysFromNow, insertAppointment, insertMedication, insertReport } from './records-fixtures';
import { encryptFile, newKey } from './shared-links-fixtures';
import { viewerLink, type ShlinkPayload } from '../../common/smart-health-link';
import { SHARED_LINK_PASSCODE_ATTEMPTS } from '../../common/constants';
import { SharedLink, SharedLinkFile, type User } from '../../db/models';
import { removeExpiredLinkFiles } from '../../server/services/shared-links/expiry';
import { testKnex } from '../support/db';

/**
 * Issue 37, SMART Health Links: the patient's browser encrypts the chosen records and shares them; here the
 * test plays that browser (the app's own code path: export with a selection, encrypt with a fresh key, create
 * the link), then opens the link exactly as the HL7 SMART Health Cards and Links IG (STU1) tells any
 * receiver to: decode the base64url payload after 'shlink:/', POST the manifest with the passcode, fetch the
 * file, decrypt the JWE with the payload's key using `jose`.
 */

let server: TestServer;
let alex: Party<User>;
let jordan: Party<User>;
let visitor: TestClient;
const chosen = { reportId: '', medicationId: '' };
const notChosen = { reportId: '', medicationId: '' };
let jordansReportId: string;

type Payload = ShlinkPayload;

beforeAll(async () => {
  server = await startTestServer();
  [alex, jordan] = await Promise.all([patientParty(server.url, { firstName: 'Alex', lastName: 'Rivera' }), patientParty(server.url)]);
  visitor = new TestClient(server.url);
  const alexId = alex.account.record.id;
  const [shared, kept, sharedMedication, keptMedication, jordans] = await Promise.all([
    insertReport(alexId, { title: 'Thyroid panel', results: { tsh: { value: 2.1, unit: 'mIU/L', referenceRange: '0.4-4.0' } } }),
    insertReport(alexId, { title: 'Private psychiatry note', results: null }),
    insertMedication(alexId, { name: 'Levothyroxine', dosage: '50mcg' }),
    insertMedication(alexId, { name: 'Sertraline', dosage: '50mg' }),
    insertReport(jordan.account.record.id, { title: 'Jordan only' }),
    insertAppointment(alexId, { appointmentDate: daysFromNow(3) }),
  ]);
  Object.assign(chosen, { reportId: shared.id, medicationId: sharedMedication.id });
  Object.assign(notChosen, { reportId: kept.id, medicationId: keptMedication.id });
  jordansReportId = jordans.id;
}, 60_000);
afterAll(() => server.close());

/** What the app's browser does: the chosen records' Bundle, encrypted with a fresh key, shared; the link built with the key. */
async function shareChosen(choices: Record<string, unknown> = {}): Promise<{ link: string; id: string; key: Uint8Array }> {
  const bundle = await alex.client.get(`/api/export/fhir?reportIds=${chosen.reportId}&medicationIds=${chosen.medicationId}`);
  expect(bundle.status).toBe(200);
  const key = newKey();
  const res = await alex.client.post('/api/shared-links', { label: 'For Dr. Chen', expiresInDays: 7, ...choices, file: { contentType: 'application/fhir+json', jwe: await encryptFile(bundle.body, key) } });
  expect(res.status).toBe(201);
  const { manifestUrl, viewerUrl, expiresAt, flag, label } = res.body;
  const link = viewerLink(viewerUrl, { url: manifestUrl, key: Buffer.from(key).toString('base64url'), exp: Math.floor(Date.parse(expiresAt) / 1000), flag: flag || undefined, label, v: 1 });
  return { link, id: res.body.id, key };
}

/** The IG's decoding, written here from its text (not the app's decoder): after 'shlink:/', base64url of minified JSON. */
function decodeAsTheIgSays(link: string): Payload {
  const [, fragment] = link.split('#');
  expect(fragment!.startsWith('shlink:/')).toBe(true);
  return JSON.parse(Buffer.from(fragment!.slice('shlink:/'.length), 'base64url').toString('utf8'));
}

/** A receiver on the same machine: the manifest URL names this server's origin. */
const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

const manifest = (payload: Payload, body: Record<string, unknown>) => visitor.post(pathOf(payload.url), { recipient: 'Dr. Chen, Northside Clinic', ...body });

async function decrypt(jwe: string, payload: Payload) {
  const { plaintext } = await compactDecrypt(jwe, Buffer.from(payload.key, 'base64url'));
  return JSON.parse(new TextDecoder().decode(plaintext));
}

describe('a shared link, opened as the IG describes', () => {
  let payload: Payload;
  let linkId: string;

  beforeAll(async () => {
    const shared = await shareChosen({ passcode: 'tulip-4242' });
    payload = decodeAsTheIgSays(shared.link);
    linkId = shared.id;
  });

  it('is a viewer address with a shlink:/ payload: manifest url of 256 bits, a 43-character key, expiry, flag P, label, v 1', () => {
    expect(payload).toEqual({ url: expect.any(String), key: expect.any(String), exp: expect.any(Number), flag: 'P', label: 'For Dr. Chen', v: 1 });
    expect(payload.url).toMatch(/^http:\/\/[^/]+\/api\/shl\/[A-Za-z0-9_-]{43}$/);
    expect(payload.url.length).toBeLessThanOrEqual(128);
    expect(payload.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(payload.exp! * 1000).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  });

  it('never stores the key: the server holds only the JWE, whose header is alg dir, enc A256GCM, cty application/fhir+json', async () => {
    const link = await SharedLink.query().findById(linkId);
    const files = await SharedLinkFile.query().where({ linkId });
    expect(JSON.stringify([link, files])).not.toContain(payload.key);
    expect(files).toHaveLength(1);
    expect(decodeProtectedHeader(files[0]!.jwe)).toEqual({ alg: 'dir', enc: 'A256GCM', cty: 'application/fhir+json' });
    expect(link!.passcodeHash).not.toContain('tulip');
  });

  it('answers the manifest request without the passcode, and with a wrong one, 401 with remainingAttempts; a missing one costs no attempt', async () => {
    const missing = await manifest(payload, {});
    expect(missing.status).toBe(401);
    expect(missing.body.remainingAttempts).toBe(SHARED_LINK_PASSCODE_ATTEMPTS);
    const wrong = await manifest(payload, { passcode: 'tulip-0000' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'passcode_refused', remainingAttempts: SHARED_LINK_PASSCODE_ATTEMPTS - 1, message: expect.stringContaining('4 more wrong passcodes') });
  });

  it('with the passcode, answers the manifest; the file at its location is the JWE, which decrypts to the chosen records and nothing else', async () => {
    const res = await manifest(payload, { passcode: 'tulip-4242' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.files).toEqual([{ contentType: 'application/fhir+json', location: expect.stringMatching(/\/api\/shl\/files\/[A-Za-z0-9_-]{43}$/), lastUpdated: expect.any(String), status: 'finalized', fhirVersion: '4.0.1' }]);
    const file = await visitor.get(pathOf(res.body.files[0].location));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^application\/jose/);
    const bundle = await decrypt(file.body, payload);
    const resources: { resourceType: string; id: string; [field: string]: unknown }[] = bundle.entry.map((e: { resource: unknown }) => e.resource);
    const types = resources.map((r) => r.resourceType);
    expect(types.filter((t) => t !== 'Observation').sort()).toEqual(['DiagnosticReport', 'MedicationStatement', 'Patient']);
    expect(resources.find((r) => r.resourceType === 'DiagnosticReport')!.id).toBe(chosen.reportId);
    expect(resources.find((r) => r.resourceType === 'MedicationStatement')!.id).toBe(chosen.medicationId);
    const text = JSON.stringify(bundle);
    for (const secret of [notChosen.reportId, notChosen.medicationId, 'Private psychiatry note', 'Sertraline', 'Jordan only']) expect(text).not.toContain(secret);
    expect(types).not.toContain('Appointment');
    // Short-lived and single use, as the IG asks of a location.
    expect((await visitor.get(pathOf(res.body.files[0].location))).status).toBe(404);
  });

  it('embeds the file when the receiver allows its length (embeddedLengthMax), and never beyond it', async () => {
    const inline = await manifest(payload, { passcode: 'tulip-4242', embeddedLengthMax: 10_000_000 });
    expect(inline.body.files[0]).toEqual(expect.objectContaining({ embedded: expect.any(String) }));
    expect(inline.body.files[0].location).toBeUndefined();
    expect((await decrypt(inline.body.files[0].embedded, payload)).resourceType).toBe('Bundle');
    const byAddress = await manifest(payload, { passcode: 'tulip-4242', embeddedLengthMax: 10 });
    expect(byAddress.body.files[0].embedded).toBeUndefined();
  });

  it("writes every opening and refused attempt in the patient's access history, naming the recipient as they gave it", async () => {
    const history = await alex.client.get('/api/access-history?by=others&limit=50');
    const ofLink = history.body.entries.filter((e: { action: string }) => e.action === 'shared_link.open' || e.action === 'shared_link.download');
    expect(ofLink).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ who: 'Dr. Chen, Northside Clinic (not verified)', what: 'Opened a link you shared', outcome: 'success' }),
        expect.objectContaining({ what: 'Tried to open a link you shared and was refused (a wrong passcode, or the link expired or was revoked)', outcome: 'denied' }),
        expect.objectContaining({ what: 'Downloaded the records of a link you shared', outcome: 'success' }),
      ]),
    );
    // Two refusals (no passcode, a wrong one) and three openings above.
    expect(ofLink.filter((e: { outcome: string }) => e.outcome === 'denied')).toHaveLength(2);
    const links = await alex.client.get('/api/shared-links');
    expect(links.body.links.find((l: { id: string }) => l.id === linkId)).toMatchObject({ state: 'active', openCount: 3, lastRecipient: 'Dr. Chen, Northside Clinic' });
  });

  it('is answered to any origin (a receiver on another site), preflight included, without cookies', async () => {
    const elsewhere = new TestClient(server.url, { Origin: 'https://viewer.example.org' });
    const preflight = await elsewhere.request('OPTIONS', pathOf(payload.url), undefined, { 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/content-type/i);
    const res = await elsewhere.post(pathOf(payload.url), { recipient: 'Viewer app', passcode: 'tulip-4242' });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('limits the IG asks for', () => {
  it('disables a link after its lifetime count of wrong passcodes, even for the right one afterwards', async () => {
    const payload = decodeAsTheIgSays((await shareChosen({ passcode: 'river-7777' })).link);
    const remaining: number[] = [];
    for (let i = 0; i < SHARED_LINK_PASSCODE_ATTEMPTS; i++) remaining.push((await manifest(payload, { passcode: `guess-${i}-x` })).body.remainingAttempts);
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const right = await manifest(payload, { passcode: 'river-7777' });
    expect(right.status).toBe(404);
    const links = await alex.client.get('/api/shared-links');
    expect(links.body.links.find((l: { label: string; state: string }) => l.state === 'locked')).toBeDefined();
  });

  it('counts wrong passcodes sent in parallel one by one: never more than the limit', async () => {
    const shared = await shareChosen({ passcode: 'harbor-5151' });
    const payload = decodeAsTheIgSays(shared.link);
    const answers = await Promise.all(Array.from({ length: SHARED_LINK_PASSCODE_ATTEMPTS + 3 }, (_, i) => manifest(payload, { passcode: `parallel-${i}` })));
    expect(answers.filter((a) => a.status === 401).map((a) => a.body.remainingAttempts).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(answers.filter((a) => a.status === 404)).toHaveLength(3);
    expect((await SharedLink.query().findById(shared.id))!.failedPasscodes).toBe(SHARED_LINK_PASSCODE_ATTEMPTS);
  });

  it('answers 404 once the link has expired', async () => {
    const shared = await shareChosen();
    const payload = decodeAsTheIgSays(shared.link);
    expect((await manifest(payload, {})).status).toBe(200);
    await SharedLink.query().patch({ expiresAt: new Date(Date.now() - 1000) }).where({ id: shared.id });
    const res = await manifest(payload, {});
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('This shared link does not exist, has expired, or was revoked. Ask the patient for a new one.');
    const links = await alex.client.get('/api/shared-links');
    expect(links.body.links.find((l: { id: string }) => l.id === shared.id).state).toBe('expired');
  });

  it("removes an expired link's stored file in the sweep, with the download addresses it handed out; a live link keeps its file", async () => {
    const [expiring, live] = [await shareChosen(), await shareChosen()];
    const handedOut = await manifest(decodeAsTheIgSays(expiring.link), {});
    expect(handedOut.status).toBe(200);
    await SharedLink.query().patch({ expiresAt: new Date(Date.now() - 1000) }).where({ id: expiring.id });

    expect(await removeExpiredLinkFiles(await testKnex())).toBeGreaterThanOrEqual(1);
    expect(await SharedLinkFile.query().where({ linkId: expiring.id })).toEqual([]);
    expect((await visitor.get(pathOf(handedOut.body.files[0].location))).status).toBe(404);
    expect(await SharedLinkFile.query().where({ linkId: live.id }).resultSize()).toBe(1);
    expect((await manifest(decodeAsTheIgSays(live.link), {})).status).toBe(200);
    // The patient's list still shows the expired link, as expired.
    const links = await alex.client.get('/api/shared-links');
    expect(links.body.links.find((l: { id: string }) => l.id === expiring.id).state).toBe('expired');
  });

  it('answers 404 at once after the patient revokes the link, whose file is deleted; another patient cannot revoke it', async () => {
    const shared = await shareChosen();
    const payload = decodeAsTheIgSays(shared.link);
    const opened = await manifest(payload, {});
    expect(opened.status).toBe(200);
    expect((await jordan.client.delete(`/api/shared-links/${shared.id}`)).status).toBe(404);
    expect((await alex.client.delete(`/api/shared-links/${shared.id}`)).status).toBe(204);
    expect((await manifest(payload, {})).status).toBe(404);
    // A location handed out before the revocation no longer answers either.
    expect((await visitor.get(pathOf(opened.body.files[0].location))).status).toBe(404);
    expect(await SharedLinkFile.query().where({ linkId: shared.id })).toEqual([]);
    expect((await alex.client.get('/api/shared-links')).body.links.map((l: { id: string }) => l.id)).not.toContain(shared.id);
    expect((await alex.client.delete(`/api/shared-links/${shared.id}`)).status).toBe(404);
  });

  it("honours U: the link's url answers its one file to a GET with a recipient; U with a passcode is refused", async () => {
    const shared = await shareChosen({ direct: true });
    const payload = decodeAsTheIgSays(shared.link);
    expect(payload.flag).toBe('U');
    const file = await visitor.get(`${pathOf(payload.url)}?recipient=${encodeURIComponent('Dr. Okafor')}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^application\/jose/);
    expect((await decrypt(file.body, payload)).resourceType).toBe('Bundle');
    expect((await visitor.get(pathOf(payload.url))).status).toBe(400);
    const refused = await alex.client.post('/api/shared-links', { label: 'x', expiresInDays: 7, direct: true, passcode: 'secret-99', file: { contentType: 'application/fhir+json', jwe: await encryptFile({}, newKey()) } });
    expect(refused.status).toBe(400);
    expect(refused.body.fields.direct).toBe('A link that opens the file directly cannot have a passcode: leave one of them out.');
  });

  it("honours L: the files may change ('can-change'), and a poll interval is suggested", async () => {
    const payload = decodeAsTheIgSays((await shareChosen({ longTerm: true })).link);
    expect(payload.flag).toBe('L');
    const res = await manifest(payload, {});
    expect(res.body.files[0].status).toBe('can-change');
    expect(res.headers.get('retry-after')).toBe('3600');
  });
});

describe('bad input', () => {
  it('refuses a file that is not an encrypted JWE, so nothing readable is ever stored', async () => {
    const storedFiles = () => SharedLinkFile.query().whereIn('linkId', SharedLink.query().select('id').where({ userId: alex.account.record.id })).resultSize();
    const filesBefore = await storedFiles();
    const res = await alex.client.post('/api/shared-links', { label: 'Plain', expiresInDays: 7, file: { contentType: 'application/fhir+json', jwe: JSON.stringify({ resourceType: 'Bundle' }) } });
    expect(res.status).toBe(400);
    expect(res.body.fields['file.jwe']).toBe('The file must be encrypted in the browser as a compact JWE (alg "dir", enc "A256GCM") before it is shared.');
    expect(await storedFiles()).toBe(filesBefore);
    expect(await SharedLink.query().where({ userId: alex.account.record.id, label: 'Plain' }).resultSize()).toBe(0);
  });

  it('refuses an expiry outside the choices, a short passcode and a missing label, with messages a person can act on', async () => {
    const res = await alex.client.post('/api/shared-links', { label: '', expiresInDays: 3650, passcode: '123', file: { contentType: 'application/fhir+json', jwe: await encryptFile({}, newKey()) } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      label: 'Give the link a label, such as who it is for',
      expiresInDays: 'Choose how long the link works: 1, 7, 30, 90, 365 days',
      passcode: 'Passcode must be at least 6 characters',
    });
  });

  it("answers 404 to a selection naming another patient's report, and a manifest request without a recipient 400", async () => {
    expect((await alex.client.get(`/api/export/fhir?reportIds=${jordansReportId}`)).status).toBe(404);
    expect((await alex.client.get('/api/export/fhir?reportIds=not-an-id')).status).toBe(400);
    const payload = decodeAsTheIgSays((await shareChosen()).link);
    const res = await visitor.post(pathOf(payload.url), {});
    expect(res.status).toBe(400);
    expect(res.body.fields.recipient).toBe('Say who is opening the link (recipient), for the patient to see');
  });

  it('answers an unknown link 404, like a revoked one', async () => {
    expect((await visitor.post(`/api/shl/${'A'.repeat(43)}`, { recipient: 'Someone' })).status).toBe(404);
    expect((await visitor.get(`/api/shl/files/${'A'.repeat(43)}`)).status).toBe(404);
  });
});
