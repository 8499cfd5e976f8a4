import { expect, test, type Browser } from '@playwright/test';
import { CONSULTATION_ENDED_MESSAGE } from '../../common/consultation-status';
import { DEMO_DOCTOR, enterCall, expectVideoAdvancing, openCallParties, signUpPatient } from './support/call-parties';
import { DOCTOR_PASSWORD, addVerifiedDoctor, signInAdmin, unverifyAddedDoctors } from './support/doctors';

/**
 * Issue 38, states that tell the truth, in both media modes: each says what is happening and what the
 * person can do, where the call used to say something else.
 */

const DOCTOR = `Dr. ${DEMO_DOCTOR.name}`;

test.afterEach(async ({ browser }) => unverifyAddedDoctors(browser));

test('the side that lost its network says it is offline and reconnecting, not that it waits for the other', async ({ browser }) => {
  const call = await openCallParties(browser);
  try {
    await enterCall(call.patient.page, call.consultationId);
    await enterCall(call.doctor.page, call.consultationId);
    await expectVideoAdvancing(call.patient.page, 'remote-video');

    await call.patient.context.setOffline(true);
    await expect(call.patient.page.getByText('You are offline - reconnecting')).toBeVisible();
    await expect(call.patient.page.getByText(`Waiting for ${DOCTOR}`)).toHaveCount(0);
    await expect(call.doctor.page.getByText(`${call.patientName} is reconnecting...`)).toBeVisible();

    await call.patient.context.setOffline(false);
    await expect(call.patient.page.getByText('You are offline - reconnecting')).toBeHidden({ timeout: 15_000 });
    await expectVideoAdvancing(call.patient.page, 'remote-video');
  } finally {
    await call.close();
  }
});

