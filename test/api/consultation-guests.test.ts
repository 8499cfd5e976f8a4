/**
 * Guests in a call (issue 38), over REST: single-use guest links with an expiry, the patient's request the
 * doctor approves, removal, and a guest session that reaches its one consultation and nothing else.
 */
import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { book, doctorParty, patientParty, type Party } from './consultations-fixtures';
import { AuditEvent, ConsultationGuest, type Doctor, type User } from '../../db/models';
import type { AccessHistoryEntry } from '../../common/api-types';
import { GUESTS_NEED_SFU } from '../../common/constants';
import {
  GUEST_LINK_CONSULTATION_ENDED,
  GUEST_LINK_EXPIRED,
  GUEST_LINK_UNAPPROVED,
  GUEST_LINK_UNKNOWN,
  GUEST_LINK_USED,
  GUEST_LINK_WITHDRAWN,
  TOO_MANY_GUESTS,
} from '../../server/services/consultation-guests';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // These calls go through the SFU (guests need it); one test below puts the server back on peer-to-peer.
  server.app.deps.mediaMode = () => 'sfu';
});
afterAll(() => server.close());

interface Visit {
  patient: Party<User>;
  doctor: Party<Doctor>;
  consultationId: string;
}

async function visit(): Promise<Visit> {
  const [patient, doctor] = await Promise.all([patientParty(server.url), doctorParty(server.url)]);
  const booked = await book(patient.client, doctor.account.record.id);
  return { patient, doctor, consultationId: booked.id };
}

/** A link's token: what follows '#' in the guest page's address. */
const tokenOf = (link: string) => new URL(link).hash.slice(1);

async function invite(by: TestClient, consultationId: string, body: object = {}) {
  const res = await by.post(`/api/consultations/${consultationId}/guests`, body);
  expect(res.status).toBe(201);
  return { guestId: res.body.guest.id as string, token: tokenOf(res.body.link), body: res.body };
}

/** The guest page's check before its name form: what the link would answer, without using it up. */
const checkLink = (token: string) => new TestClient(server.url).post('/api/guest/link', { token });

async function joinAs(name: string, token: string) {
  const browser = new TestClient(server.url);
  const res = await browser.post('/api/guest/join', { token, name });
  return { browser, res };
}

