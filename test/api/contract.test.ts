import { generate } from 'otplib';
import { startTestServer, type TestServer } from '../support/app';
import { TestClient } from '../support/client';
import { createAdmin, createPatient, signedInClient, unique } from '../support/factories';
import { VirtualAuthenticator } from '../support/virtual-authenticator';
import { Consultation, User } from '../../db/models';
import { DEMO_CREDENTIALS } from '../../db/seeds/demo';
import { ContractChecker, recordInto, type Exchange } from '../support/openapi-contract';
import { book, doctorParty, minutesFromNow, patientParty } from './consultations-fixtures';
import { appointmentBody, insertDose, insertNotification, insertReport } from './records-fixtures';
import { CLINIC_NOTE_LINES, LAB_SHEET_LINES, dataUrl, textImage, textPdf } from '../support/document-fixtures';
import { StripeMock } from '../support/stripe-mock';
import { encryptFile, insertSharedLink, newKey } from './shared-links-fixtures';
import { signupBody } from '../support/signup';
import { startSmtpServer } from '../support/smtp';

/**
 * The contract test: a set of real calls against the running server (successes and refusals, as the
 * app makes them), each answer checked against what the OpenAPI document says of its route and status.
 */
const randomOctet = () => Math.floor(Math.random() * 250);

let server: TestServer;
let stripe: StripeMock;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let checker: ContractChecker;
const exchanges: Exchange[] = [];

