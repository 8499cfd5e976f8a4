/**
 * Sign-up tells nobody which usernames and addresses exist: a new account, a taken username, a patient's,
 * an admin's or a doctor's address all get the same status and body, nothing is created for the taken
 * ones, and the address typed is told why by email (a local SMTP server the test starts).
 */
import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { startSmtpServer } from '../support/smtp';
import { createAdmin, createDoctor, createPatient } from '../support/factories';
import { signupBody } from '../support/signup';
import { User } from '../../db/models';
import { SIGNUP_RECEIVED_WITH_MAIL, SIGNUP_RECEIVED_WITHOUT_MAIL } from '../../server/services/patient-signup';

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

describe('sign-up answers the same whether or not the username or email is taken', () => {
  it('gives a new account, a taken username and each kind of taken address one answer, creating only the new account', async () => {
    const [patient, admin, doctor] = await Promise.all([createPatient(), createAdmin(), createDoctor()]);
    const fresh = signupBody();
    const nameTaken = signupBody({ username: patient.record.username.toUpperCase() });
    const patientEmail = signupBody({ email: patient.record.email.toUpperCase() });
    const adminEmail = signupBody({ email: admin.record.email });
    const doctorEmail = signupBody({ email: doctor.record.email.toUpperCase() });

    const answers = await Promise.all([fresh, nameTaken, patientEmail, adminEmail, doctorEmail].map((body) => signUp(server.url, body)));
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({ message: SIGNUP_RECEIVED_WITH_MAIL });
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
    expect(await accountsNamed(fresh.username)).toBe(1);
    expect(await accountsNamed(patient.record.username)).toBe(1);
    for (const refused of [patientEmail, adminEmail, doctorEmail]) expect(await accountsNamed(refused.username)).toBe(0);
    expect(await User.query().whereRaw('lower(email) = ?', [nameTaken.email]).resultSize()).toBe(0);
  });

  it('emails the address typed what was in use, and nothing to a new account', async () => {
    const [patient, doctor] = await Promise.all([createPatient(), createDoctor()]);
    const nameTaken = signupBody({ username: patient.record.username });
    const fresh = signupBody();
    // The new account first: the mails awaited below are sent after any mail its sign-up would have sent.
    await signUp(server.url, fresh);
    await Promise.all([signUp(server.url, nameTaken), signUp(server.url, signupBody({ email: doctor.record.email }))]);

    const toNewAddress = await smtp.nextMailTo(nameTaken.email);
    expect(toNewAddress.text).toContain('Subject: Your MediVault sign-up');
    expect(toNewAddress.text).toContain(`the username "${patient.record.username}", which is already taken, so no account was created`);
    const toDoctor = await smtp.nextMailTo(doctor.record.email);
    expect(toDoctor.text).toContain('which already has an account');
    expect(toDoctor.text).toMatch(/https?:\/\/\S+\/forgot-password/);
    expect(smtp.received.filter((m) => m.to.includes(fresh.email))).toEqual([]);
  });

  it('answers the same without mail set up, saying what to do when the account cannot sign in', async () => {
    const patient = await createPatient();
    const taken = await signUp(withoutMail.url, signupBody({ username: patient.record.username }));
    const fresh = await signUp(withoutMail.url, signupBody());
    expect([taken.status, fresh.status]).toEqual([202, 202]);
    expect(taken.body).toEqual(fresh.body);
    expect(fresh.body.message).toBe(SIGNUP_RECEIVED_WITHOUT_MAIL);
  });

  it('creates one account when the same sign-up arrives twice at once, answering both alike', async () => {
    const body = signupBody();
    const answers = await Promise.all([signUp(server.url, body), signUp(server.url, body)]);
    expect(answers.map((a) => a.status)).toEqual([202, 202]);
    expect(answers[0]!.body).toEqual(answers[1]!.body);
    expect(await accountsNamed(body.username)).toBe(1);
  });
});