describe('guest links', () => {
  it("the doctor's link works once: the guest gets a session for that consultation, and the patient's access history shows them", async () => {
    const { patient, doctor, consultationId } = await visit();
    const { body, token, guestId } = await invite(doctor.client, consultationId, { expiresInMinutes: 90 });
    expect(body.link).toMatch(new RegExp(`^${server.url}/guest#[A-Za-z0-9_-]{43}$`));
    expect(body.guest).toMatchObject({ consultationId, invitedBy: 'doctor', status: 'invited', name: null, joinedAt: null });
    expect(Date.parse(body.guest.expiresAt) - Date.now()).toBeGreaterThan(89 * 60_000);
    // Only the hash is kept.
    const stored = await ConsultationGuest.query().findById(guestId);
    expect(stored!.tokenHash).not.toContain(token);
    // Checking the link names who invited the guest to what, and leaves it unused.
    for (let i = 0; i < 2; i++) {
      expect(await checkLink(token)).toMatchObject({ status: 200, body: { doctorName: doctor.account.record.name, consultationType: 'video' } });
    }
    expect((await ConsultationGuest.query().findById(guestId))!.status).toBe('invited');

    const { browser, res } = await joinAs('  Ana Interpreter ', token);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      guest: { id: guestId, name: 'Ana Interpreter' },
      consultation: { id: consultationId, consultationType: 'video', status: 'scheduled', doctorName: doctor.account.record.name, appointmentDate: expect.any(String) },
    });
    expect((await browser.get('/api/guest/session')).body.guest.name).toBe('Ana Interpreter');

    const again = await joinAs('Someone Else', token);
    expect(again.res.status).toBe(410);
    expect(again.res.body.message).toBe(GUEST_LINK_USED);
    expect(await checkLink(token)).toMatchObject({ status: 410, body: { message: GUEST_LINK_USED } });

    const listed = await patient.client.get(`/api/consultations/${consultationId}/guests`);
    expect(listed.body).toEqual([expect.objectContaining({ id: guestId, status: 'joined', name: 'Ana Interpreter', joinedAt: expect.any(String) })]);

    const history = await patient.client.get('/api/access-history?by=others');
    const lines = (history.body.entries as AccessHistoryEntry[]).map((e) => `${e.who} | ${e.what} | ${e.outcome}`);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Ana Interpreter (guest) | Opened a guest link to a consultation | success',
        `Dr. ${doctor.account.record.name} | Invited a guest to a consultation: Ana Interpreter | success`,
        'Someone | Opened a guest link to a consultation | denied',
      ]),
    );
  });

  it('refuses a link that expired, was withdrawn, is unknown, or whose consultation has ended, each saying so', async () => {
    const { doctor, consultationId } = await visit();
    const expired = await invite(doctor.client, consultationId);
    await ConsultationGuest.query().findById(expired.guestId).patch({ expiresAt: new Date(Date.now() - 1000) });
    expect((await joinAs('Late Guest', expired.token)).res).toMatchObject({ status: 410, body: { code: 'gone', message: GUEST_LINK_EXPIRED } });
    expect(await checkLink(expired.token)).toMatchObject({ status: 410, body: { message: GUEST_LINK_EXPIRED } });

    const withdrawn = await invite(doctor.client, consultationId);
    const revoked = await doctor.client.delete(`/api/consultations/${consultationId}/guests/${withdrawn.guestId}`);
    expect(revoked.body.status).toBe('revoked');
    expect((await joinAs('Late Guest', withdrawn.token)).res).toMatchObject({ status: 410, body: { message: GUEST_LINK_WITHDRAWN } });
    expect(await checkLink(withdrawn.token)).toMatchObject({ status: 410, body: { message: GUEST_LINK_WITHDRAWN } });

    expect((await joinAs('Late Guest', 'not-a-guest-token')).res).toMatchObject({ status: 404, body: { message: GUEST_LINK_UNKNOWN } });
    expect(await checkLink('not-a-guest-token')).toMatchObject({ status: 404, body: { message: GUEST_LINK_UNKNOWN } });
    expect(await checkLink('')).toMatchObject({ status: 400, body: { fields: { token: 'This guest link is incomplete: open the whole link you were sent' } } });
    const blank = (await joinAs('   ', withdrawn.token)).res;
    expect(blank).toMatchObject({ status: 400, body: { fields: { name: 'Enter the name the others in the call will see' } } });

    const unused = await invite(doctor.client, consultationId);
    await doctor.client.put(`/api/doctor/consultation/${consultationId}/status`, { status: 'in_progress' });
    expect((await doctor.client.put(`/api/doctor/consultation/${consultationId}/status`, { status: 'completed' })).status).toBe(200);
    expect((await joinAs('Late Guest', unused.token)).res).toMatchObject({ status: 410, body: { message: GUEST_LINK_CONSULTATION_ENDED } });
    expect(await checkLink(unused.token)).toMatchObject({ status: 410, body: { message: GUEST_LINK_CONSULTATION_ENDED } });
    expect((await doctor.client.post(`/api/consultations/${consultationId}/guests`, {})).status).toBe(409);
  });

  it("the patient's request works only once the doctor approves it", async () => {
    const { patient, doctor, consultationId } = await visit();
    const asked = await invite(patient.client, consultationId);
    expect(asked.body.guest).toMatchObject({ invitedBy: 'patient', status: 'awaiting_approval' });
    expect((await joinAs('Sam Sibling', asked.token)).res).toMatchObject({ status: 409, body: { message: GUEST_LINK_UNAPPROVED } });
    expect(await checkLink(asked.token)).toMatchObject({ status: 409, body: { message: GUEST_LINK_UNAPPROVED } });

    // Approving is the doctor's: the patient is told the route is not theirs.
    expect((await patient.client.post(`/api/consultations/${consultationId}/guests/${asked.guestId}/approval`, {})).status).toBe(404);
    const approved = await doctor.client.post(`/api/consultations/${consultationId}/guests/${asked.guestId}/approval`, {});
    expect(approved).toMatchObject({ status: 200, body: { status: 'invited' } });
    expect((await doctor.client.post(`/api/consultations/${consultationId}/guests/${asked.guestId}/approval`, {})).status).toBe(409);
    expect((await joinAs('Sam Sibling', asked.token)).res.status).toBe(201);
    const actions = (await AuditEvent.query().where({ resourceId: asked.guestId }).orderBy('createdAt')).map((e) => `${e.actorKind} ${e.action} ${e.outcome}`);
    // Refused twice before the approval: the join, then the guest page's check.
    expect(actions).toEqual([
      'patient consultation.guest_request success',
      'anonymous guest.join denied',
      'anonymous guest.join denied',
      'doctor consultation.guest_approve success',
      'guest guest.join success',
    ]);
  });

  it('a removed guest, or one whose consultation ended, reaches nothing any more', async () => {
    const { patient, doctor, consultationId } = await visit();
    const removedOne = await invite(doctor.client, consultationId);
    const removed = await joinAs('Removed Guest', removedOne.token);
    const ended = await doctor.client.delete(`/api/consultations/${consultationId}/guests/${removedOne.guestId}`);
    expect(ended.body).toMatchObject({ status: 'removed' });
    expect((await removed.browser.get('/api/guest/session')).status).toBe(401);
    expect((await joinAs('Removed Guest', removedOne.token)).res).toMatchObject({ status: 410, body: { message: GUEST_LINK_USED } });
    // Ending it again changes nothing.
    expect((await patient.client.delete(`/api/consultations/${consultationId}/guests/${removedOne.guestId}`)).body.status).toBe('removed');
    const actions = (await AuditEvent.query().where({ resourceId: removedOne.guestId, outcome: 'success' }).orderBy('createdAt')).map((e) => e.action);
    expect(actions).toEqual(['consultation.guest_invite', 'guest.join', 'consultation.guest_remove']);
    // The patient reads whom the doctor let in and took out, by the name the guest gave.
    const history = await patient.client.get('/api/access-history?by=others');
    const lines = (history.body.entries as AccessHistoryEntry[]).filter((e) => e.action.startsWith('consultation.guest_')).map((e) => `${e.who} | ${e.what}`);
    expect(lines).toEqual([`Dr. ${doctor.account.record.name} | Removed a guest from a consultation: Removed Guest`, `Dr. ${doctor.account.record.name} | Invited a guest to a consultation: Removed Guest`]);
  });

  it('a guest session ends with its consultation', async () => {
    const { doctor, consultationId } = await visit();
    const guest = await joinAs('Colleague', (await invite(doctor.client, consultationId)).token);
    expect((await guest.browser.get('/api/guest/session')).status).toBe(200);
    await doctor.client.put(`/api/doctor/consultation/${consultationId}/status`, { status: 'in_progress' });
    expect((await guest.browser.get('/api/guest/session')).body.consultation.status).toBe('in_progress');
    await doctor.client.put(`/api/doctor/consultation/${consultationId}/status`, { status: 'completed' });
    expect((await guest.browser.get('/api/guest/session')).status).toBe(401);
  });

  it('holds a call to its guest places, and refuses guests on a peer-to-peer server', async () => {
    const { doctor, consultationId } = await visit();
    await invite(doctor.client, consultationId);
    await invite(doctor.client, consultationId);
    expect((await doctor.client.post(`/api/consultations/${consultationId}/guests`, {})).body.message).toBe(TOO_MANY_GUESTS);
    expect((await doctor.client.post(`/api/consultations/${consultationId}/guests`, { expiresInMinutes: 1 })).body.fields).toEqual({
      expiresInMinutes: 'Link lifetime must be at least 5 minutes',
    });

    const other = await visit();
    server.app.deps.mediaMode = () => 'p2p';
    try {
      expect(await other.doctor.client.post(`/api/consultations/${other.consultationId}/guests`, {})).toMatchObject({ status: 409, body: { message: GUESTS_NEED_SFU } });
    } finally {
      server.app.deps.mediaMode = () => 'sfu';
    }
  });

  it("answers 404 for another consultation's guests, and a guest reaches no patient data", async () => {
    const mine = await visit();
    const theirs = await visit();
    const { guestId, token } = await invite(mine.doctor.client, mine.consultationId);
    for (const stranger of [theirs.doctor.client, theirs.patient.client]) {
      expect((await stranger.get(`/api/consultations/${mine.consultationId}/guests`)).status).toBe(404);
      expect((await stranger.post(`/api/consultations/${mine.consultationId}/guests`, {})).status).toBe(404);
      expect((await stranger.delete(`/api/consultations/${mine.consultationId}/guests/${guestId}`)).status).toBe(404);
    }
    // A guest of one consultation named through another: not found.
    expect((await theirs.doctor.client.delete(`/api/consultations/${theirs.consultationId}/guests/${guestId}`)).status).toBe(404);

    const { browser } = await joinAs('Curious Guest', token);
    const patientId = mine.patient.account.record.id;
    for (const path of [
      '/api/medical-reports',
      '/api/medications',
      '/api/export/fhir',
      `/api/doctor/patient/${patientId}/records`,
      `/api/consultations/${mine.consultationId}`,
      `/api/consultations/${mine.consultationId}/chat`,
      `/api/consultations/${mine.consultationId}/guests`,
      '/api/access-history',
      '/api/auth/me',
    ]) {
      expect({ path, status: (await browser.get(path)).status }).toEqual({ path, status: 404 });
    }
    expect((await browser.get('/api/admin/doctors')).status).toBe(403);
  });
});
