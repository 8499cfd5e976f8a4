import { expect, test, type Page } from '@playwright/test';
import {
  DEMO_DOCTOR,
  enterCall,
  expectVideoAdvancing,
  expectVideoPlaying,
  installSignallingSwitch,
  openCallParties,
  setSignalling,
  watchForCallStarted,
} from './support/call-parties';

const DOCTOR = `Dr. ${DEMO_DOCTOR.name}`;

/** The id of the local preview's track of one kind: a new one means the device was opened afresh. */
function localTrack(page: Page, kind: 'audio' | 'video') {
  return page.getByTestId('local-video').evaluate((el, which) => {
    const [track] = which === 'audio' ? (el as HTMLVideoElement & { srcObject: MediaStream }).srcObject.getAudioTracks() : (el as HTMLVideoElement & { srcObject: MediaStream }).srcObject.getVideoTracks();
    return { id: track!.id, enabled: track!.enabled, live: track!.readyState === 'live' };
  }, kind);
}

/**
 * Resolves once the page's microphone has been loud `times` times, heard as the muted hint hears it
 * (MutedHint.tsx, useMicLevel.ts): a clone of the local audio track, its loudness (RMS) every 50 ms, loud above 0.02.
 */
function heardLoud(page: Page, times: number): Promise<void> {
  return page.getByTestId('local-video').evaluate(async (el, wanted) => {
    const clone = (el as HTMLVideoElement & { srcObject: MediaStream }).srcObject.getAudioTracks()[0]!.clone();
    clone.enabled = true;
    const context = new AudioContext();
    await context.resume();
    const analyser = context.createAnalyser();
    analyser.fftSize = 2048;
    context.createMediaStreamSource(new MediaStream([clone])).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let loud = 0;
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        analyser.getFloatTimeDomainData(samples);
        let sum = 0;
        for (const sample of samples) sum += sample * sample;
        if (Math.sqrt(sum / samples.length) > 0.02 && ++loud >= wanted) {
          clearInterval(timer);
          resolve();
        }
      }, 50);
    });
    clone.stop();
    await context.close();
  }, times);
}

async function optionValue(page: Page, select: string, label: string): Promise<string> {
  return (await page.getByRole('combobox', { name: select }).locator('option', { hasText: label }).getAttribute('value'))!;
}

