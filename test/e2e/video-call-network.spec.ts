import { expect, test, type Browser, type Page } from '@playwright/test';
import { OFFLINE_MESSAGE } from '../../web/scenes/video-call/stage-messages';
import { auditRefusal, slowAudit } from '../support/refused-audit';
import { runSql } from './support/database';
import { DEMO_DOCTOR, enterCall, expectVideoAdvancing, openCallParties, trackPeerConnections, type CallParty } from './support/call-parties';

type Side = 'patient' | 'doctor';

/**
 * The browser goes offline (context.setOffline) mid-call and comes back. The offline side shows
 * 'Reconnecting...' until media flows again; the other side sees it as reconnecting, never as gone;
 * media returns on both sides with no user action. Runs peer-to-peer and through the SFU.
 */
function offlineSpell(side: Side, seconds: number) {
  return async ({ browser }: { browser: Browser }) => {
    test.setTimeout(90_000 + seconds * 1000);
    const call = await openCallParties(browser);
    const parties: Record<Side, CallParty> = { patient: call.patient, doctor: call.doctor };
    const names: Record<Side, string> = { patient: call.patientName, doctor: `Dr. ${DEMO_DOCTOR.name}` };
    const offline = parties[side];
    const other = parties[side === 'patient' ? 'doctor' : 'patient'];
    try {
      await enterCall(call.patient.page, call.consultationId);
      await enterCall(call.doctor.page, call.consultationId);
      await expectVideoAdvancing(call.patient.page, 'remote-video');
      await expectVideoAdvancing(call.doctor.page, 'remote-video');

      await offline.context.setOffline(true);
      await expect(offline.page.getByText('Reconnecting...')).toBeVisible();
      await expect(other.page.getByText(`${names[side]} is reconnecting...`)).toBeVisible();
      await offline.page.waitForTimeout(seconds * 1000);
      await expect(offline.page.getByText('Reconnecting...')).toBeVisible();
      await expect(other.page.getByText(`Waiting for ${names[side]}`)).toBeHidden();

      const back = Date.now();
      await offline.context.setOffline(false);
      await expect(offline.page.getByText('Reconnecting...')).toBeHidden({ timeout: 15_000 });
      // Back in the same call, not sent through the device check again.
      await expect(offline.page.getByRole('button', { name: 'Join consultation' })).toHaveCount(0);
      await expectVideoAdvancing(offline.page, 'remote-video');
      await expectVideoAdvancing(other.page, 'remote-video');
      test.info().annotations.push({ type: 'media back', description: `${Date.now() - back} ms after the network returned` });
      await expect(other.page.getByText(`${names[side]} is reconnecting...`)).toBeHidden();
      await expect(other.page.getByText('Reconnecting...')).toBeHidden();
    } finally {
      await call.close();
    }
  };
}

test.describe('a call survives the network going away', () => {
  test('the patient offline for 5 seconds', offlineSpell('patient', 5));
  test('the doctor offline for 5 seconds', offlineSpell('doctor', 5));
  test('the patient offline for 30 seconds', offlineSpell('patient', 30));
  test('the doctor offline for 30 seconds', offlineSpell('doctor', 30));
});

/** Counts the page's 'consultation:join' requests (its Socket.IO frames), from its first script on. */
async function countJoinRequests(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counted = window as unknown as { joinRequests: number };
    counted.joinRequests = 0;
    const send = WebSocket.prototype.send;
    WebSocket.prototype.send = function (data) {
      if (typeof data === 'string' && data.includes('"consultation:join"')) counted.joinRequests++;
      return send.call(this, data);
    };
  });
}

const joinRequests = (page: Page) => page.evaluate(() => (window as unknown as { joinRequests: number }).joinRequests);

