import { expect, test } from '@playwright/test';
import { GUESTS_NEED_SFU } from '../../common/constants';
import {
  DEMO_DOCTOR,
  closePeerConnections,
  expectHearing,
  enterCall,
  expectVideoAdvancing,
  expectVideoPlaying,
  installSignallingSwitch,
  openCallParties,
  peerConnectionCount,
  setSignalling,
  trackPeerConnections,
  remotePicture,
  watchForCallStarted,
} from './support/call-parties';
import { seriousViolationsInBothThemes } from './support/axe';

test.describe('live consultation', () => {
  test('a patient and their doctor see and hear each other, toggle, chat, and the doctor completes the consultation', async ({ browser, request }) => {
    // The same journey runs once peer-to-peer and once through the SFU (the Playwright project says which).
    // A whole consultation with four accessibility scans of the live call: 45-55 s on an idle machine, so
    // the default 60 s ran out on CI's loaded one.
    test.setTimeout(120_000);
    const health = await (await request.get('/api/health')).json();
    expect(health.media).toBe(test.info().project.metadata.media);
    const call = await openCallParties(browser);
    const { patient, doctor, consultationId, patientName } = call;
    try {
      await enterCall(patient.page, consultationId);
      await expect(patient.page.getByText(`Waiting for Dr. ${DEMO_DOCTOR.name}`)).toBeVisible();
      await expectVideoPlaying(patient.page, 'local-video');

      const callStarted = watchForCallStarted(patient.page);
      await enterCall(doctor.page, consultationId);
      await expectVideoPlaying(doctor.page, 'remote-video');
      await expectVideoPlaying(patient.page, 'remote-video');
      await expect(patient.page.getByText(`Waiting for Dr. ${DEMO_DOCTOR.name}`)).toBeHidden();
      await expect(doctor.page.getByRole('heading', { name: patientName })).toBeVisible();
      // Guests come through the SFU: a peer-to-peer call says so where 'Invite a guest' would be.
      for (const side of [doctor.page, patient.page]) {
        const invite = side.getByRole('button', { name: 'Invite a guest' });
        if (health.media === 'sfu') await expect(invite).toBeVisible();
        else {
          await expect(side.getByText(GUESTS_NEED_SFU)).toBeVisible();
          await expect(invite).toHaveCount(0);
        }
      }
      await callStarted;
      await expect(patient.page.getByTestId('call-timer')).not.toHaveText('00:00', { timeout: 5000 });
      // A reload (or a return) keeps the call's duration: the patient's timer goes on with the doctor's, not from 00:00.
      await expect(doctor.page.getByTestId('call-timer')).not.toHaveText(/^00:0[0-4]$/, { timeout: 10_000 });
      await enterCall(patient.page, consultationId);
      await expectVideoPlaying(patient.page, 'remote-video');
      const seconds = async (side: typeof patient) => {
        const [minutes, secs] = (await side.page.getByTestId('call-timer').innerText()).split(':').map(Number);
        return minutes * 60 + secs;
      };
      expect(Math.abs((await seconds(patient)) - (await seconds(doctor)))).toBeLessThanOrEqual(2);

      // The doctor's camera goes off: the patient sees it, then it comes back.
      await doctor.page.getByRole('button', { name: 'Turn camera off' }).click();
      await expect(patient.page.getByText('Camera off')).toBeVisible();
      await doctor.page.getByRole('button', { name: 'Turn camera on' }).click();
      await expect(patient.page.getByText('Camera off')).toBeHidden();
      // Each hears the other (the fake microphones beep).
      await expectHearing(doctor.page);
      await expectHearing(patient.page);
      await patient.page.getByRole('button', { name: 'Mute microphone' }).click();
      await expect(doctor.page.getByText('Muted')).toBeVisible();

      // The patient shares their screen: the doctor sees it (whole, not cropped) instead of the camera, then the camera again.
      expect(await remotePicture(doctor.page)).toEqual({ shape: 'camera', fit: 'cover' });
      await patient.page.getByRole('button', { name: 'Share screen' }).click();
      await expect(patient.page.getByRole('button', { name: 'Stop sharing screen' })).toBeVisible();
      await expect.poll(() => remotePicture(doctor.page), { timeout: 15_000 }).toEqual({ shape: 'other', fit: 'contain' });
      await expectVideoAdvancing(doctor.page, 'remote-video');
      await patient.page.getByRole('button', { name: 'Stop sharing screen' }).click();
      await expect.poll(() => remotePicture(doctor.page), { timeout: 15_000 }).toEqual({ shape: 'camera', fit: 'cover' });

      // Chat both ways; a blank line is ignored.
      await patient.page.getByRole('button', { name: 'Open chat' }).click();
      await patient.page.getByRole('textbox', { name: 'Message' }).fill('Hello doctor, the cough is worse at night.');
      await patient.page.getByRole('button', { name: 'Send message' }).click();
      await expect(doctor.page.getByRole('button', { name: 'Open chat' }).getByLabel('1 unread')).toBeVisible();
      // The live call reads in both themes: its controls (on, off, End call), the unread badge, and the patient's
      // own line and the chat's send button on the theme's primary colour.
      const [doctorScreen, patientScreen] = await Promise.all([seriousViolationsInBothThemes(doctor.page), seriousViolationsInBothThemes(patient.page)]);
      expect(doctorScreen).toEqual([]);
      expect(patientScreen).toEqual([]);
      await doctor.page.getByRole('button', { name: 'Open chat' }).click();
      await expect(doctor.page.getByTestId('chat-message').filter({ hasText: 'the cough is worse at night' })).toBeVisible();
      await doctor.page.getByRole('textbox', { name: 'Message' }).fill('Any fever or shortness of breath?');
      await doctor.page.getByRole('textbox', { name: 'Message' }).press('Enter');
      await expect(patient.page.getByTestId('chat-message').filter({ hasText: 'Any fever or shortness of breath?' })).toBeVisible();
      await patient.page.getByRole('textbox', { name: 'Message' }).fill('    ');
      await expect(patient.page.getByRole('button', { name: 'Send message' })).toBeDisabled();
      await expect(patient.page.getByTestId('chat-message')).toHaveCount(2);

      // The doctor starts and completes the consultation; the patient's screen follows live.
      await doctor.page.getByRole('button', { name: 'Hide chat' }).click();
      await doctor.page.getByRole('button', { name: 'Start Consultation' }).click();
      await expect(patient.page.getByTestId('consultation-status')).toHaveText('In Progress');
      // The page the call ends on shows the new status from the first moment: its read of the consultation is
      // held here, so only what the app kept from before the call can be on screen.
      let releaseRead!: () => void;
      const readHeld = new Promise<void>((resolve) => (releaseRead = resolve));
      await doctor.page.route(`**/api/doctor/consultation/${consultationId}`, async (route) => {
        await readHeld;
        await route.continue().catch(() => undefined);
      });
      // Complete asks for the outcome first: closing the dialog keeps the consultation going.
      await doctor.page.getByRole('button', { name: 'Complete' }).click();
      const outcome = doctor.page.getByRole('dialog', { name: 'Complete Consultation' });
      await outcome.getByRole('button', { name: 'Cancel' }).click();
      await expect(outcome).toBeHidden();
      await expect(patient.page.getByTestId('consultation-status')).toHaveText('In Progress');
      await doctor.page.getByRole('button', { name: 'Complete' }).click();
      await outcome.getByLabel('Diagnosis').fill('Viral upper respiratory infection');
      await outcome.getByRole('button', { name: 'Complete Consultation' }).click();
      await expect(patient.page.getByTestId('consultation-status')).toHaveText('Completed');
      await expect(patient.page.getByText('The consultation has been completed').first()).toBeVisible();
      await expect(patient.page).toHaveURL(/\/telemedicine$/, { timeout: 10_000 });
      await expect(patient.page.getByTestId('consultation-diagnosis').first()).toHaveText('Diagnosis: Viral upper respiratory infection');
      await expect(doctor.page).toHaveURL(new RegExp(`/doctor/consultation/${consultationId}$`), { timeout: 10_000 });
      await expect(doctor.page.getByTestId('consultation-header').getByText('Completed')).toBeVisible();
      await expect(doctor.page.getByRole('button', { name: 'Start Consultation' })).toHaveCount(0);
      releaseRead();
    } finally {
      await call.close();
    }
  });

  test('a dropped signalling connection shows Reconnecting..., rejoins by itself and restores media and chat', async ({ browser }) => {
    const call = await openCallParties(browser);
    const { patient, doctor, consultationId, patientName } = call;
    try {
      await installSignallingSwitch(patient.page);
      await enterCall(patient.page, consultationId);
      await enterCall(doctor.page, consultationId);
      await expectVideoPlaying(patient.page, 'remote-video');
      await expectVideoPlaying(doctor.page, 'remote-video');
      await patient.page.getByRole('button', { name: 'Open chat' }).click();
      await patient.page.getByRole('textbox', { name: 'Message' }).fill('Before the blip');
      await patient.page.getByRole('textbox', { name: 'Message' }).press('Enter');
      await expect(patient.page.getByTestId('chat-message')).toHaveCount(1);

      await setSignalling(patient.page, 'drop');
      await expect(patient.page.getByText('Reconnecting...')).toBeVisible();
      // The server saw the patient's connection die: the doctor is told they are reconnecting, not gone.
      await expect(doctor.page.getByText(`${patientName} is reconnecting...`)).toBeVisible();
      await expect(doctor.page.getByText(`Waiting for ${patientName}`)).toBeHidden();

      await setSignalling(patient.page, 'restore');
      await expect(patient.page.getByText('Reconnecting...')).toBeHidden({ timeout: 15_000 });
      await expect(doctor.page.getByText(`${patientName} is reconnecting...`)).toBeHidden({ timeout: 15_000 });
      await expectVideoAdvancing(patient.page, 'remote-video');
      await expectVideoAdvancing(doctor.page, 'remote-video');

      // The rejoined room carries chat both ways, and the history holds each line once.
      await patient.page.getByRole('textbox', { name: 'Message' }).fill('After the blip');
      await patient.page.getByRole('textbox', { name: 'Message' }).press('Enter');
      await doctor.page.getByRole('button', { name: 'Open chat' }).click();
      await expect(doctor.page.getByTestId('chat-message').filter({ hasText: 'After the blip' })).toBeVisible();
      await doctor.page.getByRole('textbox', { name: 'Message' }).fill('Welcome back');
      await doctor.page.getByRole('textbox', { name: 'Message' }).press('Enter');
      await expect(patient.page.getByTestId('chat-message').filter({ hasText: 'Welcome back' })).toBeVisible();
      await expect(patient.page.getByTestId('chat-message')).toHaveCount(3);
    } finally {
      await call.close();
    }
  });

  test('a media link that fails while signalling stays up is rebuilt by itself', async ({ browser }) => {
    const call = await openCallParties(browser);
    const { patient, doctor, consultationId } = call;
    try {
      await trackPeerConnections(patient.page);
      await enterCall(patient.page, consultationId);
      await enterCall(doctor.page, consultationId);
      await expectVideoAdvancing(patient.page, 'remote-video');
      await expectVideoAdvancing(doctor.page, 'remote-video');
      const linksBefore = await closePeerConnections(patient.page);

      // The patient's closed connection presents no frame again: frames here come from a rebuilt one.
      await expectVideoAdvancing(patient.page, 'remote-video');
      expect(await peerConnectionCount(patient.page)).toBeGreaterThan(linksBefore);
      await expectVideoAdvancing(doctor.page, 'remote-video');
      await expect(patient.page.getByText('Reconnecting...')).toBeHidden();
      await expect(doctor.page.getByText('Reconnecting...')).toBeHidden();
    } finally {
      await call.close();
    }
  });

  test('the chat history is kept, and a visitor is sent home', async ({ browser, page }) => {
    const call = await openCallParties(browser, 'chat');
    try {
      const { patient, doctor, consultationId } = call;
      await patient.page.goto(`/video-call/${consultationId}`);
      await patient.page.getByRole('textbox', { name: 'Message' }).fill('Sent before the doctor arrived');
      await patient.page.getByRole('textbox', { name: 'Message' }).press('Enter');
      await expect(patient.page.getByTestId('chat-message')).toHaveCount(1);
      await doctor.page.goto(`/video-call/${consultationId}`);
      await expect(doctor.page.getByTestId('chat-message').filter({ hasText: 'Sent before the doctor arrived' })).toBeVisible();
      await expect(patient.page.getByText('Call Started')).toBeVisible();

      await page.goto(`/video-call/${consultationId}`);
      await expect(page).toHaveURL(/\/$/);
    } finally {
      await call.close();
    }
  });
});