// Runs peer-to-peer and through the SFU (the Playwright project says which).
test.describe('what people expect from a call screen', () => {
  test('a device check comes first: camera preview, microphone level and device choices, and nobody is told until Join', async ({ browser }) => {
    const call = await openCallParties(browser);
    const { patient, doctor, consultationId, patientName } = call;
    try {
      await enterCall(doctor.page, consultationId);
      await expect(doctor.page.getByText(`Waiting for ${patientName}`)).toBeVisible();

      await patient.page.goto(`/video-call/${consultationId}`);
      await expect(patient.page.getByRole('heading', { name: 'Ready to join?' })).toBeVisible();
      await expect(patient.page.getByText(`Consultation with ${DOCTOR}`)).toBeVisible();
      await expectVideoPlaying(patient.page, 'preview-video');
      const level = patient.page.getByRole('meter', { name: 'Microphone level' });
      await expect.poll(async () => Number(await level.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
      await expect(patient.page.getByRole('combobox', { name: 'Camera' })).toBeVisible();
      await expect(patient.page.getByRole('combobox', { name: 'Speaker' })).toBeVisible();

      // Another microphone, chosen before joining, is the one the call uses; the choice keeps the keyboard's focus.
      const microphone = await optionValue(patient.page, 'Microphone', 'Fake Audio Input 1');
      const microphones = patient.page.getByRole('combobox', { name: 'Microphone' });
      await microphones.focus();
      await microphones.selectOption(microphone);
      await expect(microphones).toHaveValue(microphone);
      await expect(microphones).toBeEnabled();
      await expect(microphones).toBeFocused();

      // The doctor still waits: a patient checking their devices is not in the consultation yet.
      await expect(doctor.page.getByText(`Waiting for ${patientName}`)).toBeVisible();
      await expect(doctor.page.getByText(`${patientName} joined the consultation`)).toHaveCount(0);

      const callStarted = watchForCallStarted(patient.page);
      await patient.page.getByRole('button', { name: 'Join consultation' }).click();
      await expect(doctor.page.getByText(`${patientName} joined the consultation`)).toBeVisible();
      await expectVideoAdvancing(doctor.page, 'remote-video');
      await expectVideoAdvancing(patient.page, 'remote-video');
      await callStarted;
      await patient.page.getByRole('button', { name: 'Device settings' }).click();
      await expect(patient.page.getByRole('dialog', { name: 'Device settings' }).getByRole('combobox', { name: 'Microphone' })).toHaveValue(microphone);
    } finally {
      await call.close();
    }
  });

  test('the Join button stays put while a slow camera and microphone open, so a click meant for it lands on it', async ({ browser }) => {
    const call = await openCallParties(browser);
    const { patient, consultationId } = call;
    try {
      // A slow machine: the browser takes two seconds to open the devices. Every place the
      // Join button is painted at, from its first frame, is noted.
      await patient.page.addInitScript(() => {
        const media = navigator.mediaDevices;
        const open = media.getUserMedia.bind(media);
        media.getUserMedia = (constraints) => new Promise((resolve) => setTimeout(resolve, 2000)).then(() => open(constraints));
        const places: number[] = [];
        Object.assign(window, { joinButtonPlaces: places });
        const note = () => {
          const join = [...document.querySelectorAll('button')].find((button) => button.textContent === 'Join consultation');
          const top = join && Math.round(join.getBoundingClientRect().top);
          if (top !== undefined && places.at(-1) !== top) places.push(top);
          requestAnimationFrame(note);
        };
        requestAnimationFrame(note);
      });
      await patient.page.goto(`/video-call/${consultationId}`);
      await expect(patient.page.getByRole('combobox', { name: 'Camera' })).toBeDisabled();
      await expectVideoPlaying(patient.page, 'preview-video');
      await expect(patient.page.getByRole('combobox', { name: 'Microphone' })).toBeEnabled();
      await expect(patient.page.getByRole('combobox', { name: 'Speaker' })).toBeEnabled();
      expect(await patient.page.evaluate(() => (window as unknown as { joinButtonPlaces: number[] }).joinButtonPlaces)).toHaveLength(1);
    } finally {
      await call.close();
    }
  });

  test('a chat-only consultation has no device check', async ({ browser }) => {
    const call = await openCallParties(browser, 'chat');
    try {
      await call.patient.page.goto(`/video-call/${call.consultationId}`);
      await expect(call.patient.page.getByRole('textbox', { name: 'Message' })).toBeVisible();
      await expect(call.patient.page.getByRole('button', { name: 'Join consultation' })).toHaveCount(0);
    } finally {
      await call.close();
    }
  });

  test('camera, microphone and speaker change mid-call without dropping it, and a muted microphone stays muted', async ({ browser }) => {
    const call = await openCallParties(browser);
    const { patient, doctor, consultationId } = call;
    try {
      await enterCall(patient.page, consultationId);
      await enterCall(doctor.page, consultationId);
      await expectVideoAdvancing(doctor.page, 'remote-video');
      await expectVideoAdvancing(patient.page, 'remote-video');
      await patient.page.getByRole('button', { name: 'Mute microphone' }).click();
      await expect(doctor.page.getByText('Muted')).toBeVisible();

      await patient.page.getByRole('button', { name: 'Device settings' }).click();
      const settings = patient.page.getByRole('dialog', { name: 'Device settings' });
      await expect(settings).toBeVisible();

      // The camera is opened afresh (there is one fake camera: choosing it again) and the doctor's picture carries on.
      const cameraBefore = await localTrack(patient.page, 'video');
      await settings.getByRole('combobox', { name: 'Camera' }).selectOption(await optionValue(patient.page, 'Camera', 'fake_device_0'));
      await expect.poll(async () => (await localTrack(patient.page, 'video')).id).not.toBe(cameraBefore.id);
      expect((await localTrack(patient.page, 'video')).live).toBe(true);
      await expectVideoAdvancing(doctor.page, 'remote-video');
      await expectVideoAdvancing(patient.page, 'local-video');

      // Another microphone, still muted.
      const microphone = await optionValue(patient.page, 'Microphone', 'Fake Audio Input 2');
      const micBefore = await localTrack(patient.page, 'audio');
      await settings.getByRole('combobox', { name: 'Microphone' }).selectOption(microphone);
      await expect(settings.getByRole('combobox', { name: 'Microphone' })).toHaveValue(microphone);
      const micAfter = await localTrack(patient.page, 'audio');
      expect(micAfter.id).not.toBe(micBefore.id);
      expect(micAfter.enabled).toBe(false);
      await expect(patient.page.getByRole('button', { name: 'Unmute microphone' })).toBeVisible();
      await expect(doctor.page.getByText('Muted')).toBeVisible();

      // The doctor is heard on the speaker chosen.
      const speaker = await optionValue(patient.page, 'Speaker', 'Fake Audio Output 1');
      await settings.getByRole('combobox', { name: 'Speaker' }).selectOption(speaker);
      await expect.poll(() => patient.page.getByTestId('remote-video').evaluate((el) => (el as HTMLVideoElement).sinkId)).toBe(speaker);

      await settings.getByRole('button', { name: 'Done' }).click();
      await expect(settings).toBeHidden();
      await patient.page.getByRole('button', { name: 'Unmute microphone' }).click();
      await expect(doctor.page.getByText('Muted')).toBeHidden();
      await expectVideoAdvancing(doctor.page, 'remote-video');
      await expect(patient.page.getByText('Reconnecting...')).toBeHidden();
      await expect(doctor.page.getByText('Reconnecting...')).toBeHidden();
    } finally {
      await call.close();
    }
  });

  test('the other side joining and leaving is announced; reconnecting is not leaving', async ({ browser }) => {
    const call = await openCallParties(browser);
    const { patient, doctor, consultationId } = call;
    try {
      await installSignallingSwitch(doctor.page);
      await enterCall(patient.page, consultationId);
      await expect(patient.page.getByText(`Waiting for ${DOCTOR}`)).toBeVisible();
      await enterCall(doctor.page, consultationId);
      await expect(patient.page.getByRole('status').filter({ hasText: `${DOCTOR} joined the consultation` })).toBeVisible();
      await expectVideoAdvancing(patient.page, 'remote-video');

      await setSignalling(doctor.page, 'drop');
      await expect(patient.page.getByText(`${DOCTOR} is reconnecting...`)).toBeVisible();
      await setSignalling(doctor.page, 'restore');
      await expect(patient.page.getByText(`${DOCTOR} is reconnecting...`)).toBeHidden({ timeout: 15_000 });
      await expect(patient.page.getByText(`${DOCTOR} left the consultation`)).toHaveCount(0);

      await doctor.page.getByRole('button', { name: 'End call' }).click();
      await expect(patient.page.getByRole('status').filter({ hasText: `${DOCTOR} left the consultation` })).toBeVisible();
      await expect(patient.page.getByText(`Waiting for ${DOCTOR}`)).toBeVisible();
    } finally {
      await call.close();
    }
  });

  test('a chat-only consultation says in its header who is in it: waiting, here, reconnecting, left', async ({ browser }) => {
    const call = await openCallParties(browser, 'chat');
    const { patient, doctor, consultationId, patientName } = call;
    try {
      await installSignallingSwitch(doctor.page);
      await patient.page.goto(`/video-call/${consultationId}`);
      const patientSees = patient.page.getByTestId('chat-presence');
      await expect(patientSees).toHaveText(`Waiting for ${DOCTOR}`);
      await doctor.page.goto(`/video-call/${consultationId}`);
      await expect(patientSees).toHaveText(`${DOCTOR} is here`);
      await expect(doctor.page.getByTestId('chat-presence')).toHaveText(`${patientName} is here`);

      await setSignalling(doctor.page, 'drop');
      await expect(patientSees).toHaveText(`${DOCTOR} is reconnecting...`);
      await setSignalling(doctor.page, 'restore');
      await expect(patientSees).toHaveText(`${DOCTOR} is here`, { timeout: 15_000 });

      await doctor.page.getByRole('button', { name: 'End call' }).click();
      await expect(patientSees).toHaveText(`${DOCTOR} left the consultation`);
    } finally {
      await call.close();
    }
  });

  test('a connection-quality indicator shows how the link is doing on both sides', async ({ browser }) => {
    const call = await openCallParties(browser);
    const { patient, doctor, consultationId } = call;
    try {
      await enterCall(patient.page, consultationId);
      await expect(patient.page.getByRole('img', { name: /^Connection quality/ })).toHaveCount(0);
      await enterCall(doctor.page, consultationId);
      await expect(patient.page.getByRole('img', { name: 'Connection quality: Good' })).toBeVisible({ timeout: 20_000 });
      await expect(doctor.page.getByRole('img', { name: 'Connection quality: Good' })).toBeVisible({ timeout: 20_000 });
    } finally {
      await call.close();
    }
  });

  test("'You are muted' shows when the user speaks with the microphone muted", async ({ browser }) => {
    const call = await openCallParties(browser);
    const { patient, doctor, consultationId } = call;
    try {
      await enterCall(patient.page, consultationId);
      await enterCall(doctor.page, consultationId);
      await expectVideoPlaying(patient.page, 'remote-video');
      // The fake microphone beeps all along: unmuted, that is just being heard. The hint calls 3 loud moments
      // speech; a hint listening since the call went live would have heard the 6 this later listener waits for.
      await heardLoud(patient.page, 6);
      await expect(patient.page.getByText('You are muted')).toHaveCount(0);

      await patient.page.getByRole('button', { name: 'Mute microphone' }).click();
      await expect(patient.page.getByRole('status').filter({ hasText: 'You are muted' })).toBeVisible();
      await patient.page.getByRole('button', { name: 'Unmute microphone' }).click();
      await expect(patient.page.getByText('You are muted')).toHaveCount(0);
    } finally {
      await call.close();
    }
  });

  test('on a phone the chat sheet leaves the call controls visible and usable', async ({ browser }) => {
    const call = await openCallParties(browser);
    const { patient, doctor, consultationId } = call;
    try {
      await patient.page.setViewportSize({ width: 390, height: 844 });
      await enterCall(patient.page, consultationId);
      await enterCall(doctor.page, consultationId);
      await expectVideoPlaying(patient.page, 'remote-video');

      await patient.page.getByRole('button', { name: 'Open chat' }).click();
      await expect(patient.page.getByRole('textbox', { name: 'Message' })).toBeInViewport();
      for (const name of ['Mute microphone', 'Turn camera off', 'Close chat', 'Device settings', 'End call']) {
        const control = patient.page.getByRole('button', { name, exact: true });
        await expect(control).toBeInViewport({ ratio: 1 });
        // A trial click fails when anything (the chat sheet) covers the button.
        await control.click({ trial: true });
      }
      await patient.page.getByRole('button', { name: 'Mute microphone', exact: true }).click();
      await expect(doctor.page.getByText('Muted')).toBeVisible();
      await patient.page.getByRole('button', { name: 'Turn camera off' }).click();
      await expect(doctor.page.getByText('Camera off')).toBeVisible();
      await patient.page.getByRole('textbox', { name: 'Message' }).fill('Typing while the controls stay in reach');
      await patient.page.getByRole('textbox', { name: 'Message' }).press('Enter');
      await expect(doctor.page.getByRole('button', { name: 'Open chat' }).getByLabel('1 unread')).toBeVisible();
      await patient.page.getByRole('button', { name: 'Close chat' }).click();
      await expect(patient.page.getByRole('textbox', { name: 'Message' })).toBeHidden();
      await patient.page.getByRole('button', { name: 'Open chat' }).click();
      await patient.page.getByRole('button', { name: 'End call' }).click();
      await expect(patient.page.getByText('Call Ended').first()).toBeVisible();
    } finally {
      await call.close();
    }
  });
});
