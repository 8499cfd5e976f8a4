import { expect, test } from '@playwright/test';
import { CONSULTATION_ENDED_MESSAGE } from '../../common/consultation-status';
import { openCallParties, writeChat } from './support/call-parties';

test.describe('consultation chat', () => {
  test('shows the latest 50 lines, loads earlier ones at the top, and is read-only once the consultation is completed', async ({ browser }) => {
    test.setTimeout(90_000);
    const call = await openCallParties(browser, 'chat');
    try {
      const { patient, doctor, consultationId } = call;
      const baseUrl = test.info().project.use.baseURL!;
      await writeChat(patient.context, baseUrl, consultationId, Array.from({ length: 55 }, (_, i) => `line ${i + 1}`));

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
      // The button, from the keyboard: a pointer click would scroll the list to its top first, which loads the
      // earlier lines by itself (as above) and takes the button away under the click.
      const loadEarlier = patient.page.getByRole('button', { name: 'Load earlier messages' });
      await loadEarlier.evaluate((button) => (button as HTMLButtonElement).focus({ preventScroll: true }));
      await patient.page.keyboard.press('Enter');
      await expect(lines).toHaveCount(55);
    } finally {
      await call.close();
    }
  });
});
