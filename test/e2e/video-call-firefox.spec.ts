import { expect, test, type Browser } from '@playwright/test';
import type { Browser as Firefox, Page as FirefoxPage } from 'puppeteer-core';
import { SHARED_DATABASE_ENV, mediaEnv } from './support/e2e-servers';
import { DEMO_DOCTOR, bookConsultation, enterCall, expectHearing, expectVideoAdvancing, signInDoctor, signUpPatient } from './support/call-parties';
import { carrySession, expectFirefoxHearing, expectFirefoxText, expectFirefoxVideoAdvancing, launchFirefox, nonLoopbackAddress } from './support/firefox';
import { startServerProcess, type ServerProcess } from '../support/server-process';

/**
 * Issue 38, a second browser engine: a patient in Firefox (Debian's ESR, driven over WebDriver BiDi) and their
 * doctor in Chromium, once peer-to-peer and once through the SFU. Firefox gathers no loopback candidates, so
 * the SFU pass runs a server of its own whose SFU listens on this machine's non-loopback address.
 */

const DOCTOR = `Dr. ${DEMO_DOCTOR.name}`;
let firefox: Firefox;
let sfuServer: ServerProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  firefox = await launchFirefox();
  if (test.info().project.metadata.media === 'sfu') {
    sfuServer = await startServerProcess({ ...SHARED_DATABASE_ENV, ...mediaEnv('sfu'), MEDIASOUP_LISTEN_IP: nonLoopbackAddress(), LOG_LEVEL: 'warn', LOGIN_FREE_FAILURES: '1000', LOGIN_ADDRESS_MAX_FAILURES: '100000' });
  }
});
test.afterAll(async () => {
  await firefox?.close();
  await sfuServer?.stop();
});

/** A Chromium doctor and a Firefox patient signed in on the pass's server, with a fresh video consultation between them. */
async function firefoxPatientCall(browser: Browser, projectUrl: string) {
  const baseURL = sfuServer ? sfuServer.url.replace('127.0.0.1', 'localhost') : projectUrl;
  const patientSession = await browser.newContext({ baseURL });
  const doctorContext = await browser.newContext({ baseURL, permissions: ['camera', 'microphone'] });
  const patientName = await signUpPatient(patientSession.request);
  const consultationId = await bookConsultation(patientSession.request);
  await signInDoctor(doctorContext.request);
  await carrySession(patientSession, baseURL, firefox);
  await patientSession.close();
  const patient = await firefox.newPage();
  const doctor = await doctorContext.newPage();
  return {
    patient,
    doctor,
    patientName,
    async enter(): Promise<void> {
      await patient.goto(`${baseURL}/video-call/${consultationId}`);
      await patient.locator('::-p-text(Join consultation)').click();
      await expectFirefoxText(patient, `Waiting for ${DOCTOR}`);
      await enterCall(doctor, consultationId);
      await expectVideoAdvancing(doctor, 'remote-video');
      await expectFirefoxVideoAdvancing(patient, 'remote-video');
    },
    async close(): Promise<void> {
      await patient.close();
      await doctorContext.close();
    },
  };
}

const press = (page: FirefoxPage, label: string) => page.locator(`button[aria-label="${label}"]`).click();

test('a Firefox patient and a Chromium doctor see and hear each other, toggle, and chat', async ({ browser, baseURL }) => {
  const call = await firefoxPatientCall(browser, baseURL!);
  const { patient, doctor } = call;
  try {
    await call.enter();
    await expectHearing(doctor);
    await expectFirefoxHearing(patient);

    await press(patient, 'Turn camera off');
    await expect(doctor.getByText('Camera off')).toBeVisible();
    await press(patient, 'Turn camera on');
    await expect(doctor.getByText('Camera off')).toBeHidden();
    await doctor.getByRole('button', { name: 'Mute microphone' }).click();
    await expectFirefoxText(patient, 'Muted');

    await press(patient, 'Open chat');
    await patient.locator('[aria-label="Message"]').fill('Hello from Firefox, the cough is better.');
    await patient.keyboard.press('Enter');
    await expectFirefoxText(patient, 'Hello from Firefox');
    await doctor.getByRole('button', { name: 'Open chat' }).click();
    await expect(doctor.getByTestId('chat-message').filter({ hasText: 'Hello from Firefox' })).toBeVisible();
    await doctor.getByRole('textbox', { name: 'Message' }).fill('Good to hear, keep taking the syrup.');
    await doctor.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expectFirefoxText(patient, 'keep taking the syrup');
  } finally {
    await call.close();
  }
});

test('a Firefox patient offline for 5 s is told so, and the call comes back by itself', async ({ browser, baseURL }) => {
  const call = await firefoxPatientCall(browser, baseURL!);
  const { patient, doctor, patientName } = call;
  try {
    await call.enter();
    await patient.setOfflineMode(true);
    await expectFirefoxText(patient, 'You are offline - reconnecting');
    await expect(doctor.getByText(`${patientName} is reconnecting...`)).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 5000));
    await patient.setOfflineMode(false);
    await expectFirefoxText(patient, 'You are offline - reconnecting', { gone: true });
    await expect(doctor.getByText(`${patientName} is reconnecting...`)).toBeHidden({ timeout: 15_000 });
    await expectFirefoxVideoAdvancing(patient, 'remote-video');
    await expectVideoAdvancing(doctor, 'remote-video');
  } finally {
    await call.close();
  }
});
