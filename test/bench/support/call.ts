/**
 * What the call benches share: the app server in this process, and a consultation whose doctor waits
 * in the call in Chromium while the patient joins it again for each measurement.
 */
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { attachSignalling, type Signalling } from '../../../signalling';
import { CALL_MARKS } from '../../../web/call/CallClient';
import { createCallParties } from '../../signalling/helpers';
import type { TestClient } from '../../support/client';
import { createHttpServer } from '../../../server/http-server';
import { FAKE_MEDIA_ARGS } from '../../support/chromium';
import { trackPeerConnections } from '../../e2e/support/call-parties';

export { CHROMIUM_PATH } from '../../support/chromium';
export const CHROMIUM_ARGS = [...FAKE_MEDIA_ARGS, '--mute-audio'];

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
export const fmt = (n: number, digits = 1) => n.toFixed(digits);

export interface Running {
  url: string;
  signalling: Signalling;
  close(): Promise<void>;
}

/**
 * The chat figures measure what a server can carry, far beyond one socket's chat limit (5 lines a second):
 * the limit is lifted here, and its bookkeeping still runs on every line.
 */
const UNLIMITED_CHAT = { SOCKET_CHAT_PER_SECOND: '1000000000', SOCKET_CHAT_BURST: '1000000000' };

export async function startApp(knex: Parameters<typeof createApp>[0]['knex'], env: Record<string, string>, webRoot: string): Promise<Running> {
  // The benches' doctors sign in with their password alone: the second factor is not what they measure.
  const config = loadConfig({ NODE_ENV: 'test', PORT: '0', DATABASE_URL: 'postgres://bench', MFA_REQUIRED_FOR: 'none', ...UNLIMITED_CHAT, ...env });
  let signalling: Signalling | undefined;
  const app = createApp({ config, knex, webRoot, mediaMode: () => signalling?.mediaMode ?? 'p2p' });
  const server = createHttpServer(app, config);
  signalling = await attachSignalling(server, app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    signalling,
    async close() {
      await signalling!.close();
      server.closeAllConnections();
    },
  };
}

/**
 * Records when a remote video first shows a frame (performance.now()): `__firstRemoteFrame` for the first
 * of anyone's, `__firstFrameOf[testId]` for the screen's main tile ('remote-video': the doctor, for a patient
 * or a guest) and for the other participants' tiles ('participant-video'). It watches every element that
 * takes a role while it waits: a stage that re-renders (a third person joining, say) replaces them.
 */
export const FIRST_FRAME_PROBE = `(() => {
  const watched = new WeakSet();
  const seen = (window.__firstFrameOf = {});
  const look = () => {
    if (seen['remote-video'] && seen['participant-video']) return;
    for (const video of document.querySelectorAll('[data-testid="remote-video"], [data-testid="participant-video"]')) {
      if (watched.has(video)) continue;
      watched.add(video);
      const role = video.dataset.testid;
      const onFrame = () => {
        if (seen[role]) return;
        if (video.videoWidth === 0) return video.requestVideoFrameCallback(onFrame);
        const at = performance.now();
        seen[role] = at;
        window.__firstRemoteFrame ??= at;
      };
      video.requestVideoFrameCallback(onFrame);
    }
    requestAnimationFrame(look);
  };
  look();
})()`;

async function cookiesFor(page: Page, client: TestClient, url: string) {
  const jar = client.cookieHeader.split('; ').map((pair) => {
    const i = pair.indexOf('=');
    return { name: pair.slice(0, i), value: pair.slice(i + 1), url };
  });
  await page.context().addCookies(jar);
}

/**
 * Opens a call page and joins from its device check once the camera's preview plays, as a person does
 * (the join mark is set on 'Join consultation').
 */
export async function enterCall(page: Page, callUrl: string): Promise<void> {
  await page.goto(callUrl);
  await page.waitForFunction(() => (document.querySelector('[data-testid="preview-video"]') as HTMLVideoElement | null)?.videoWidth);
  await page.getByRole('button', { name: 'Join consultation' }).click();
}

export interface CallUnderTest {
  /** The patient joins (the doctor is waiting): join to first remote frame, in ms. The patient leaves again. */
  measure(): Promise<number>;
  /** The call page's address, for a patient who should stay in the call. */
  callUrl: string;
  doctor: { context: BrowserContext; page: Page };
  patient: { context: BrowserContext; page: Page };
  close(): Promise<void>;
}

/**
 * A doctor waiting in a consultation's call; each measurement is the patient joining it afresh. The patient
 * uses `patientBrowser` when given: a browser process of their own, as on a device of their own.
 */
export async function openCall(browser: Browser, url: string, patientBrowser: Browser = browser): Promise<CallUnderTest> {
  const { patient, consultation, patientHttp, doctorHttp } = await createCallParties(url);
  const waitingForPatient = `Waiting for ${patient.record.firstName} ${patient.record.lastName}`;
  const doctorContext = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const patientContext = await patientBrowser.newContext({ permissions: ['camera', 'microphone'] });
  const doctorPage = await doctorContext.newPage();
  const patientPage = await patientContext.newPage();
  await cookiesFor(doctorPage, doctorHttp, url);
  await cookiesFor(patientPage, patientHttp, url);
  await patientPage.addInitScript(FIRST_FRAME_PROBE);
  await Promise.all([doctorPage, patientPage].map(trackPeerConnections));
  const callUrl = `${url}/video-call/${consultation.id}`;
  await enterCall(doctorPage, callUrl);
  await doctorPage.getByText(waitingForPatient).waitFor();
  return {
    callUrl,
    doctor: { context: doctorContext, page: doctorPage },
    patient: { context: patientContext, page: patientPage },
    async measure() {
      await enterCall(patientPage, callUrl);
      const handle = await patientPage.waitForFunction(() => (window as unknown as { __firstRemoteFrame?: number }).__firstRemoteFrame, null, { timeout: 30_000 });
      const frameAt = (await handle.jsonValue()) as number;
      const joinAt = await patientPage.evaluate((mark) => performance.getEntriesByName(mark)[0]!.startTime, CALL_MARKS.join);
      // The patient leaves with End call: a page closed mid-write may not get its goodbye out, and a socket
      // that merely vanished is held as reconnecting for a minute, longer than the doctor's wait here.
      await patientPage.getByRole('button', { name: 'End call' }).click();
      await doctorPage.getByText(waitingForPatient).waitFor();
      await patientPage.goto('about:blank');
      return frameAt - joinAt;
    },
    async close() {
      await doctorContext.close();
      await patientContext.close();
    },
  };
}