test("a rejoin the server cannot put on record is tried again: 'Reconnecting...' meanwhile, never 'offline', then back in the call", async ({ browser }) => {
  test.setTimeout(120_000);
  const call = await openCallParties(browser);
  const me = await call.patient.context.request.get('/api/auth/me');
  const refusal = auditRefusal(((await me.json()) as { id: string }).id);
  try {
    await countJoinRequests(call.patient.page);
    await enterCall(call.patient.page, call.consultationId);
    await enterCall(call.doctor.page, call.consultationId);
    await expectVideoAdvancing(call.patient.page, 'remote-video');
    await expectVideoAdvancing(call.doctor.page, 'remote-video');

    await call.patient.context.setOffline(true);
    await expect(call.patient.page.getByText(OFFLINE_MESSAGE.title)).toBeVisible();
    // While she is away, the database's owner makes it refuse her audit rows: her rejoin cannot go on record.
    for (const statement of refusal.refuse) await runSql(statement, []);
    const joinsBefore = await joinRequests(call.patient.page);
    await call.patient.context.setOffline(false);
    // Her rejoin was refused and tried again: she is connected, not offline, and still reconnecting; the doctor waits for her.
    await expect.poll(() => joinRequests(call.patient.page), { timeout: 20_000 }).toBeGreaterThanOrEqual(joinsBefore + 2);
    await expect(call.patient.page.getByText(OFFLINE_MESSAGE.title)).toBeHidden();
    await expect(call.patient.page.getByText('Reconnecting...')).toBeVisible();
    await expect(call.doctor.page.getByText(`${call.patientName} is reconnecting...`)).toBeVisible();

    for (const statement of refusal.lift) await runSql(statement, []);
    await expect(call.patient.page.getByText('Reconnecting...')).toBeHidden({ timeout: 20_000 });
    await expectVideoAdvancing(call.patient.page, 'remote-video');
    await expectVideoAdvancing(call.doctor.page, 'remote-video');
    await expect(call.doctor.page.getByText(`${call.patientName} is reconnecting...`)).toBeHidden();
    await call.doctor.page.getByRole('button', { name: 'Open chat' }).click();
    await call.doctor.page.getByRole('textbox', { name: 'Message' }).fill('Good, you are back.');
    await call.doctor.page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await call.patient.page.getByRole('button', { name: 'Open chat' }).click();
    await expect(call.patient.page.getByTestId('chat-message').filter({ hasText: 'Good, you are back.' })).toBeVisible();
  } finally {
    for (const statement of refusal.lift) await runSql(statement, []);
    await call.close();
  }
});

test('a join slow to go on record keeps what it heard meanwhile: the patient already there is seen, heard of and shown', async ({ browser }) => {
  test.setTimeout(120_000);
  const call = await openCallParties(browser);
  const doctor = (await (await call.doctor.context.request.get('/api/auth/doctor/me')).json()) as { id: string };
  // The database's owner makes it take a second and a half to store the doctor's audit rows: through the SFU,
  // his join's media goes ahead and his links are built long before the room hears him arrive and answers.
  const slow = slowAudit(doctor.id, 1500);
  try {
    await enterCall(call.patient.page, call.consultationId);
    await expect(call.patient.page.getByText(`Waiting for Dr. ${DEMO_DOCTOR.name}`)).toBeVisible();
    await call.doctor.page.goto(`/video-call/${call.consultationId}`);
    const join = call.doctor.page.getByRole('button', { name: 'Join consultation' });
    await join.waitFor();
    for (const statement of slow.refuse) await runSql(statement, []);
    await join.click();
    await expect(call.patient.page.getByText(`Waiting for Dr. ${DEMO_DOCTOR.name}`)).toBeHidden({ timeout: 20_000 });
    for (const statement of slow.lift) await runSql(statement, []);

    await expectVideoAdvancing(call.doctor.page, 'remote-video');
    await expectVideoAdvancing(call.patient.page, 'remote-video');
    await expect(call.doctor.page.getByText(`Waiting for ${call.patientName}`)).toBeHidden();
  } finally {
    for (const statement of slow.lift) await runSql(statement, []);
    await call.close();
  }
});

