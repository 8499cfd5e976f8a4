import { test, expect, type APIRequestContext, type Page, type WebSocket } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { format } from 'date-fns';
import { enterCall } from './support/call-parties';
import { shootBothThemes } from './support/screens';
import { newPatient, signInByApi, signUpByApi } from './support/patients';
import { runSql } from './support/database';
import { DOCTOR_PASSWORD, addVerifiedDoctor, signInAdmin, signInDoctorThroughTheForm, unverifyAddedDoctors, unverifyLater } from './support/doctors';

const tag = () => randomUUID().replace(/-/g, '').slice(0, 8);

test.afterEach(async ({ browser }) => unverifyAddedDoctors(browser));

/** 'YYYY-MM-DDTHH:MM' for a datetime-local input, `minutes` from now on a 5-minute mark. */
function localSlot(minutes: number): { input: string; at: Date } {
  const at = new Date(Date.now() + minutes * 60_000);
  at.setMinutes(Math.ceil(at.getMinutes() / 5) * 5, 0, 0);
  return { input: format(at, "yyyy-MM-dd'T'HH:mm"), at };
}

/** Signs up a brand-new patient (with phone and emergency contact) and signs them in; returns the full name. */
async function signUpPatient(request: APIRequestContext): Promise<string> {
  const patient = newPatient('tele', { firstName: 'Jules', lastName: `Park${tag().slice(0, 4)}` });
  await signUpByApi(request, patient, { phone: '+1 555 0177', emergencyContact: { name: 'Sam Park', phone: '+1 555 0178', relation: 'parent' } });
  await signInByApi(request, patient);
  return `${patient.firstName} ${patient.lastName}`;
}

