/**
 * Two-step verification (TOTP): required at every doctor and admin password sign-in (MFA_REQUIRED_FOR),
 * optional for patients. A right password alone starts no session; an account with no authenticator sets
 * one up (its first code confirms it and brings recovery codes); a code works once; wrong codes are
 * refused and throttled; a recovery code works once; patients turn it on and off.
 */
import { generate } from 'otplib';
import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { createAdmin, createDoctor, createPatient, type Account } from '../support/factories';
import type { Doctor, User } from '../../db/models';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ MFA_REQUIRED_FOR: 'doctor,admin', LOGIN_FREE_FAILURES: '3' });
});
afterAll(() => server.close());

const doctorLogin = (client: TestClient, doctor: Account<Doctor>) => client.post('/api/auth/doctor/login', { email: doctor.login, password: doctor.password });
const userLogin = (client: TestClient, user: Account<User>) => client.post('/api/auth/login', { usernameOrEmail: user.login, password: user.password });
/** A code of the step after the current one: accepted (one step of drift either way), and later than any code used just before. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
const currentCode = (secret: string) => generate({ secret });

/** Signs the doctor in for the first time: password, then an authenticator set up with its first code. */
async function enrolDoctor(doctor: Account<Doctor>): Promise<{ client: TestClient; secret: string; firstCode: string; recoveryCodes: string[] }> {
  const client = new TestClient(server.url);
  const held = await doctorLogin(client, doctor);
  expect(held.status).toBe(401);
  expect(held.body).toMatchObject({ code: 'mfa_required', details: { enrolled: false } });
  const enrolment = await client.post('/api/auth/mfa/enrolment', {});
  expect(enrolment.status).toBe(201);
  expect(enrolment.body.otpauthUri).toContain('otpauth://totp/MediVault');
  expect(enrolment.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  const firstCode = await currentCode(enrolment.body.secret);
  const verified = await client.post('/api/auth/mfa/verify', { code: firstCode });
  expect(verified.status).toBe(200);
  expect(verified.body.doctor.email).toBe(doctor.record.email);
  expect(verified.body.recoveryCodes).toHaveLength(10);
  return { client, secret: enrolment.body.secret, firstCode, recoveryCodes: verified.body.recoveryCodes };
}

describe('doctors and admins', () => {
  it('a right password alone signs a doctor in to nothing: the second step is needed', async () => {
    const doctor = await createDoctor();
    const client = new TestClient(server.url);
    expect((await doctorLogin(client, doctor)).status).toBe(401);
    expect((await client.get('/api/auth/doctor/me')).status).toBe(401);
    expect((await client.get('/api/doctor/consultations')).status).toBe(401);
  });

  it('sets up an authenticator at the first sign-in, then asks for a code every time, each code working once', async () => {
    const doctor = await createDoctor();
    const { client, secret, firstCode } = await enrolDoctor(doctor);
    expect((await client.get('/api/auth/doctor/me')).status).toBe(200);
    expect((await client.get('/api/auth/mfa')).body).toEqual({ enabled: true, required: true, recoveryCodesLeft: 10 });

    const again = new TestClient(server.url);
    const held = await doctorLogin(again, doctor);
    expect(held.body).toMatchObject({ code: 'mfa_required', details: { enrolled: true } });
    expect((await again.post('/api/auth/mfa/enrolment', {})).status).toBe(409);
    // The code that confirmed the authenticator was used already (the very code: the clock may have moved on a step since).
    const replayed = await again.post('/api/auth/mfa/verify', { code: firstCode });
    expect(replayed.status).toBe(401);
    expect(replayed.body.message).toMatch(/not right, or it was already used/);
    const fresh = await again.post('/api/auth/mfa/verify', { code: await nextCode(secret) });
    expect(fresh.status).toBe(200);
    expect(fresh.body.recoveryCodes).toBeUndefined();
    expect((await again.get('/api/doctor/consultations')).status).toBe(200);
  });

  it('takes a recovery code once, and never lets a doctor turn the second factor off', async () => {
    const doctor = await createDoctor();
    const { recoveryCodes } = await enrolDoctor(doctor);
    const first = new TestClient(server.url);
    await doctorLogin(first, doctor);
    expect((await first.post('/api/auth/mfa/verify', { code: recoveryCodes[0] })).status).toBe(200);
    expect((await first.get('/api/auth/mfa')).body.recoveryCodesLeft).toBe(9);
    const second = new TestClient(server.url);
    await doctorLogin(second, doctor);
    expect((await second.post('/api/auth/mfa/verify', { code: recoveryCodes[0] })).status).toBe(401);
    expect((await first.post('/api/auth/mfa/disable', { code: recoveryCodes[1] })).status).toBe(403);
  });

  it('refuses wrong codes and slows the account down after a few', async () => {
    const doctor = await createDoctor();
    await enrolDoctor(doctor);
    const client = new TestClient(server.url);
    await doctorLogin(client, doctor);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await client.post('/api/auth/mfa/verify', { code: '000000' })).status);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses).toContain(429);
  });

  it('asks an admin too, and a verify without a pending sign-in is refused', async () => {
    const admin = await createAdmin();
    const client = new TestClient(server.url);
    expect((await userLogin(client, admin)).body).toMatchObject({ code: 'mfa_required' });
    // Still a visitor: the roster refuses visitors and patients alike.
    expect((await client.get('/api/admin/doctors')).status).toBe(403);
    const stranger = new TestClient(server.url);
    const refused = await stranger.post('/api/auth/mfa/verify', { code: '123456' });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('No sign-in is waiting for a code. Sign in with your password again.');
  });

  it('refuses a code that is not six digits or a recovery code, with the form message', async () => {
    const answer = await new TestClient(server.url).post('/api/auth/mfa/verify', { code: '12' });
    expect(answer.status).toBe(400);
    expect(answer.body.fields.code).toBe('Enter the 6-digit code from your authenticator app, or one of your recovery codes.');
  });
});

describe('patients', () => {
  it('sign in with a password alone until they turn two-step verification on, then need a code, and can turn it off', async () => {
    const patient = await createPatient();
    const client = new TestClient(server.url);
    expect((await userLogin(client, patient)).status).toBe(200);
    expect((await client.get('/api/auth/mfa')).body).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    const enrolment = await client.post('/api/auth/mfa/enrolment', {});
    expect((await client.post('/api/auth/mfa/confirm', { code: '000000' })).status).toBe(401);
    const confirmed = await client.post('/api/auth/mfa/confirm', { code: await currentCode(enrolment.body.secret) });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);

    const later = new TestClient(server.url);
    expect((await userLogin(later, patient)).body).toMatchObject({ code: 'mfa_required', details: { enrolled: true } });
    expect((await later.post('/api/auth/mfa/verify', { code: await nextCode(enrolment.body.secret) })).body.user.username).toBe(patient.record.username);

    expect((await later.post('/api/auth/mfa/disable', { code: confirmed.body.recoveryCodes[0] })).status).toBe(204);
    expect((await userLogin(new TestClient(server.url), patient)).status).toBe(200);
  });
});