/** The ICE username fragments of the page's connected RTCPeerConnections: new ones mean a new ICE session. */
function connectedIceFragments(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections
      .filter((pc) => pc.connectionState === 'connected')
      .map((pc) => /a=ice-ufrag:(\S+)/.exec(pc.localDescription?.sdp ?? '')?.[1] ?? ''),
  );
}

/**
 * Chrome on Android reports the kind of network in navigator.connection.type and fires 'change' when a
 * phone leaves Wi-Fi for mobile data; desktop Chromium has no such type, so the page gets Android's
 * object, which the test switches. What follows (ICE restart, renegotiation, media) is real.
 */
async function emulateAndroidNetwork(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const connection = Object.assign(new EventTarget(), { type: 'wifi' });
    Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
    Object.assign(window, {
      switchNetwork: (type: string) => {
        connection.type = type;
        connection.dispatchEvent(new Event('change'));
      },
    });
  });
}

test('a switch to another network finds a new media path without dropping the call', async ({ browser }) => {
  const call = await openCallParties(browser);
  try {
    await trackPeerConnections(call.patient.page);
    await emulateAndroidNetwork(call.patient.page);
    await enterCall(call.patient.page, call.consultationId);
    await enterCall(call.doctor.page, call.consultationId);
    await expectVideoAdvancing(call.patient.page, 'remote-video');
    await expectVideoAdvancing(call.doctor.page, 'remote-video');
    const before = await connectedIceFragments(call.patient.page);

    await call.patient.page.evaluate(() => (window as unknown as { switchNetwork(type: string): void }).switchNetwork('cellular'));

    await expect.poll(async () => (await connectedIceFragments(call.patient.page)).some((fragment) => !before.includes(fragment)), { timeout: 15_000 }).toBe(true);
    await expectVideoAdvancing(call.patient.page, 'remote-video');
    await expectVideoAdvancing(call.doctor.page, 'remote-video');
    await expect(call.patient.page.getByText('Reconnecting...')).toBeHidden();
    await expect(call.doctor.page.getByText('Reconnecting...')).toBeHidden();
  } finally {
    await call.close();
  }
});

/** Both in the call with the patient's video reaching the doctor; then `leave`, the parties closed after either way. */
async function whileCallUnderWay(browser: Browser, leave: (call: Awaited<ReturnType<typeof openCallParties>>) => Promise<void>): Promise<void> {
  const call = await openCallParties(browser);
  try {
    await enterCall(call.patient.page, call.consultationId);
    await enterCall(call.doctor.page, call.consultationId);
    await expectVideoAdvancing(call.doctor.page, 'remote-video');
    await leave(call);
  } finally {
    await call.close();
  }
}

test('a closed tab is leaving, not a dropped connection: the other side waits for them at once', async ({ browser }) => {
  await whileCallUnderWay(browser, async (call) => {
    await call.patient.page.goto('about:blank');
    await expect(call.doctor.page.getByText(`Waiting for ${call.patientName}`)).toBeVisible();
    await expect(call.doctor.page.getByText(`${call.patientName} is reconnecting...`)).toBeHidden();
  });
});

test('a tab torn down without its pagehide (a browser short of time) reads as gone within seconds, not after the minute a drop gets', async ({ browser }) => {
  await whileCallUnderWay(browser, async (call) => {
    // What CI's loaded Chromium did: the page went without running the call's pagehide listener, so no leave
    // was sent and only the WebSocket's close code (1001, going away) told the server.
    await call.patient.page.evaluate(() => window.addEventListener('pagehide', (event) => event.stopImmediatePropagation(), { capture: true }));
    await call.patient.page.goto('about:blank');
    await expect(call.doctor.page.getByText(`Waiting for ${call.patientName}`)).toBeVisible({ timeout: 15_000 });
  });
});
