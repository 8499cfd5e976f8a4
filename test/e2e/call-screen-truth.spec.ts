import { expect, test, type Page } from '@playwright/test';
import { bookConsultation, enterCall, openCallParties, writeChat } from './support/call-parties';
import { holdToasts } from './support/toasts';

/**
 * Issue 38, states of the call screen that tell the truth whatever carries the media (peer-to-peer here;
 * the call journeys of both media modes are in video-call*.spec.ts).
 */

test('a paste over the chat limit is kept whole and refused with its length, not cut silently', async ({ browser }) => {
  const call = await openCallParties(browser, 'chat');
  try {
    const { page, context } = call.patient;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`/video-call/${call.consultationId}`);
    const box = page.getByRole('textbox', { name: 'Message' });
    await page.evaluate((text) => navigator.clipboard.writeText(text), 'x'.repeat(2500));
    await box.click();
    await page.keyboard.press('ControlOrMeta+V');
    await expect(box).toHaveValue('x'.repeat(2500));
    await expect(page.getByRole('alert').filter({ hasText: 'Message must be at most 2,000 characters; this one has 2,500. Shorten it to send.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await box.press('Enter');
    await expect(page.getByTestId('chat-message')).toHaveCount(0);

    // Shortened to the limit, it goes.
    await box.fill('y'.repeat(2000));
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByTestId('chat-message')).toHaveCount(1);
  } finally {
    await call.close();
  }
});

test('the unread badge counts only lines that arrive while the chat is closed, not the history', async ({ browser }) => {
  const call = await openCallParties(browser);
  try {
    const baseUrl = test.info().project.use.baseURL!;
    await writeChat(call.doctor.context, baseUrl, call.consultationId, ['Earlier line one', 'Earlier line two', 'Earlier line three']);
    const { page } = call.patient;
    await enterCall(page, call.consultationId);
    const chatButton = page.getByRole('button', { name: 'Open chat' });
    await expect(chatButton).toBeVisible();
    await expect(chatButton.getByLabel(/unread/)).toHaveCount(0);

    await writeChat(call.doctor.context, baseUrl, call.consultationId, ['A new line while the chat is closed']);
    await expect(chatButton.getByLabel('1 unread')).toBeVisible();
    await chatButton.click();
    await expect(page.getByTestId('chat-message')).toHaveCount(4);
    await page.getByRole('button', { name: 'Hide chat' }).click();
    await expect(page.getByRole('button', { name: 'Open chat' }).getByLabel(/unread/)).toHaveCount(0);
  } finally {
    await call.close();
  }
});

test("a call opened after the consultation ended shows it ended, never 'Starting camera...'", async ({ browser }) => {
  const call = await openCallParties(browser);
  try {
    for (const status of ['in_progress', 'completed']) {
      const response = await call.doctor.context.request.put(`/api/doctor/consultation/${call.consultationId}/status`, { data: { status } });
      expect(response.status(), await response.text()).toBe(200);
    }
    const { page, context } = call.patient;
    // Whether 'Starting camera...' was ever on the page, from the moment it loads.
    await page.addInitScript(() => {
      const seen = window as unknown as { sawStartingCamera: boolean };
      seen.sawStartingCamera = false;
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('Starting camera...')) seen.sawStartingCamera = true;
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    // What the server pushes on the call's socket, which the page handles in the order it came.
    const pushed: string[] = [];
    page.on('websocket', (socket) => socket.on('framereceived', (frame) => pushed.push(String(frame.payload))));
    await page.goto(`/video-call/${call.consultationId}`);
    await expect(page.getByText('Call Ended')).toBeVisible();
    await expect(page.getByText('The consultation has been completed')).toBeVisible();
    // A later push on the same socket: a booking announces its status to the patient's open screens. Everything
    // the server sent the call before it has arrived by then.
    const later = await bookConsultation(context.request);
    await expect.poll(() => pushed.some((frame) => frame.includes('"consultation:status"') && frame.includes(later))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { sawStartingCamera: boolean }).sawStartingCamera)).toBe(false);
    await expect(page.getByText('Starting camera...')).toHaveCount(0);
  } finally {
    await call.close();
  }
});

/** The buttons and text fields a toast on the page lies over, by their names (none: the toast covers no control). */
function controlsUnderToast(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toast = document.querySelector('.Toastify__toast')?.getBoundingClientRect();
    if (!toast) return ['(no toast shown)'];
    const controls = Array.from(document.querySelectorAll<HTMLElement>('button, input, textarea, select')).filter((el) => !el.closest('.Toastify'));
    return controls
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.left < toast.right && toast.left < box.right && box.top < toast.bottom && toast.top < box.bottom;
      })
      .map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName);
  });
}

test("the 'Call Started' toast covers none of the call's controls, with the chat open, in an 800x600 window and at 390 px", async ({ browser }) => {
  const call = await openCallParties(browser);
  try {
    await call.patient.page.setViewportSize({ width: 800, height: 600 });
    for (const party of [call.patient, call.doctor]) {
      await enterCall(party.page, call.consultationId);
      await holdToasts(party.page);
      await party.page.getByRole('button', { name: 'Open chat' }).click();
    }
    for (const party of [call.patient, call.doctor]) {
      await expect(party.page.locator('.Toastify__toast').filter({ hasText: 'Call Started' })).toBeVisible();
    }
    for (const [party, width] of [[call.patient, 800], [call.doctor, 390]] as const) {
      await party.page.screenshot({ path: test.info().outputPath(`call-started-${width}.png`) });
      expect(await controlsUnderToast(party.page)).toEqual([]);
    }
  } finally {
    await call.close();
  }
});