test("after 'End call' the chat says the consultation is still open, not that it has ended", async ({ browser }) => {
  const call = await openCallParties(browser);
  try {
    const { page } = call.patient;
    await enterCall(page, call.consultationId);
    await page.getByRole('button', { name: 'Open chat' }).click();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
    // The page leaves for Telemedicine 2 seconds after End call: what the chat said meanwhile is noted as it is drawn.
    await page.evaluate(() => {
      const said = new Set<string>();
      Object.assign(window, { chatNotices: said });
      new MutationObserver(() => {
        document.querySelectorAll('[aria-label="Consultation chat"] [role="status"]').forEach((notice) => said.add(notice.textContent ?? ''));
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole('button', { name: 'End call' }).click();
    await expect(page).toHaveURL(/\/telemedicine$/);
    const said = await page.evaluate(() => [...(window as unknown as { chatNotices: Set<string> }).chatNotices]);
    expect(said).toEqual(['You left the call; the consultation is still open. Join it again to keep chatting.']);
    expect(said).not.toContain(CONSULTATION_ENDED_MESSAGE);
  } finally {
    await call.close();
  }
});

/** A patient booked with a doctor added for this test, both in the call. */
async function callWithAddedDoctor(browser: Browser) {
  const doctor = await addVerifiedDoctor(browser, 5000);
  const permissions = ['camera', 'microphone'];
  const patientContext = await browser.newContext({ permissions });
  const doctorContext = await browser.newContext({ permissions });
  await signUpPatient(patientContext.request);
  const slot = new Date(Date.now() + (24 + Math.floor(Math.random() * 2000)) * 3_600_000);
  slot.setMinutes(0, 0, 0);
  const booked = await patientContext.request.post('/api/consultations', {
    data: { doctorId: doctor.id, appointmentDate: slot.toISOString(), consultationType: 'video', symptoms: 'Sore throat for three days', duration: 30 },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const consultationId = (await booked.json()).id as string;
  const login = await doctorContext.request.post('/api/auth/doctor/login', { data: { email: doctor.email, password: DOCTOR_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const [patientPage, doctorPage] = await Promise.all([patientContext.newPage(), doctorContext.newPage()]);
  await enterCall(patientPage, consultationId);
  await enterCall(doctorPage, consultationId);
  return {
    doctor,
    patientPage,
    doctorPage,
    close: () => Promise.all([patientContext.close(), doctorContext.close()]),
  };
}

test('a patient whose doctor the clinic unverifies mid-call is told so, and what to do', async ({ browser }) => {
  const call = await callWithAddedDoctor(browser);
  try {
    await expectVideoAdvancing(call.patientPage, 'remote-video');
    const admin = await browser.newContext();
    await signInAdmin(admin.request);
    const unverified = await admin.request.patch(`/api/admin/doctors/${call.doctor.id}/verification`, { data: { isVerified: false } });
    expect(unverified.status(), await unverified.text()).toBe(200);
    await admin.close();

    await expect(call.patientPage.getByText(`Dr. ${call.doctor.name} can no longer take this consultation`)).toBeVisible();
    await expect(call.patientPage.getByText('book another doctor from Telemedicine')).toBeVisible();
    await expect(call.patientPage.getByText(`Waiting for Dr. ${call.doctor.name}`)).toHaveCount(0);
    // Nothing to invite a guest to meanwhile.
    await expect(call.patientPage.getByRole('button', { name: 'Invite a guest' })).toHaveCount(0);
    // Still true after a reload: the join says so too.
    await call.patientPage.reload();
    await call.patientPage.getByRole('button', { name: 'Join consultation' }).click();
    await expect(call.patientPage.getByText(`Dr. ${call.doctor.name} can no longer take this consultation`)).toBeVisible();

    // The clinic verifies the doctor again: the call waits for them as before.
    const reinstate = await browser.newContext();
    await signInAdmin(reinstate.request);
    expect((await reinstate.request.patch(`/api/admin/doctors/${call.doctor.id}/verification`, { data: { isVerified: true } })).status()).toBe(200);
    await reinstate.close();
    await expect(call.patientPage.getByText(`Dr. ${call.doctor.name} can no longer take this consultation`)).toBeHidden();
    await expect(call.patientPage.getByText(`Waiting for Dr. ${call.doctor.name}`)).toBeVisible();
  } finally {
    await call.close();
  }
});

test('a media link that never forms says so after a while and offers the chat, which works', async ({ browser }) => {
  test.setTimeout(120_000);
  const call = await openCallParties(browser);
  try {
    // The patient's browser gathers no address it could send media from: no link ever forms.
    await call.patient.page.addInitScript(() => {
      const NativePeerConnection = window.RTCPeerConnection;
      window.RTCPeerConnection = class extends NativePeerConnection {
        constructor(configuration?: RTCConfiguration) {
          super({ ...configuration, iceServers: [], iceTransportPolicy: 'relay' });
        }
      } as typeof RTCPeerConnection;
    });
    await enterCall(call.patient.page, call.consultationId);
    await enterCall(call.doctor.page, call.consultationId);
    await expect(call.patient.page.getByText(`Connecting to ${DOCTOR}...`)).toBeVisible();

    const stalled = call.patient.page.getByText('Audio and video could not connect');
    await expect(stalled).toBeVisible({ timeout: 45_000 });
    await expect(call.doctor.page.getByText('Audio and video could not connect')).toBeVisible({ timeout: 45_000 });
    await expect(call.patient.page.getByText('Reconnecting...')).toHaveCount(0);

    await call.patient.page.getByRole('button', { name: 'Chat instead' }).click();
    await call.patient.page.getByRole('textbox', { name: 'Message' }).fill('My video will not connect; can we chat?');
    await call.patient.page.getByRole('button', { name: 'Send message' }).click();
    await call.doctor.page.getByRole('button', { name: 'Chat instead' }).click();
    await expect(call.doctor.page.getByTestId('chat-message').filter({ hasText: 'My video will not connect; can we chat?' })).toBeVisible();
  } finally {
    await call.close();
  }
});