test('a patient books; the doctor reads the records, starts and completes it; the patient sees the diagnosis', async ({ browser }) => {
  const doctor = await addVerifiedDoctor(browser, 6400);
  const patientContext = await browser.newContext();
  const patient = await patientContext.newPage();
  const patientName = await signUpPatient(patientContext.request);
  const medication = await patientContext.request.post('/api/medications', { data: { name: 'Metformin', dosage: '500mg', frequency: 'twice_daily' } });
  expect(medication.status(), await medication.text()).toBe(201);
  const appointment = await patientContext.request.post('/api/appointments', {
    data: { doctorName: 'Dr. Lee', specialty: 'Cardiology', facility: 'Harbor Heart Clinic', appointmentDate: new Date(Date.now() + 9 * 86_400_000).toISOString() },
  });
  expect(appointment.status(), await appointment.text()).toBe(201);

  // The patient books from the doctor's card; the fee shown is the doctor's.
  await patient.goto('/telemedicine');
  await expect(patient.getByRole('heading', { name: 'Telemedicine', level: 1 })).toBeVisible();
  const card = patient.getByTestId('doctor-card').filter({ hasText: doctor.name });
  await expect(card).toContainText('Available');
  await expect(card).toContainText('$64.00');
  await card.getByRole('button', { name: 'Book Consultation' }).click();
  const dialog = patient.getByRole('dialog', { name: 'Book Consultation' });
  await expect(dialog.getByLabel('Doctor')).toHaveValue(doctor.id);
  await expect(dialog.getByTestId('consultation-fee')).toContainText('$64.00');
  await dialog.getByLabel('Appointment Date & Time').fill(localSlot(10).input);
  await dialog.getByLabel('Consultation Type').selectOption({ label: 'Video Call' });
  await dialog.getByLabel('Symptoms').fill('Sore throat and fever for three days');
  await dialog.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(patient.getByText('Consultation booked successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const booked = patient.getByTestId('consultation-card').filter({ hasText: `Dr. ${doctor.name}` });
  await expect(booked).toContainText('Scheduled');
  await expect(booked).toContainText('Sore throat and fever for three days');
  await expect(booked.getByRole('link', { name: 'Join Call' })).toBeVisible();

  // The doctor signs in and finds it on the dashboard (Today's Schedule, or Recent after midnight).
  const doctorContext = await browser.newContext();
  const portal = await doctorContext.newPage();
  await signInDoctorThroughTheForm(portal, doctor.email);
  await expect(portal.getByRole('heading', { name: `Dr. ${doctor.name}` })).toBeVisible();
  await expect(portal.getByTestId('stat-patients')).toContainText('1');
  await portal.getByTestId('doctor-consultation-row').filter({ hasText: patientName }).first().click();
  await expect(portal).toHaveURL(/\/doctor\/consultation\/[0-9a-f-]{36}$/);
  const consultationId = portal.url().split('/').pop()!;
  await expect(portal.getByRole('heading', { name: `Consultation with ${patientName}` })).toBeVisible();

  const info = portal.getByTestId('patient-info');
  await expect(info).toContainText('+1 555 0177');
  await expect(info).toContainText('Sam Park (Parent)');
  await expect(portal.getByTestId('consultation-overview')).toContainText('Sore throat and fever for three days');
  await portal.getByRole('tab', { name: 'Medical Records' }).click();
  await expect(portal.getByText('No medical records')).toBeVisible();
  // The arrow keys, Home and End move between the tabs, and the panel is named by the tab it shows.
  await portal.keyboard.press('ArrowRight');
  await expect(portal.getByRole('tab', { name: 'Medications' })).toBeFocused();
  await expect(portal.getByRole('tabpanel', { name: 'Medications' }).getByTestId('patient-medication')).toContainText('Metformin 500mg');
  await portal.keyboard.press('End');
  await expect(portal.getByRole('tab', { name: 'History', selected: true })).toBeFocused();
  await expect(portal.getByRole('tabpanel', { name: 'History' }).getByTestId('patient-appointment')).toContainText('Harbor Heart Clinic');
  await portal.keyboard.press('Home');
  await expect(portal.getByRole('tab', { name: 'Overview', selected: true })).toBeFocused();
  await portal.keyboard.press('ArrowLeft');
  await expect(portal.getByRole('tab', { name: 'History', selected: true })).toBeFocused();

  // Start opens the call in a new window.
  const popup = portal.waitForEvent('popup');
  await portal.getByRole('button', { name: 'Start Consultation' }).click();
  const call = await popup;
  await expect(call).toHaveURL(new RegExp(`/video-call/${consultationId}$`));
  await call.close();
  await expect(portal.getByText('Status Updated')).toBeVisible();
  await expect(portal.getByTestId('consultation-header').getByText('In Progress')).toBeVisible();

  await portal.getByRole('button', { name: 'Complete' }).click();
  const complete = portal.getByRole('dialog', { name: 'Complete Consultation' });
  await complete.getByLabel('Diagnosis').fill('Streptococcal pharyngitis');
  await complete.getByLabel('Prescription').fill('Amoxicillin 500mg three times daily for 10 days');
  await complete.getByLabel('Notes').fill('Return if fever persists beyond 48 hours.');
  await complete.getByRole('button', { name: 'Complete Consultation' }).click();
  await expect(complete).toBeHidden();
  await expect(portal.getByTestId('consultation-header').getByText('Completed')).toBeVisible();
  await portal.getByRole('tab', { name: 'Overview' }).click();
  await expect(portal.getByTestId('consultation-overview')).toContainText('Streptococcal pharyngitis');
  await expect(portal.getByRole('button', { name: 'Start Consultation' })).toHaveCount(0);

  // The patient sees the outcome.
  await patient.reload();
  await expect(booked).toContainText('Completed');
  await expect(booked.getByTestId('consultation-diagnosis')).toHaveText('Diagnosis: Streptococcal pharyngitis');
  await expect(booked.getByRole('link', { name: 'Join Call' })).toHaveCount(0);

  await patientContext.close();
  await doctorContext.close();
});

test("a doctor entered in the roster as 'Dr. …' carries the title once on the patient's and the doctor's screens", async ({ browser }) => {
  const doctor = await addVerifiedDoctor(browser, 5000, `Dr. Jane Smith ${tag()}`);
  const titled = doctor.name;
  const doubled = /Dr\.?\s*Dr\b/i;
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const page = await context.newPage();
  await signUpPatient(context.request);
  const booked = await context.request.post('/api/consultations', { data: { doctorId: doctor.id, appointmentDate: localSlot(2 * 24 * 60).at.toISOString(), symptoms: 'Recurring migraines' } });
  expect(booked.status(), await booked.text()).toBe(201);
  const consultationId = (await booked.json()).id as string;

  // My Consultations, the doctor's card and the booking dialog.
  await page.goto('/telemedicine');
  const card = page.getByRole('article', { name: `Consultation with ${titled}`, exact: true });
  await expect(card.getByRole('heading', { name: titled, exact: true })).toBeVisible();
  const doctorCard = page.getByTestId('doctor-card').filter({ hasText: titled });
  await expect(doctorCard.getByRole('heading', { name: titled, exact: true })).toBeVisible();
  await doctorCard.getByRole('button', { name: 'Book Consultation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Consultation' });
  await expect(dialog.getByLabel('Doctor').locator('option:checked')).toHaveText(`${titled} - General Practice`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('body')).not.toContainText(doubled);

  // The call title and the waiting placeholder.
  await enterCall(page, consultationId);
  await expect(page.getByText(`Waiting for ${titled}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: titled, exact: true })).toBeVisible();
  await expect(page.locator('body')).not.toContainText(doubled);
  await context.close();

  // The doctor's own dashboard.
  const doctorContext = await browser.newContext();
  const portal = await doctorContext.newPage();
  await signInDoctorThroughTheForm(portal, doctor.email);
  await expect(portal.getByRole('heading', { name: titled, exact: true })).toBeVisible();
  await expect(portal.locator('body')).not.toContainText(doubled);
  await doctorContext.close();
});

test('a patient reschedules and then cancels a consultation', async ({ browser }) => {
  const doctor = await addVerifiedDoctor(browser, 5000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpPatient(context.request);
  const first = localSlot(3 * 24 * 60);
  const res = await context.request.post('/api/consultations', { data: { doctorId: doctor.id, appointmentDate: first.at.toISOString(), symptoms: 'Knee pain after running' } });
  expect(res.status(), await res.text()).toBe(201);

  await page.goto('/telemedicine');
  const card = page.getByTestId('consultation-card').filter({ hasText: `Dr. ${doctor.name}` });
  await expect(card).toContainText(format(first.at, 'EEE, MMM d, yyyy'));
  await card.getByRole('button', { name: 'Reschedule' }).click();
  const later = localSlot(5 * 24 * 60 + 90);
  const dialog = page.getByRole('dialog', { name: 'Reschedule Consultation' });
  await dialog.getByLabel('New Date & Time').fill(later.input);
  await dialog.getByRole('button', { name: 'Reschedule' }).click();
  await expect(page.getByText('Consultation Rescheduled')).toBeVisible();
  await expect(card).toContainText(format(later.at, 'EEE, MMM d, yyyy'));
  await expect(card).toContainText(format(later.at, 'h:mm a'));

  await card.getByRole('button', { name: 'Cancel' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel Consultation?' });
  await confirm.getByRole('button', { name: 'Cancel Consultation' }).click();
  await expect(page.getByText('Consultation Cancelled')).toBeVisible();
  await expect(card).toContainText('Cancelled');
  await expect(card.getByRole('link', { name: 'Join Call' })).toHaveCount(0);
  await context.close();
});

test("a consultation nobody started is filed under the past as 'Not held' once its time has gone by, and can still be moved", async ({ browser }) => {
  const doctor = await addVerifiedDoctor(browser, 5000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpPatient(context.request);
  const res = await context.request.post('/api/consultations', { data: { doctorId: doctor.id, appointmentDate: localSlot(3 * 24 * 60).at.toISOString(), symptoms: 'Sore throat' } });
  expect(res.status(), await res.text()).toBe(201);
  // The doctor never started it and its day went by.
  await runSql(`update consultations set appointment_date = now() - interval '2 days' where id = $1`, [(await res.json()).id]);

  await page.goto('/telemedicine');
  const past = page.getByTestId('consultations-past');
  const card = past.getByTestId('consultation-card').filter({ hasText: `Dr. ${doctor.name}` });
  await expect(card.getByText('Not held', { exact: true })).toBeVisible();
  await expect(card.getByText('Scheduled', { exact: true })).toHaveCount(0);
  await expect(card.getByRole('link', { name: 'Join Call' })).toHaveCount(0);
  await expect(page.getByTestId('consultations-upcoming')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Reschedule' })).toBeVisible();
  await expect(card.getByText('Add to calendar')).toHaveCount(0);
  await shootBothThemes(page, 'consultation-not-held');
  await context.close();
});

test('a patient whose doctor the clinic deactivates is told so on the card, can no longer join or move it, and cancels it', async ({ browser }) => {
  const doctor = await addVerifiedDoctor(browser, 5000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signUpPatient(context.request);
  const soon = localSlot(5);
  const res = await context.request.post('/api/consultations', { data: { doctorId: doctor.id, appointmentDate: soon.at.toISOString(), symptoms: 'Rash on both arms' } });
  expect(res.status(), await res.text()).toBe(201);
  // The page's live connection is up (Socket.IO's connect packet came) before the clinic acts, so what follows is
  // its push, not the refetch a later connect makes.
  const live = page.waitForEvent('websocket').then((socket) => socket.waitForEvent('framereceived', { predicate: (frame) => String(frame.payload).startsWith('40') }));
  await page.goto('/telemedicine');
  await live;
  const card = page.getByTestId('consultation-card').filter({ hasText: `Dr. ${doctor.name}` });
  await expect(card.getByRole('link', { name: 'Join Call' })).toBeVisible();
  await expect(card.getByTestId('doctor-withdrawn')).toHaveCount(0);

  const admin = await browser.newContext();
  await signInAdmin(admin.request);
  expect((await admin.request.patch(`/api/admin/doctors/${doctor.id}/activation`, { data: { isActive: false } })).status()).toBe(200);
  await admin.close();

  // The open page hears it: no reload.
  await expect(card.getByTestId('doctor-withdrawn')).toHaveText(
    `Dr. ${doctor.name} can no longer take this consultation: the clinic has withdrawn their access. Cancel it and book another doctor.`,
  );
  for (const name of ['Join Call', 'Reschedule', 'Add to calendar']) await expect(card.getByRole('link', { name }).or(card.getByRole('button', { name }))).toHaveCount(0);
  await shootBothThemes(page, 'doctor-withdrawn-card');
  await card.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Cancel Consultation?' }).getByRole('button', { name: 'Cancel Consultation' }).click();
  await expect(card).toContainText('Cancelled');
  await expect(card.getByTestId('doctor-withdrawn')).toHaveCount(0);
  await context.close();
});

test('an admin adds, verifies and re-prices a doctor, who then appears under Available Doctors', async ({ browser }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAdmin(adminContext.request);
  await admin.goto('/admin/doctors');
  await expect(admin.getByRole('heading', { name: 'Doctor Management' })).toBeVisible();

  const name = `Rowan Ellis ${tag()}`;
  unverifyLater(name);
  await admin.getByRole('button', { name: 'Add Doctor' }).click();
  const add = admin.getByRole('dialog', { name: 'Add New Doctor' });
  await add.getByLabel('Full Name').fill(name);
  await add.getByLabel('Email').fill(`rowan.${tag()}@clinic.test`);
  await add.getByLabel('Phone').fill('+1 555 0190');
  await add.getByLabel('Specialty').selectOption('Dermatology');
  await add.getByLabel('License Number').fill(`MD-DE-${tag()}`);
  await add.getByLabel('Experience (years)').fill('11');
  await add.getByLabel('Consultation Fee ($)').fill('95');
  await add.getByLabel('Initial Password').fill(DOCTOR_PASSWORD);
  await add.getByLabel('Bio (optional)').fill('Dermatologist with a focus on skin-cancer screening.');
  await add.getByRole('button', { name: 'Add Doctor' }).click();
  await expect(admin.getByText('Doctor Added')).toBeVisible();
  await expect(add).toBeHidden();

  const card = admin.getByTestId('roster-card').filter({ hasText: name });
  await expect(card).toContainText('Pending');
  await expect(card).toContainText('$95.00');
  await card.getByRole('button', { name: 'Verify' }).click();
  await expect(admin.getByText('Verification Updated')).toBeVisible();
  await expect(card).toContainText('Verified');

  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = admin.getByRole('dialog', { name: 'Edit Doctor' });
  await expect(edit.getByLabel('Consultation Fee ($)')).toHaveValue('95');
  await expect(edit.getByLabel('Initial Password')).toHaveCount(0);
  await edit.getByLabel('Consultation Fee ($)').fill('120');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(admin.getByText('Doctor Updated')).toBeVisible();
  await expect(card).toContainText('$120.00');

  const patientContext = await browser.newContext();
  const patient = await patientContext.newPage();
  await signUpPatient(patientContext.request);
  await patient.goto('/telemedicine');
  const listed = patient.getByTestId('doctor-card').filter({ hasText: name });
  await expect(listed).toContainText('Dermatology');
  await expect(listed).toContainText('$120.00');
  await expect(listed.getByRole('button', { name: 'Book Consultation' })).toBeEnabled();

  await adminContext.close();
  await patientContext.close();
});

/** Marks a page; a reload or a navigation away and back would lose the mark. */
const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
const stillTheSamePage = (page: Page) => page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage === true);

test("My Consultations and the doctor's dashboard follow each other's changes live, without a reload", async ({ browser }) => {
  const doctor = await addVerifiedDoctor(browser, 5000);
  const patientContext = await browser.newContext();
  const patient = await patientContext.newPage();
  await signUpPatient(patientContext.request);
  const booked = await patientContext.request.post('/api/consultations', {
    data: { doctorId: doctor.id, appointmentDate: localSlot(2 * 24 * 60).at.toISOString(), symptoms: 'Dizzy spells in the morning' },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const consultationId = (await booked.json()).id as string;

  const doctorContext = await browser.newContext();
  const portal = await doctorContext.newPage();
  await signInDoctorThroughTheForm(portal, doctor.email);
  const rows = portal.getByTestId('doctor-consultation-row');
  await expect(rows.filter({ hasText: 'Dizzy spells' })).toContainText('Scheduled');
  await patient.goto('/telemedicine');
  const cards = patient.getByTestId('consultation-card');
  const card = cards.filter({ hasText: 'Dizzy spells' });
  await expect(card).toContainText('Scheduled');
  await markPage(patient);
  await markPage(portal);

  // The doctor starts and completes it: the patient's list follows, and so does the doctor's own dashboard.
  const setStatus = (data: Record<string, string>) => doctorContext.request.put(`/api/doctor/consultation/${consultationId}/status`, { data });
  expect((await setStatus({ status: 'in_progress' })).status()).toBe(200);
  await expect(card).toContainText('In Progress');
  await expect(card.getByRole('link', { name: 'Join Call' })).toBeVisible();
  await expect(rows.filter({ hasText: 'Dizzy spells' })).toContainText('In Progress');
  expect((await setStatus({ status: 'completed', diagnosis: 'Benign positional vertigo' })).status()).toBe(200);
  await expect(card).toContainText('Completed');
  await expect(card.getByTestId('consultation-diagnosis')).toHaveText('Diagnosis: Benign positional vertigo');
  await expect(card.getByRole('link', { name: 'Join Call' })).toHaveCount(0);
  await expect(rows.filter({ hasText: 'Dizzy spells' })).toContainText('Completed');

  // The patient books another one, reschedules and cancels it: the doctor's dashboard follows.
  const first = localSlot(3 * 24 * 60);
  const again = await patientContext.request.post('/api/consultations', { data: { doctorId: doctor.id, appointmentDate: first.at.toISOString(), symptoms: 'Follow-up on the vertigo' } });
  expect(again.status(), await again.text()).toBe(201);
  const followUp = rows.filter({ hasText: 'Follow-up on the vertigo' });
  await expect(followUp).toContainText('Scheduled');
  await expect(followUp).toContainText(format(first.at, 'EEE, MMM d, yyyy'));
  const followUpCard = cards.filter({ hasText: 'Follow-up on the vertigo' });
  await followUpCard.getByRole('button', { name: 'Reschedule' }).click();
  const later = localSlot(6 * 24 * 60 + 90);
  const dialog = patient.getByRole('dialog', { name: 'Reschedule Consultation' });
  await dialog.getByLabel('New Date & Time').fill(later.input);
  await dialog.getByRole('button', { name: 'Reschedule' }).click();
  await expect(followUp).toContainText(format(later.at, 'EEE, MMM d, yyyy'));
  await expect(followUp).toContainText(format(later.at, 'h:mm a'));
  await followUpCard.getByRole('button', { name: 'Cancel' }).click();
  await patient.getByRole('dialog', { name: 'Cancel Consultation?' }).getByRole('button', { name: 'Cancel Consultation' }).click();
  await expect(followUp).toContainText('Cancelled');

  expect(await stillTheSamePage(patient)).toBe(true);
  expect(await stillTheSamePage(portal)).toBe(true);
  await patientContext.close();
  await doctorContext.close();
});

test("a patient waiting in the call shows on the doctor's dashboard; leaving the call never says the consultation was completed", async ({ browser }) => {
  const doctor = await addVerifiedDoctor(browser, 5000);
  const permissions = ['camera', 'microphone'];
  const patientContext = await browser.newContext({ permissions });
  const patient = await patientContext.newPage();
  const patientName = await signUpPatient(patientContext.request);
  const booked = await patientContext.request.post('/api/consultations', {
    data: { doctorId: doctor.id, appointmentDate: localSlot(3 * 24 * 60).at.toISOString(), consultationType: 'video', symptoms: 'Rash on both forearms' },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const consultationId = (await booked.json()).id as string;

  const doctorContext = await browser.newContext({ permissions });
  const portal = await doctorContext.newPage();
  await signInDoctorThroughTheForm(portal, doctor.email);
  const row = portal.getByTestId('doctor-consultation-row').filter({ hasText: patientName });
  const waiting = row.getByText('Patient is waiting');
  await expect(row).toContainText('Scheduled');
  await expect(waiting).toHaveCount(0);

  // The patient opens the call: the dashboard marks the consultation and says so in a toast.
  await enterCall(patient, consultationId);
  await expect(patient.getByText(`Waiting for Dr. ${doctor.name}`)).toBeVisible();
  await expect(waiting).toBeVisible();
  await expect(portal.getByText('Patient is waiting').first()).toBeVisible();
  await expect(portal.getByText(`${patientName} has joined the consultation and is waiting for you.`)).toBeVisible();

  // A dashboard opened now finds them waiting too.
  await portal.reload();
  await expect(waiting).toBeVisible();

  // The doctor joins from another window: nobody waits any more. Leaving says just that.
  const call = await doctorContext.newPage();
  await enterCall(call, consultationId);
  await expect(call.getByRole('heading', { name: patientName })).toBeVisible();
  await expect(waiting).toBeHidden();
  await call.getByRole('button', { name: 'End call' }).click();
  await expect(call.getByText('You left the call').first()).toBeVisible();
  await expect(call.getByText('The consultation has been completed')).toHaveCount(0);
  await expect(waiting).toBeVisible();
  await expect(call).toHaveURL(new RegExp(`/doctor/consultation/${consultationId}$`), { timeout: 10_000 });
  await expect(call.getByTestId('patient-waiting')).toHaveText('Patient is waiting');

  // The patient leaves too: still scheduled on both sides, and nobody waits.
  await patient.getByRole('button', { name: 'End call' }).click();
  await expect(patient.getByText('You left the call').first()).toBeVisible();
  await expect(patient.getByText('The consultation has been completed')).toHaveCount(0);
  await expect(patient).toHaveURL(/\/telemedicine$/, { timeout: 10_000 });
  await expect(patient.getByTestId('consultation-card').filter({ hasText: 'Rash on both forearms' })).toContainText('Scheduled');
  await expect(waiting).toBeHidden();
  await expect(call.getByTestId('patient-waiting')).toHaveCount(0);
  await expect(row).toContainText('Scheduled');

  await patientContext.close();
  await doctorContext.close();
});

test('the signed-in screens of a tab share one realtime connection, which gives way to the call screen and closes on sign-out', async ({ browser }) => {
  const doctor = await addVerifiedDoctor(browser, 5000);
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const page = await context.newPage();
  await signUpPatient(context.request);
  const booked = await context.request.post('/api/consultations', { data: { doctorId: doctor.id, appointmentDate: localSlot(10).at.toISOString(), symptoms: 'Ear ache' } });
  expect(booked.status(), await booked.text()).toBe(201);
  const sockets: WebSocket[] = [];
  page.on('websocket', (socket) => {
    if (socket.url().includes('/socket.io/')) sockets.push(socket);
  });
  const openSockets = () => sockets.filter((socket) => !socket.isClosed()).length;

  await page.goto('/telemedicine');
  await expect.poll(openSockets).toBe(1);
  await page.getByTestId('nav-appointments').click();
  await expect(page).toHaveURL(/\/appointments$/);
  await page.getByTestId('nav-telemedicine').click();
  await expect(page.getByTestId('consultation-card').filter({ hasText: 'Ear ache' })).toBeVisible();
  expect(sockets).toHaveLength(1);

  // The call screen holds its own socket; the shared one closes meanwhile and comes back afterwards.
  await page.getByTestId('consultation-card').filter({ hasText: 'Ear ache' }).getByRole('link', { name: 'Join Call' }).click();
  await page.getByRole('button', { name: 'Join consultation' }).click();
  await expect(page.getByText(`Waiting for Dr. ${doctor.name}`)).toBeVisible();
  await expect.poll(() => sockets.length).toBe(2);
  await expect.poll(openSockets).toBe(1);
  await page.getByRole('button', { name: 'End call' }).click();
  await expect(page).toHaveURL(/\/telemedicine$/, { timeout: 10_000 });
  await expect.poll(() => sockets.length).toBe(3);
  await expect.poll(openSockets).toBe(1);

  await page.getByTestId('nav-dashboard').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(openSockets).toBe(1);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(openSockets).toBe(0);
  await context.close();
});

test("a failed download of the realtime client is retried, and a page that cannot get it says so and offers a reload", async ({ browser }) => {
  const doctor = await addVerifiedDoctor(browser, 5000);
  // Service workers off: the chunk's request must reach the network, where this test drops it.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await signUpPatient(context.request);
  const socketOpened = () => page.waitForEvent('websocket', { predicate: (socket) => socket.url().includes('/socket.io/') });
  const book = async (symptoms: string, minutes: number) => {
    const booked = await context.request.post('/api/consultations', { data: { doctorId: doctor.id, appointmentDate: localSlot(minutes).at.toISOString(), symptoms } });
    expect(booked.status(), await booked.text()).toBe(201);
  };

  // One failed download: retried a second later, and the page's pushes work without a word.
  let dropped = 0;
  await page.route('**/assets/signalling-client-*.js', (route) => (dropped++ === 0 ? route.abort('connectionreset') : route.fallback()));
  const firstSocket = socketOpened();
  await page.goto('/telemedicine');
  await firstSocket;
  expect(dropped).toBeGreaterThan(1);
  await book('Sore throat', 20);
  await expect(page.getByTestId('consultation-card').filter({ hasText: 'Sore throat' })).toBeVisible();
  await expect(page.getByText('Live updates are off')).toHaveCount(0);

  // A download that keeps failing: after three tries the page says live updates are off and offers a reload.
  await page.unrouteAll();
  const stillDropping = await context.newPage();
  await stillDropping.route('**/assets/signalling-client-*.js', (route) => route.abort('connectionreset'));
  await stillDropping.goto('/appointments');
  await expect(stillDropping.getByText('Live updates are off')).toBeVisible({ timeout: 15_000 });
  await stillDropping.unrouteAll();
  const reloadedSocket = stillDropping.waitForEvent('websocket', { predicate: (socket) => socket.url().includes('/socket.io/') });
  await stillDropping.getByRole('button', { name: 'Reload' }).click();
  await reloadedSocket;
  await stillDropping.goto('/telemedicine');
  await book('Ear ache', 80);
  await expect(stillDropping.getByTestId('consultation-card').filter({ hasText: 'Ear ache' })).toBeVisible();
  await context.close();
});

test("doctors that could not be loaded say so and load on Try Again, without leaving the page", async ({ page }) => {
  await signUpPatient(page.request);
  await page.route('**/api/doctors', (route) => route.abort('connectionrefused'));
  await page.goto('/telemedicine');
  await expect(page.getByText('Failed to fetch doctors')).toBeVisible();
  await page.unroute('**/api/doctors');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByTestId('doctor-card').first()).toBeVisible();
  await expect(page.getByText('Failed to fetch doctors')).toHaveCount(0);
});