/** 'METHOD /path' of every operation the document describes. */
function documentedOperations(document: { paths: Record<string, object> }): string[] {
  return Object.entries(document.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
}

/** Documented operations that no call answered with a success: each route needs a contract case above. */
function operationsWithoutSuccess(documented: string[], calls: Exchange[]): string[] {
  const replayed = new Set(calls.filter((e) => e.status < 300).map((e) => checker.operationOf(e)));
  return documented.filter((op) => !replayed.has(op)).sort();
}

// A long script of real calls (OCR, PDF reading, password hashing): it may take minutes on a machine busy with
// other suites, not the 30 s of one test.
beforeAll(async () => {
  // Behind a 'proxy': the refused sign-in below comes from an address of its own, so it counts against no other test's.
  // Payments go to a local stand-in for Stripe's API (test/support/stripe-mock), mail to a local SMTP server.
  stripe = await new StripeMock().start();
  smtp = await startSmtpServer();
  const webhookSecret = 'whsec_contract';
  server = await startTestServer({
    TRUST_PROXY: 'true',
    STRIPE_SECRET_KEY: 'sk_test_contract',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_contract',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: stripe.url,
    SMTP_URL: smtp.url,
    MFA_REQUIRED_FOR: 'admin',
  });
  const visitor = recordInto(exchanges, new TestClient(server.url));
  checker = await ContractChecker.load((await visitor.get('/api/openapi.json')).body);

  // A visitor: public reads, refusals, sign-up.
  await visitor.get('/api/health');
  await visitor.get('/api/health/live');
  await visitor.get('/api/health/ready');
  await visitor.get('/api/doctors');
  // Test servers seed no demo data, so the hint answers 404; then 200, with the demo login start-up sets where it seeds.
  await visitor.get('/api/auth/doctor/demo-credentials');
  server.app.deps.demoDoctorLogin = DEMO_CREDENTIALS.doctor;
  await visitor.get('/api/auth/doctor/demo-credentials');
  server.app.deps.demoDoctorLogin = null;
  await visitor.get('/api/docs');
  await visitor.get('/api/docs/viewer.js');
  await visitor.get('/api/medical-reports');
  const elsewhere = recordInto(exchanges, new TestClient(server.url, { 'X-Forwarded-For': `10.${randomOctet()}.${randomOctet()}.${randomOctet()}` }));
  await elsewhere.post('/api/auth/login', { usernameOrEmail: unique('nobody'), password: 'wrong-password' });
  await visitor.post('/api/passkeys/authentication/options', {});
  await visitor.post('/api/auth/signup', signupBody({ emergencyContact: { name: 'Sam Contract', phone: '+1 555 0198', relation: 'sibling' } }, 'c_'));
  await visitor.get('/api/auth/me');
  await visitor.get('/api/auth/session');
  await visitor.post('/api/auth/logout', {});

  // A patient's records.
  const alex = await patientParty(server.url);
  const patient = recordInto(exchanges, alex.client);
  const patientId = alex.account.record.id;
  await recordInto(exchanges, new TestClient(server.url)).post('/api/auth/login', { usernameOrEmail: alex.account.login, password: alex.account.password });
  await patient.get('/api/auth/me');
  await patient.get('/api/auth/session');
  await patient.get('/api/auth/vault-key');
  const report = await insertReport(patientId, { results: { hemoglobin: { value: 14.1, unit: 'g/dL' } } });
  await insertReport(patientId, { results: null, summary: null, doctorName: null });
  await patient.get('/api/medical-reports');
  await patient.get('/api/medical-reports/abilities');
  await patient.get(`/api/medical-reports/${report.id}`);
  await patient.patch(`/api/medical-reports/${report.id}`, { summary: 'Reviewed' });
  await patient.get(`/api/medical-reports/${report.id}/versions`);
  await patient.patch(`/api/medical-reports/${report.id}`, { title: '' });
  await patient.get('/api/medical-reports/6f1c7a3e-0000-4000-8000-000000000000');
  await patient.delete(`/api/medical-reports/${report.id}`);
  await patient.post('/api/medical-reports', { title: 'Flu vaccination', type: 'prescription', reportDate: '2026-10-01' });
  // Documents: a text PDF (its text layer), a photo (OCR), a PDF with nothing to read, the list and an original.
  const readPdf = await patient.post('/api/process-pdf-document', { pdfData: dataUrl('application/pdf', await textPdf([CLINIC_NOTE_LINES])) });
  await patient.post('/api/process-medical-document', { imageData: dataUrl('image/png', textImage(LAB_SHEET_LINES)) });
  await patient.post('/api/process-pdf-document', { pdfData: dataUrl('application/pdf', await textPdf([[]])) });
  await patient.get('/api/documents/recent');
  await patient.get(new URL(readPdf.body.report.documentUrl, server.url).pathname);
  // The PDF export: refused to the free plan, then answered once the patient has Premium.
  await patient.get('/api/medical-reports/export');
  await User.query().patch({ stripeSubscriptionId: unique('sub_') }).where({ id: patientId });
  await patient.get('/api/medical-reports/export?timeZone=Europe%2FLondon');
  await User.query().patch({ stripeSubscriptionId: null }).where({ id: patientId });
  // The FHIR export: free on every plan; a collection, or a transaction a FHIR server imports whole.
  await patient.get('/api/export/fhir');
  await patient.get('/api/export/fhir?type=transaction');
  await patient.get('/api/export/fhir?type=batch');
  // The FHIR import: a preview, the save, and a file of another FHIR version (422).
  const fhirFile = {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [
      { resource: { resourceType: 'MedicationStatement', status: 'active', medicationCodeableConcept: { text: 'Atorvastatin' }, effectiveDateTime: '2025-01-01', dosage: [{ text: '20mg' }] } },
      { resource: { resourceType: 'AllergyIntolerance', code: { text: 'Peanut' } } },
    ],
  };
  await patient.post('/api/import/fhir/preview?filename=records.json', fhirFile);
  await patient.post('/api/import/fhir?filename=records.json', fhirFile);
  await patient.post('/api/import/fhir', { ...fhirFile, meta: { fhirVersion: '3.0.2' } });
  // SMART Health Links: shared, listed, opened by a visitor (a wrong passcode, the manifest, its file), a U link's file, revoked.
  const sharedFile = { contentType: 'application/fhir+json', jwe: await encryptFile({ resourceType: 'Bundle', type: 'collection', entry: [] }, newKey()) };
  await patient.post('/api/shared-links', { label: 'For Dr. Lee', expiresInDays: 7, passcode: 'contract-42', file: sharedFile });
  await patient.post('/api/shared-links', { label: '', expiresInDays: 2, file: sharedFile });
  const sharedLinks = await patient.get('/api/shared-links');
  const withPasscode = await insertSharedLink(patientId, { passcode: 'contract-42' });
  await visitor.post(`/api/shl/${withPasscode.token}`, { recipient: 'Dr. Lee', passcode: 'not-it' });
  const sharedManifest = await visitor.post(`/api/shl/${withPasscode.token}`, { recipient: 'Dr. Lee', passcode: 'contract-42' });
  await visitor.get(new URL(sharedManifest.body.files[0].location).pathname);
  await visitor.get(new URL(sharedManifest.body.files[0].location).pathname);
  await visitor.get(`/api/shl/${(await insertSharedLink(patientId, { flag: 'U' })).token}?recipient=Dr.%20Lee`);
  await patient.delete(`/api/shared-links/${sharedLinks.body.links[0].id}`);
  await visitor.post(`/api/shl/${withPasscode.token.slice(1)}x`, { recipient: 'Dr. Lee' });

  const medication = await patient.post('/api/medications', { name: 'Lisinopril', dosage: '10mg', frequency: 'once_daily', reminderTimes: ['08:00'] });
  // Smart reminders: refused to the free plan (402); with Premium, a supply is projected.
  await patient.patch(`/api/medications/${medication.body.id}`, { pillsLeft: 30 });
  await User.query().patch({ stripeSubscriptionId: unique('sub_') }).where({ id: patientId });
  await patient.patch(`/api/medications/${medication.body.id}`, { pillsLeft: 30, pillsPerDose: 1, refillReminderDays: 7, followUpMinutes: 30 });
  await User.query().patch({ stripeSubscriptionId: null }).where({ id: patientId });
  await patient.get('/api/medications');
  await patient.patch(`/api/medications/${medication.body.id}`, { dosage: '20mg', endDate: null });
  await patient.delete(`/api/medications/${medication.body.id}`);
  await patient.get('/api/push/public-key');
  const pushEndpoint = { endpoint: 'https://fcm.googleapis.com/fcm/send/contract', keys: { p256dh: 'BPublicKeyOfTheBrowser', auth: 'AuthSecret' } };
  await patient.post('/api/push/subscribe', pushEndpoint);
  await patient.post('/api/push/subscribe', { endpoint: 'nowhere' });
  await patient.post('/api/push/unsubscribe', { endpoint: pushEndpoint.endpoint });
  await patient.put('/api/auth/time-zone', { timeZone: 'Europe/London' });
  await patient.put('/api/auth/time-zone', { timeZone: 'Mars/Olympus' });
  const dose = await insertDose(patientId);
  await patient.get('/api/medication-reminders?days=7');
  await patient.patch(`/api/medication-reminders/${dose.id}`, { status: 'taken' });
  await patient.patch(`/api/medication-reminders/${dose.id}`, { status: 'forgotten' });

  const appointment = await patient.post('/api/appointments', appointmentBody({ reason: 'Check-up' }));
  await patient.get('/api/appointments');
  await patient.patch(`/api/appointments/${appointment.body.id}`, { appointmentDate: minutesFromNow(4 * 24 * 60) });
  await patient.patch(`/api/appointments/${appointment.body.id}/reminder`, { reminderEnabled: true });
  await patient.delete(`/api/appointments/${appointment.body.id}`);

  const notification = await insertNotification(patientId);
  await patient.get('/api/notifications');
  await patient.patch(`/api/notifications/${notification.id}/read`, {});
  await patient.patch('/api/notifications/read-all', {});
  await patient.get('/api/dashboard-summary?timeZone=Europe%2FLondon');
  await patient.post('/api/medical-summary', { type: 'overview', timeZone: 'Europe/London' });
  await patient.get('/api/access-history?limit=5');
  // Alex is signed in twice (the sign-in above): end that other device, then change the password.
  const devices = await patient.get('/api/auth/sessions');
  await patient.delete(`/api/auth/sessions/${devices.body.find((d: { current: boolean }) => !d.current).id}`);
  await patient.delete('/api/auth/sessions/not-one-of-yours');
  await patient.post('/api/auth/password', { currentPassword: 'not-the-password', newPassword: 'Brand-New-Pass-7', confirmPassword: 'Brand-New-Pass-7' });
  await patient.post('/api/auth/password', { currentPassword: alex.account.password, newPassword: 'Brand-New-Pass-7', confirmPassword: 'Brand-New-Pass-7' });
  await patient.post('/api/auth/sessions/revoke-others', {});
  // Two-step verification: turned on, a sign-in from another device through it, turned off again.
  await patient.get('/api/auth/mfa');
  const enrolment = await patient.post('/api/auth/mfa/enrolment', {});
  const confirmed = await patient.post('/api/auth/mfa/confirm', { code: await generate({ secret: enrolment.body.secret }) });
  const otherDevice = recordInto(exchanges, new TestClient(server.url));
  await otherDevice.post('/api/auth/login', { usernameOrEmail: alex.account.login, password: 'Brand-New-Pass-7' });
  await otherDevice.post('/api/auth/mfa/verify', { code: confirmed.body.recoveryCodes[0] });
  await patient.post('/api/auth/mfa/disable', { code: confirmed.body.recoveryCodes[1] });
  // A passkey (a software authenticator): set up, used to sign in from another browser, listed and removed.
  const phone = new VirtualAuthenticator(server.url);
  const registration = await patient.post('/api/passkeys/registration/options', {});
  const passkey = await patient.post('/api/passkeys/registration', { credential: phone.register(registration.body), deviceName: 'Contract phone' });
  const passkeyBrowser = recordInto(exchanges, new TestClient(server.url));
  const passkeySignIn = await passkeyBrowser.post('/api/passkeys/authentication/options', {});
  await passkeyBrowser.post('/api/passkeys/authentication', { credential: phone.authenticate(passkeySignIn.body) });
  await patient.get('/api/passkeys');
  await patient.delete(`/api/passkeys/${passkey.body.id}`);
  await patient.get('/api/admin/doctors');
  // One's profile; another patient asks to delete their account (a wrong password first), signs in again and keeps it.
  await patient.patch('/api/auth/me', { phone: '+1 555 0142', emergencyContact: null });
  await patient.patch('/api/auth/me', { firstName: 'A' });
  const leaving = await createPatient();
  const leaver = recordInto(exchanges, await signedInClient(server.url, leaving));
  await leaver.post('/api/account/deletion', { password: 'not-the-password' });
  await leaver.post('/api/account/deletion', { password: leaving.password });
  const returning = recordInto(exchanges, await signedInClient(server.url, leaving));
  await returning.delete('/api/account/deletion');
  // A forgotten password: the link by email (to the local SMTP server), then the new password through it.
  const forgetful = await createPatient();
  await visitor.post('/api/auth/password-reset', { email: forgetful.record.email });
  const resetToken = /reset-password\?token=([A-Za-z0-9_-]+)/.exec((await smtp.nextMailTo(forgetful.record.email)).text)![1];
  await visitor.post('/api/auth/password-reset/complete', { token: 'not-a-reset-token', newPassword: 'Fresh-Harbour-42', confirmPassword: 'Fresh-Harbour-42' });
  await visitor.post('/api/auth/password-reset/complete', { token: resetToken, newPassword: 'Fresh-Harbour-42', confirmPassword: 'Fresh-Harbour-42' });

  // A consultation, from both sides.
  const drLee = await doctorParty(server.url);
  const doctor = recordInto(exchanges, drLee.client);
  const booked = await book(patient, drLee.account.record.id);
  await patient.post('/api/consultations', { doctorId: drLee.account.record.id, appointmentDate: booked.appointmentDate, consultationType: 'video' });
  await patient.get('/api/consultations');
  await patient.get(`/api/consultations/${booked.id}`);
  await patient.patch(`/api/consultations/${booked.id}`, { appointmentDate: minutesFromNow(2 * 24 * 60) });
  await doctor.get('/api/auth/doctor/me');
  await doctor.get('/api/doctor/consultations');
  await doctor.get('/api/doctor/consultations?when=upcoming&patient=a&limit=5&offset=0');
  await doctor.get('/api/doctor/patient-count');
  await patient.get(`/api/consultations/${booked.id}/chat`);
  await doctor.get(`/api/consultations/${booked.id}/chat?limit=10`);
  await doctor.get(`/api/doctor/consultation/${booked.id}`);
  await doctor.get(`/api/doctor/patient/${patientId}/records`);
  await doctor.get(`/api/doctor/consultation/${booked.id}/medication-log?days=30`);
  await doctor.get(`/api/doctor/patients/${patientId}/record-access`);
  // Guests (issue 38): the doctor's link, the patient's request and its approval, the link checked, the guest's session,
  // the used link refused (checked and opened), the removal; then the same invitation on a peer-to-peer server, refused.
  server.app.deps.mediaMode = () => 'sfu';
  const invited = await doctor.post(`/api/consultations/${booked.id}/guests`, { expiresInMinutes: 60 });
  const asked = await patient.post(`/api/consultations/${booked.id}/guests`, {});
  await doctor.post(`/api/consultations/${booked.id}/guests/${asked.body.guest.id}/approval`, {});
  await patient.get(`/api/consultations/${booked.id}/guests`);
  const guestToken = new URL(invited.body.link).hash.slice(1);
  const guest = recordInto(exchanges, new TestClient(server.url));
  await guest.post('/api/guest/link', { token: guestToken });
  await guest.post('/api/guest/join', { token: guestToken, name: 'Contract Guest' });
  await guest.get('/api/guest/session');
  await recordInto(exchanges, new TestClient(server.url)).post('/api/guest/link', { token: guestToken });
  await recordInto(exchanges, new TestClient(server.url)).post('/api/guest/join', { token: guestToken, name: 'Second Guest' });
  await doctor.delete(`/api/consultations/${booked.id}/guests/${invited.body.guest.id}`);
  server.app.deps.mediaMode = () => 'p2p';
  await doctor.post(`/api/consultations/${booked.id}/guests`, {});
  // A former patient, seen 40 days ago: outside the access window, reached by break-glass with a reason.
  const former = await createPatient();
  await Consultation.query().insert({ patientId: former.record.id, doctorId: drLee.account.record.id, appointmentDate: new Date(Date.now() - 40 * 86_400_000), status: 'completed', fee: 5000 });
  await doctor.get(`/api/doctor/patient/${former.record.id}/records`);
  await doctor.post(`/api/doctor/patients/${former.record.id}/break-glass`, {});
  await doctor.post(`/api/doctor/patients/${former.record.id}/break-glass`, { reason: 'Follow-up call about an earlier result' });
  await doctor.put(`/api/doctor/consultation/${booked.id}/status`, { status: 'in_progress' });
  await doctor.put(`/api/doctor/consultation/${booked.id}/status`, { status: 'completed', diagnosis: 'Common cold', prescription: { rest: '3 days' } });
  const second = await book(patient, drLee.account.record.id, minutesFromNow(5 * 24 * 60));
  await patient.post(`/api/consultations/${second.id}/cancel`, {});
  await patient.get(`/api/consultations/${booked.id}/calendar.ics?timeZone=Europe%2FLondon`);
  await patient.get(`/api/appointments/${appointment.body.id}/calendar.ics`);
  const feed = await patient.post('/api/calendar/feed', { timeZone: 'Europe/London' });
  await patient.get('/api/calendar/feed');
  const feedPath = new URL(feed.body.url).pathname;
  await visitor.get(feedPath);
  await patient.delete('/api/calendar/feed');
  await visitor.get(feedPath);
  await recordInto(exchanges, new TestClient(server.url)).post('/api/auth/doctor/login', { email: drLee.account.login, password: drLee.account.password });

  // Payments: Testing Mode, Premium through Stripe (its webhook signed as Stripe signs it), a consultation fee.
  await patient.get('/api/payments/config');
  await patient.post('/api/test/grant-premium', {});
  await patient.get('/api/subscription');
  await patient.post('/api/subscription/cancel', {});
  await patient.post('/api/create-payment-intent', { plan: 'bi-weekly' });
  const premium = await patient.post('/api/create-payment-intent', { plan: 'yearly' });
  const intent = [...stripe.paymentIntents.values()].find((pi) => pi.client_secret === premium.body.clientSecret)!;
  for (const event of stripe.confirm(intent.id, 'succeeded')) {
    const payload = JSON.stringify(event);
    await visitor.request('POST', '/api/webhooks/stripe', payload, { 'stripe-signature': stripe.signature(payload, webhookSecret) });
  }
  await visitor.request('POST', '/api/webhooks/stripe', '{"id":"evt_forged"}', { 'stripe-signature': 't=1,v1=forged' });
  await patient.post('/api/subscription/sync', {});
  await patient.post('/api/subscription/cancel', {});
  const unpaid = await book(patient, drLee.account.record.id, minutesFromNow(6 * 24 * 60));
  await patient.post(`/api/consultations/${unpaid.id}/payment`, {});
  await patient.post(`/api/consultations/${unpaid.id}/payment/sync`, {});

  // The admin roster.
  // Admins need a second factor here (MFA_REQUIRED_FOR=admin): this one sets up a passkey (a software authenticator) at
  // the first sign-in, then uses it from a second device.
  const adminAccount = await createAdmin();
  const admin = recordInto(exchanges, new TestClient(server.url));
  const adminKey = new VirtualAuthenticator(server.url);
  await admin.post('/api/auth/login', { usernameOrEmail: adminAccount.login, password: adminAccount.password });
  const setup = await admin.post('/api/auth/mfa/passkey/registration/options', {});
  await admin.post('/api/auth/mfa/passkey/registration', { credential: adminKey.register(setup.body) });
  const adminElsewhere = recordInto(exchanges, new TestClient(server.url));
  await adminElsewhere.post('/api/auth/login', { usernameOrEmail: adminAccount.login, password: adminAccount.password });
  const challenge = await adminElsewhere.post('/api/auth/mfa/passkey/options', {});
  await adminElsewhere.post('/api/auth/mfa/passkey', { credential: adminKey.authenticate(challenge.body) });
  await admin.get('/api/admin/doctors');
  await admin.get('/api/admin/doctors?q=card&limit=20&offset=0');
  const created = await admin.post('/api/admin/doctors', {
    name: 'Dr. Contract Test',
    email: `${unique('roster_')}@clinic.test`,
    specialty: 'Cardiology',
    licenseNumber: unique('LIC'),
    phone: '+1 555 0101',
    experience: 7,
    consultationFee: 9000,
    password: 'Doctor-Pass-1',
  });
  await admin.patch(`/api/admin/doctors/${created.body.id}`, { bio: 'Heart specialist' });
  await admin.patch(`/api/admin/doctors/${created.body.id}/verification`, { isVerified: true });
  await admin.patch(`/api/admin/doctors/${created.body.id}/activation`, { isActive: false });
  await admin.post(`/api/admin/doctors/${created.body.id}/password-reset`, {});
  await admin.get('/api/admin/break-glass');
  // Support: the patient writes (and is refused a blank one), reads it back; the admin answers it once.
  const supportRequest = await patient.post('/api/support-requests', { subject: 'Export', message: 'Where is the PDF export?' });
  await patient.post('/api/support-requests', { subject: '', message: '' });
  await patient.get('/api/support-requests');
  await patient.get(`/api/support-requests/${supportRequest.body.id}`);
  await admin.get('/api/admin/support-requests?limit=20&offset=0');
  await admin.post(`/api/admin/support-requests/${supportRequest.body.id}/answer`, { answer: 'Reports, then Export PDF.' });
  await admin.post(`/api/admin/support-requests/${supportRequest.body.id}/answer`, { answer: 'Again' });
  await admin.get('/api/medical-reports');
}, 300_000);
afterAll(async () => {
  await server.close();
  await stripe.stop();
  await smtp.close();
});

describe('contract: recorded answers match the OpenAPI document', () => {
  it('every answer matches the schema of its route and status', () => {
    expect(exchanges.length).toBeGreaterThan(50);
    const mismatches = exchanges
      .map((exchange) => ({ call: `${exchange.method} ${exchange.path} -> ${exchange.status}`, problems: checker.problems(exchange) }))
      .filter((result) => result.problems.length);
    expect(mismatches).toEqual([]);
  });

  it('replays successes and refusals alike', () => {
    const statuses = new Set(exchanges.map((e) => e.status));
    for (const status of [200, 201, 204, 400, 401, 403, 404]) expect(statuses).toContain(status);
  });

  it('answers every documented operation (so every route) with a success at least once', () => {
    const documented = documentedOperations(exchanges[0]!.body as { paths: Record<string, object> });
    expect(documented.length).toBeGreaterThan(40);
    expect(operationsWithoutSuccess(documented, exchanges)).toEqual([]);
  });

  it('names a route that has no contract case', () => {
    const documented = documentedOperations(exchanges[0]!.body as { paths: Record<string, object> });
    const withoutHealth = exchanges.filter((e) => checker.operationOf(e) !== 'GET /api/health');
    expect(operationsWithoutSuccess(documented, withoutHealth)).toEqual(['GET /api/health']);
  });

  it('documents every refusal it meets by its own status, not only by the default answer', () => {
    const undocumented = exchanges.filter((e) => e.status >= 400 && e.status < 500 && !checker.namesStatus(e)).map((e) => `${e.method} ${e.path} -> ${e.status}`);
    expect(undocumented).toEqual([]);
  });

  it('catches an answer that does not match', () => {
    const reportList: Exchange = { method: 'GET', path: '/api/medical-reports', status: 200, contentType: 'application/json', body: [{ id: 'not-a-uuid', title: 3 }] };
    expect(checker.problems(reportList).join('\n')).toMatch(/format|type|required/);
    const undocumentedStatus: Exchange = { method: 'GET', path: '/api/health', status: 200, contentType: 'text/html', body: '<p>' };
    expect(checker.problems(undocumentedStatus)).toEqual(['content type text/html is not documented (application/json)']);
    expect(checker.problems({ ...reportList, path: '/api/nowhere' })).toEqual(['no documented operation']);
    const fhirExport: Exchange = { method: 'GET', path: '/api/export/fhir', status: 200, contentType: 'application/fhir+json; charset=utf-8', body: { resourceType: 'Patient' } };
    expect(checker.problems(fhirExport).join('\n')).toMatch(/must be equal to one of the allowed values|required/);
    const acceptedSignUp: Exchange = { method: 'POST', path: '/api/auth/signup', requestBody: { confirmPassword: 7 }, status: 202, contentType: 'application/json', body: { message: 'Check your email' } };
    expect(checker.problems(acceptedSignUp)).toEqual(expect.arrayContaining([expect.stringMatching(/^request \/confirmPassword must be string/)]));
  });
});
