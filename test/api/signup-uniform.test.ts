/**
 * Sign-up tells nobody which addresses exist: a new account and a patient's, an admin's or a doctor's address
 * all get the same status and body, which claims no account was made; nothing is created for the taken ones,
 * and the address typed is told by email (a local SMTP server the test starts). A taken username is refused
 * plainly, whatever the email beside it.
 */
import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { startSmtpServer } from '../support/smtp';
import { createAdmin, createDoctor, createPatient } from '../support/factories';
import { signupBody } from '../support/signup';
import { User } from '../../db/models';
import { SIGNUP_RECEIVED_WITH_MAIL, SIGNUP_RECEIVED_WITHOUT_MAIL, USERNAME_TAKEN } from '../../server/services/patient-signup';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: TestServer;
let withoutMail: TestServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url, MAIL_FROM: 'MediVault <no-reply@clinic.test>' });
  withoutMail = await startTestServer();
});
afterAll(async () => {
  await Promise.all([server.close(), withoutMail.close()]);
  await smtp.close();
});

const signUp = (url: string, body: Record<string, unknown>) => new TestClient(url).post('/api/auth/signup', body);
const accountsNamed = (username: string) => User.query().whereRaw('lower(username) = ?', [username.toLowerCase()]).resultSize();

describe('sign-up answers the same whether or not the email is taken', () => {
  it('gives a new account and each kind of taken address one answer, creating only the new account', async () => {
    const [patient, admin, doctor] = await Promise.all([createPatient(), createAdmin(), createDoctor()]);
    const fresh = signupBody();
    const patientEmail = signupBody({ email: patient.record.email.toUpperCase() });
    const adminEmail = signupBody({ email: admin.record.email });
    const doctorEmail = signupBody({ email: doctor.record.email.toUpperCase() });

    const answers = await Promise.all([fresh, patientEmail, adminEmail, doctorEmail].map((body) => signUp(server.url, body)));
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({ message: SIGNUP_RECEIVED_WITH_MAIL });
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
    // The one answer never says an account was made.
    expect(SIGNUP_RECEIVED_WITH_MAIL).toMatch(/^If this email address is new to MediVault, your account is ready/);
    expect(await accountsNamed(fresh.username)).toBe(1);
    for (const refused of [patientEmail, adminEmail, doctorEmail]) expect(await accountsNamed(refused.username)).toBe(0);
  });

  it('emails a taken address what to do, and nothing to a new account', async () => {
    const doctor = await createDoctor();
    const fresh = signupBody();
    // The new account first: the mail awaited below is sent after any mail its sign-up would have sent.
    await signUp(server.url, fresh);
    await signUp(server.url, signupBody({ email: doctor.record.email }));

    const toDoctor = await smtp.nextMailTo(doctor.record.email);
    expect(toDoctor.text).toContain('Subject: Your MediVault sign-up');
    expect(toDoctor.text).toContain('which already has an account');
    expect(toDoctor.text).toMatch(/https?:\/\/\S+\/forgot-password/);
    expect(smtp.received.filter((m) => m.to.includes(fresh.email))).toEqual([]);
  });

  it('answers the same without mail set up, saying what to do when the address already has an account', async () => {
    const patient = await createPatient();
    const taken = await signUp(withoutMail.url, signupBody({ email: patient.record.email }));
    const fresh = await signUp(withoutMail.url, signupBody());
    expect([taken.status, fresh.status]).toEqual([202, 202]);
    expect(taken.body).toEqual(fresh.body);
    expect(fresh.body.message).toBe(SIGNUP_RECEIVED_WITHOUT_MAIL);
  });
});

describe('a taken username is refused plainly', () => {
  it('answers 409 with the username field, whatever the case, creating and mailing nothing', async () => {
    const patient = await createPatient();
    const nameTaken = signupBody({ username: patient.record.username.toUpperCase() });
    const answer = await signUp(server.url, nameTaken);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'conflict', message: USERNAME_TAKEN, fields: { username: USERNAME_TAKEN } });
    expect(await User.query().whereRaw('lower(email) = ?', [nameTaken.email]).resultSize()).toBe(0);
    // Nothing to the address typed (the answer already said it), checked once a later sign-up's mail has arrived.
    const doctor = await createDoctor();
    await signUp(server.url, signupBody({ email: doctor.record.email }));
    await smtp.nextMailTo(doctor.record.email);
    expect(smtp.received.filter((m) => m.to.includes(nameTaken.email))).toEqual([]);
  });

  it('says the same about the username whether or not the email beside it has an account', async () => {
    const [owner, other] = await Promise.all([createPatient(), createPatient()]);
    const withFreeEmail = await signUp(server.url, signupBody({ username: owner.record.username }));
    const withTakenEmail = await signUp(server.url, signupBody({ username: owner.record.username, email: other.record.email }));
    expect([withFreeEmail.status, withTakenEmail.status]).toEqual([409, 409]);
    expect({ ...withTakenEmail.body, requestId: undefined }).toEqual({ ...withFreeEmail.body, requestId: undefined });
  });

  it('creates one account when the same sign-up arrives twice at once; the later one is refused or answered alike', async () => {
    const body = signupBody();
    const answers = await Promise.all([signUp(server.url, body), signUp(server.url, body)]);
    expect(answers.map((a) => a.status)).toContain(202);
    for (const answer of answers) expect([202, 409]).toContain(answer.status);
    expect(await accountsNamed(body.username)).toBe(1);
  });
});
