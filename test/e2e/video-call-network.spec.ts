import { expect, test } from '@playwright/test';
import { expectVideoAdvancing, openCallParties, type CallParty } from './support/call-parties';

/**
 * Real network loss: the browser context goes offline (sockets and media alike) and comes back.
 * Media must return on both sides with no user action, through the SFU and peer-to-peer.
 */
function offlineSpell(side: 'patient' | 'doctor', seconds: number) {
  return async ({ browser }: { browser: import('@playwright/test').Browser }) => {
    test.setTimeout(60_000 + seconds * 1000 * 2);
    const call = await openCallParties(browser);
    const { consultationId } = call;
    const parties: Record<'patient' | 'doctor', CallParty> = { patient: call.patient, doctor: call.doctor };
    const offline = parties[side];
    const other = parties[side === 'patient' ? 'doctor' : 'patient'];
    try {
      await call.patient.page.goto(`/video-call/${consultationId}`);
      await call.doctor.page.goto(`/video-call/${consultationId}`);
      await expectVideoAdvancing(call.patient.page, 'remote-video');
      await expectVideoAdvancing(call.doctor.page, 'remote-video');

      await offline.context.setOffline(true);
      await expect(offline.page.getByText('Reconnecting...')).toBeVisible({ timeout: 15_000 });
      await offline.page.waitForTimeout(seconds * 1000);
      const back = Date.now();
      await offline.context.setOffline(false);

      await expectVideoAdvancing(offline.page, 'remote-video');
      await expectVideoAdvancing(other.page, 'remote-video');
      console.log(`${test.info().project.name}: ${side} offline ${seconds} s, media back on both sides ${Date.now() - back} ms after the network returned`);
      await expect(offline.page.getByText('Reconnecting...')).toBeHidden();
      await expect(other.page.getByText('Reconnecting...')).toBeHidden();
    } finally {
      await call.close();
    }
  };
}

test.describe('a call survives the network going away', () => {
  test('the patient offline for 5 seconds', offlineSpell('patient', 5));
  test('the doctor offline for 5 seconds', offlineSpell('doctor', 5));
});
