import { expect, test } from '@playwright/test';
import { enterCall, expectVideoAdvancing, openCallParties } from './support/call-parties';

// Peer-to-peer only (the name keeps it out of the SFU project): through the SFU there is no answer to lose.
test.describe('a peer-to-peer call whose answer is lost on the way', () => {
  test('starts again by itself: both see each other without a reload', async ({ browser }) => {
    test.setTimeout(90_000);
    const call = await openCallParties(browser);
    const { patient, doctor, consultationId } = call;
    let answersDropped = 0;
    // The patient's first answer never reaches the server, as if the socket had swallowed it.
    await patient.page.routeWebSocket(/\/socket\.io\//, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((message) => {
        const text = String(message);
        if (answersDropped === 0 && text.includes('"p2p:signal"') && text.includes('"type":"answer"')) {
          answersDropped += 1;
          return;
        }
        server.send(message);
      });
      server.onMessage((message) => ws.send(message));
    });
    try {
      await enterCall(doctor.page, consultationId);
      await expect(doctor.page.getByText(`Waiting for ${call.patientName}`)).toBeVisible();
      await enterCall(patient.page, consultationId);
      await expect.poll(() => answersDropped, { timeout: 20_000 }).toBe(1);
      await expectVideoAdvancing(doctor.page, 'remote-video', 30_000);
      await expectVideoAdvancing(patient.page, 'remote-video', 30_000);
      await expect(patient.page.getByText('Reconnecting...')).toBeHidden();
    } finally {
      await call.close();
    }
  });
});
