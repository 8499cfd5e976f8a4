/**
 * Password reset by email, against a local SMTP server the test starts: the same answer whether or not
 * the address has an account, a single-use link that ends every session of the account, and an admin's
 * reset of a doctor's password (emailed, or handed over where no mail is set up).
 */
import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { startSmtpServer } from '../support/smtp';
import { createAdmin, createDoctor, createPatient, signedInClient } from '../support/factories';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: TestServer;
let withoutMail: TestServer;
/** Behind a 'proxy' with a low limit: each request comes from an address of its own choosing. */
let limited: TestServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url, MAIL_FROM: 'MediVault <no-reply@clinic.test>' });
  withoutMail = await startTestServer();
  limited = await startTestServer({ SMTP_URL: smtp.url, PASSWORD_RESET_MAX_PER_ADDRESS: '2', TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await Promise.all([server.close(), withoutMail.close(), limited.close()]);
  await smtp.close();
});

const linkIn = (text: string) => /https?:\/\/\S+\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
const NEW_PASSWORD = 'Fresh-Harbour-42';

describe('password reset by email', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const patient = await createPatient();
    // The unknown address first: the known one's mail, awaited below, is looked up and sent after any mail to it.
    const unknown = await new TestClient(server.url).post('/api/auth/password-reset', { email: 'nobody-here@example.test' });
    const known = await new TestClient(server.url).post('/api/auth/password-reset', { email: patient.record.email.toUpperCase() });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.message).toBe("If an account uses that address, we've sent it a link to reset the password. The link works once, for 30 minutes.");
    const mail = await smtp.nextMailTo(patient.record.email);
    expect(mail.text).toContain('Subject: Reset your MediVault password');
    expect(linkIn(mail.text)).not.toBeNull();
    expect(smtp.received.filter((m) => m.to.includes('nobody-here@example.test'))).toEqual([]);
  });

  it('sets the new password once through the link, and signs the account out everywhere', async () => {
    const patient = await createPatient();
    const signedIn = await signedInClient(server.url, patient);
    await new TestClient(server.url).post('/api/auth/password-reset', { email: patient.record.email });
    const token = linkIn((await smtp.nextMailTo(patient.record.email)).text)![1]!;

    const weak = await new TestClient(server.url).post('/api/auth/password-reset/complete', { token, newPassword: '123456', confirmPassword: '123456' });
    expect(weak.status).toBe(400);
    const done = await new TestClient(server.url).post('/api/auth/password-reset/complete', { token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(done.status).toBe(204);
    expect((await signedIn.get('/api/auth/me')).status).toBe(401);
    expect((await new TestClient(server.url).post('/api/auth/login', { usernameOrEmail: patient.login, password: patient.password })).status).toBe(401);
    expect((await new TestClient(server.url).post('/api/auth/login', { usernameOrEmail: patient.login, password: NEW_PASSWORD })).status).toBe(200);

    const again = await new TestClient(server.url).post('/api/auth/password-reset/complete', { token, newPassword: 'Another-Harbour-43', confirmPassword: 'Another-Harbour-43' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This reset link is invalid, already used or expired. Ask for a new one.');
  });

  it('a newer link replaces an older one', async () => {
    const patient = await createPatient();
    await new TestClient(server.url).post('/api/auth/password-reset', { email: patient.record.email });
    const first = linkIn((await smtp.nextMailTo(patient.record.email)).text)![1]!;
    await new TestClient(server.url).post('/api/auth/password-reset', { email: patient.record.email });
    const second = linkIn((await smtp.nextMailTo(patient.record.email)).text)![1]!;
    expect((await new TestClient(server.url).post('/api/auth/password-reset/complete', { token: first, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status).toBe(400);
    expect((await new TestClient(server.url).post('/api/auth/password-reset/complete', { token: second, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status).toBe(204);
  });

  it('limits reset requests per address', async () => {
    const address = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await new TestClient(limited.url, { 'X-Forwarded-For': address }).post('/api/auth/password-reset', { email: 'limit@example.test' })).status);
    expect(statuses.slice(0, 2)).toEqual([202, 202]);
    expect(statuses[2]).toBe(429);
  });

  it('says so where no mail is set up, the same for every address', async () => {
    const patient = await createPatient();
    const answer = await new TestClient(withoutMail.url).post('/api/auth/password-reset', { email: patient.record.email });
    expect(answer.status).toBe(503);
    expect(answer.body.message).toMatch(/Email is not set up on this server/);
  });
});

describe("an admin resetting a doctor's password", () => {
  it('emails the doctor a link where mail is set up', async () => {
    const admin = await signedInClient(server.url, await createAdmin());
    const doctor = await createDoctor();
    const doctorSession = await signedInClient(server.url, doctor);
    const answer = await admin.post(`/api/admin/doctors/${doctor.record.id}/password-reset`, {});
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ emailed: true, resetLink: null });
    const mail = await smtp.nextMailTo(doctor.record.email);
    expect(mail.text).toContain("Your clinic's administrator asked");
    const token = linkIn(mail.text)![1]!;
    expect((await new TestClient(server.url).post('/api/auth/password-reset/complete', { token, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status).toBe(204);
    expect((await doctorSession.get('/api/auth/doctor/me')).status).toBe(401);
    expect((await new TestClient(server.url).post('/api/auth/doctor/login', { email: doctor.login, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('hands the admin the link where no mail is set up; a patient cannot ask', async () => {
    const admin = await signedInClient(withoutMail.url, await createAdmin());
    const doctor = await createDoctor();
    const answer = await admin.post(`/api/admin/doctors/${doctor.record.id}/password-reset`, {});
    expect(answer.body.emailed).toBe(false);
    expect(answer.body.resetLink).toMatch(/\/reset-password\?token=/);
    const patient = await signedInClient(withoutMail.url, await createPatient());
    expect((await patient.post(`/api/admin/doctors/${doctor.record.id}/password-reset`, {})).status).toBe(403);
  });
});
