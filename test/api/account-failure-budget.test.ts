/**
 * Issue 42: a per-account budget for guessable secrets (NIST SP 800-63B 5.2.2). Guesses spread over many
 * addresses used to have no cap (200 wrong codes from 40 addresses, 200 passwords); once an account's
 * consecutive failures reach LOGIN_ACCOUNT_MAX_FAILURES (8 here, 100 by default), a browser that is not a
 * known device of it is refused even with the right secret, and proves itself another way: the e-mailed
 * reset link, a recovery code, a passkey. Known devices are never refused, so the budget locks no owner out.
 */
import { generate } from 'otplib';
import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { startSmtpServer } from '../support/smtp';
import { createDoctor, createPatient, unique, type Account } from '../support/factories';
import type { Doctor, User } from '../../db/models';

const BUDGET = 8;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: TestServer;
let octet = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({
    TRUST_PROXY: 'true',
    SMTP_URL: smtp.url,
    MFA_REQUIRED_FOR: 'doctor',
    LOGIN_ACCOUNT_MAX_FAILURES: String(BUDGET),
    // The other throttles stay out of the way: each guess comes from a fresh address, and no proof of work is asked.
    LOGIN_CHALLENGE_AFTER: '1000',
  });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

/** A new browser (its own cookie jar) at an address of its own. */
function newBrowser(): TestClient {
  octet += 1;
  return new TestClient(server.url, { 'X-Forwarded-For': `10.${120 + (process.pid % 100)}.${Math.floor(octet / 250)}.${octet % 250}` });
}

const patientLogin = (client: TestClient, login: string, password: string) => client.post('/api/auth/login', { usernameOrEmail: login, password });
const doctorLogin = (client: TestClient, doctor: Account<Doctor>) => client.post('/api/auth/doctor/login', { email: doctor.login, password: doctor.password });
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
const wrongCode = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0');

const PASSWORD_REFUSAL =
  'This account has had too many failed sign-in attempts. Sign in from a device you have used before or with a passkey, or reset your password with the link we e-mail you.';
const CODE_REFUSAL = 'This account has had too many wrong codes. Use one of your recovery codes, or sign in from a device you have used before.';

async function guessPasswords(account: Account<User>, times: number): Promise<void> {
  for (let i = 0; i < times; i += 1) expect((await patientLogin(newBrowser(), account.login, unique('guess'))).status).toBe(401);
}

describe('passwords', () => {
  it('after the budget of consecutive failures, a new browser is refused even with the right password; the known device is not', async () => {
    const patient = await createPatient();
    const knownDevice = newBrowser();
    expect((await patientLogin(knownDevice, patient.login, patient.password)).status).toBe(200);

    await guessPasswords(patient, BUDGET - 1);
    // One failure short of the budget, a new browser with the right password still signs in, and that success ends the streak.
    expect((await patientLogin(newBrowser(), patient.login, patient.password)).status).toBe(200);
    await guessPasswords(patient, BUDGET - 1);
    expect((await patientLogin(newBrowser(), patient.login, patient.password)).status).toBe(200);

    await guessPasswords(patient, BUDGET);
    const refused = await patientLogin(newBrowser(), patient.login, patient.password);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'account_protected', message: PASSWORD_REFUSAL });
    expect((await patientLogin(knownDevice, patient.login, patient.password)).status).toBe(200);
  });

  it('refuses an unknown name the same way, so the answer says nothing of whether the account exists', async () => {
    const name = unique('nobody');
    for (let i = 0; i < BUDGET; i += 1) expect((await patientLogin(newBrowser(), name, 'wrong-guess')).status).toBe(401);
    const refused = await patientLogin(newBrowser(), name, 'wrong-guess');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(PASSWORD_REFUSAL);
  });

  it("lets a new browser in through the e-mailed reset link: the link's browser becomes known and the streak ends", async () => {
    const patient = await createPatient();
    await guessPasswords(patient, BUDGET);
    const phone = newBrowser();
    expect((await patientLogin(phone, patient.login, patient.password)).status).toBe(403);

    expect((await phone.post('/api/auth/password-reset', { email: patient.record.email })).status).toBe(202);
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec((await smtp.nextMailTo(patient.record.email)).text)![1]!;
    const newPassword = 'Fresh-Harbour-42';
    expect((await phone.post('/api/auth/password-reset/complete', { token, newPassword, confirmPassword: newPassword })).status).toBe(204);
    // The streak ended with the reset: one more guess does not refuse anyone.
    await guessPasswords(patient, 1);
    expect((await patientLogin(newBrowser(), patient.login, newPassword)).status).toBe(200);

    // The guessing goes on past the budget before the phone signs in: the phone is a known device since the link, another new browser is not.
    await guessPasswords(patient, BUDGET);
    expect((await patientLogin(phone, patient.login, newPassword)).status).toBe(200);
    await guessPasswords(patient, BUDGET);
    expect((await patientLogin(newBrowser(), patient.login, newPassword)).status).toBe(403);
  });
});

describe('authenticator codes', () => {
  /** The doctor's first sign-in on their own device: password, then an authenticator set up with its first code. */
  async function enrolledDoctor() {
    const doctor = await createDoctor();
    const ownDevice = newBrowser();
    expect((await doctorLogin(ownDevice, doctor)).body).toMatchObject({ code: 'mfa_required' });
    const { secret } = (await ownDevice.post('/api/auth/mfa/enrolment', {})).body as { secret: string };
    const verified = await ownDevice.post('/api/auth/mfa/verify', { code: await generate({ secret }) });
    expect(verified.status).toBe(200);
    return { doctor, ownDevice, secret, recoveryCodes: verified.body.recoveryCodes as string[] };
  }

  it('after the budget of wrong codes, a new browser with the right password and code is refused; a recovery code and the own device get in', async () => {
    const { doctor, ownDevice, secret, recoveryCodes } = await enrolledDoctor();
    // Someone who has the password guesses codes from many addresses.
    for (let i = 0; i < BUDGET; i += 1) {
      const attacker = newBrowser();
      expect((await doctorLogin(attacker, doctor)).body).toMatchObject({ code: 'mfa_required' });
      expect((await attacker.post('/api/auth/mfa/verify', { code: wrongCode(await nextCode(secret)) })).status).toBe(401);
    }
    const stranger = newBrowser();
    expect((await doctorLogin(stranger, doctor)).body).toMatchObject({ code: 'mfa_required' });
    const refused = await stranger.post('/api/auth/mfa/verify', { code: await nextCode(secret) });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'account_protected', message: CODE_REFUSAL });

    const elsewhere = newBrowser();
    expect((await doctorLogin(elsewhere, doctor)).body).toMatchObject({ code: 'mfa_required' });
    expect((await elsewhere.post('/api/auth/mfa/verify', { code: recoveryCodes[0] })).status).toBe(200);

    await ownDevice.post('/api/auth/logout', {});
    expect((await doctorLogin(ownDevice, doctor)).body).toMatchObject({ code: 'mfa_required' });
    expect((await ownDevice.post('/api/auth/mfa/verify', { code: await nextCode(secret) })).status).toBe(200);
  });
});
