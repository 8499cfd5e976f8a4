import { expect, test, type BrowserContext } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import { CONSULTATION_ENDED_MESSAGE } from '../../common/consultation-status';
import { openCallParties } from './support/call-parties';

/** Writes `count` numbered lines into the consultation's chat as the context's user, at the pace the server allows. */
async function chatLines(context: BrowserContext, baseUrl: string, consultationId: string, count: number): Promise<void> {
  const cookie = (await context.cookies(baseUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
  const socket: Socket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false, extraHeaders: { cookie } });
  try {
    expect((await socket.timeout(10_000).emitWithAck('consultation:join', { consultationId })).ok).toBe(true);
    for (let i = 1; i <= count; ) {
      const answer = await socket.timeout(10_000).emitWithAck('chat:send', { consultationId, text: `line ${i}` });
      if (answer.ok) i++;
      else if (answer.error.code === 'rate_limited') await new Promise((r) => setTimeout(r, 200));
      else throw new Error(JSON.stringify(answer));
    }
  } finally {
    socket.close();
  }
}

test.describe('consultation chat', () => {
  test('shows the latest 50 lines, loads earlier ones at the top, and is read-only once the consultation is completed', async ({ browser }) => {
    test.setTimeout(90_000);
    const call = await openCallParties(browser, 'chat');
    try {
      const { patient, doctor, consultationId } = call;
      const baseUrl = test.info().project.use.baseURL!;
      await chatLines(patient.context, baseUrl, consultationId, 55);

      await patient.page.goto(`/video-call/${consultationId}`);
      const lines = patient.page.getByTestId('chat-message');
      await expect(lines).toHaveCount(50);
      await expect(lines.first()).toContainText('line 6');
      await expect(lines.last()).toContainText('line 55');
      // Scrolling to the top brings the earlier lines; then there is nothing more to load.
      await patient.page.getByTestId('chat-messages').evaluate((list) => list.scrollTo({ top: 0 }));
      await expect(lines).toHaveCount(55);
      await expect(lines.first()).toContainText('line 1');
      await expect(patient.page.getByRole('button', { name: 'Load earlier messages' })).toHaveCount(0);

      // The doctor completes the consultation: the patient's call ends and its chat closes.
      for (const status of ['in_progress', 'completed']) {
        const response = await doctor.context.request.put(`/api/doctor/consultation/${consultationId}/status`, { data: { status } });
        expect(response.status(), await response.text()).toBe(200);
      }
      await expect(patient.page).toHaveURL(/\/telemedicine$/);

      await patient.page.goto(`/video-call/${consultationId}`);
      await expect(lines).toHaveCount(50);
      await expect(patient.page.getByRole('status').filter({ hasText: CONSULTATION_ENDED_MESSAGE })).toBeVisible();
      await expect(patient.page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
      await patient.page.getByRole('button', { name: 'Load earlier messages' }).click();
      await expect(lines).toHaveCount(55);
    } finally {
      await call.close();
    }
  });
});
