import { test, expect, type Locator, type Page } from '@playwright/test';
import { DEMO_DOCTOR, bookConsultation, enterCall, signUpPatient } from './support/call-parties';
import { runSql } from './support/database';
import { signInAdmin } from './support/doctors';

/**
 * WCAG 2.4.3 (issue 39): when a dialog or popover closes, focus is back on the control that opened it,
 * whether it was opened with the keyboard and closed with Escape, or clicked open and closed with its button.
 */

test.use({ permissions: ['camera', 'microphone'] });

/** Opens with Enter on the focused opener, closes with Escape; then opens with a click and closes with `closeButton`. */
async function expectFocusBackBothWays(page: Page, opener: Locator, panel: Locator, closeButton: string): Promise<void> {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: closeButton, exact: true }).click();
  await expect(panel).toBeHidden();
  await expect(opener).toBeFocused();
}

test('focus returns to the opener of every dialog: book, cancel, delete, add and book again', async ({ page }) => {
  await signUpPatient(page.request);
  await bookConsultation(page.request);
  const report = await page.request.post('/api/medical-reports', { data: { title: 'Focus check blood panel', type: 'blood_work', reportDate: '2026-10-01' } });
  expect(report.status(), await report.text()).toBe(201);

  await page.goto('/telemedicine');
  const doctorCard = page.getByTestId('doctor-card').filter({ hasText: DEMO_DOCTOR.name });
  await expectFocusBackBothWays(page, doctorCard.getByRole('button', { name: 'Book Consultation' }), page.getByRole('dialog', { name: 'Book Consultation' }), 'Cancel');

  const consultation = page.getByTestId('consultation-card').first();
  const cancelOpener = consultation.getByRole('button', { name: 'Cancel', exact: true });
  const cancelDialog = page.getByRole('dialog', { name: 'Cancel Consultation?' });
  await expectFocusBackBothWays(page, cancelOpener, cancelDialog, 'Keep Consultation');
  // Cancelled, the card has no Cancel button any more: focus goes to the page's content, not lost to the document.
  await cancelOpener.click();
  await cancelDialog.getByRole('button', { name: 'Cancel Consultation' }).click();
  await expect(cancelDialog).toBeHidden();
  await expect(cancelOpener).toHaveCount(0);
  await expect(page.locator('#main-content')).toBeFocused();

  await page.goto(`/reports/${(await report.json()).id}`);
  await expectFocusBackBothWays(page, page.getByRole('button', { name: 'Delete Report' }), page.getByRole('dialog', { name: 'Delete this report?' }), 'Keep Report');

  await page.goto('/medications');
  await expectFocusBackBothWays(page, page.getByRole('button', { name: 'Add Medication' }).first(), page.getByRole('dialog', { name: 'Add Medication' }), 'Cancel');

  await page.goto('/appointments');
  await expectFocusBackBothWays(page, page.getByRole('button', { name: 'Book Appointment' }).first(), page.getByRole('dialog', { name: 'Book Appointment' }), 'Cancel');
});

test('focus returns to the opener of Edit Medication, Delete Medication and Manage Subscription', async ({ page }) => {
  await signUpPatient(page.request);
  const added = await page.request.post('/api/medications', { data: { name: 'Focuscillin', dosage: '10mg', frequency: 'once_daily', reminderTimes: ['08:00'] } });
  expect(added.status(), await added.text()).toBe(201);

  await page.goto('/medications');
  await expectFocusBackBothWays(page, page.getByRole('button', { name: 'Edit Focuscillin' }), page.getByRole('dialog', { name: 'Edit Medication' }), 'Cancel');
  await expectFocusBackBothWays(page, page.getByRole('button', { name: 'Delete Focuscillin' }), page.getByRole('dialog', { name: 'Delete Medication?' }), 'Keep');

  const grant = await page.request.post('/api/test/grant-premium', { data: {} });
  expect(grant.status(), await grant.text()).toBe(200);
  await page.goto('/premium');
  await expectFocusBackBothWays(page, page.getByRole('button', { name: 'Manage Subscription' }), page.getByRole('dialog', { name: 'Manage Subscription' }), 'Close');
});

test("focus returns to a doctor's Reset Password when the admin closes the reset-link dialog", async ({ page }) => {
  await signInAdmin(page.request);
  await page.goto('/admin/doctors');
  // Other specs add doctors to this roster: the search brings the demo doctor onto the first page.
  await page.getByLabel('Search doctors').fill(DEMO_DOCTOR.email);
  const card = page.getByTestId('roster-card').filter({ hasText: DEMO_DOCTOR.name });
  await expect(card).toHaveCount(1);
  await expectFocusBackBothWays(page, card.getByRole('button', { name: 'Reset Password' }), page.getByRole('dialog', { name: /^Password reset for/ }), 'Done');
});

test('focus returns to the bell when the notifications popover closes from inside it', async ({ page }) => {
  await signUpPatient(page.request);
  const me = await (await page.request.get('/api/auth/me')).json();
  await runSql(`insert into notifications (user_id, title, message, type, is_read) values ($1, 'Medication reminder', 'Time to take Metformin 500mg.', 'medication_reminder', false)`, [me.id]);
  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  const popover = page.getByRole('dialog', { name: 'Notifications' });

  await bell.focus();
  await page.keyboard.press('Enter');
  await expect(popover).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(popover.getByRole('button', { name: 'Mark all as read' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(bell).toBeFocused();
});

test('focus returns to Device settings when the call settings close', async ({ page }) => {
  await signUpPatient(page.request);
  const consultationId = await bookConsultation(page.request);
  await enterCall(page, consultationId);
  const opener = page.getByRole('button', { name: 'Device settings' });
  await expectFocusBackBothWays(page, opener, page.getByRole('dialog', { name: 'Device settings' }), 'Done');
});

/** Whether the focused element is inside the open dialog. */
const focusInside = (dialog: Locator) => dialog.evaluate((panel) => panel.contains(document.activeElement));

test('Tab and Shift+Tab stay inside an open dialog, round and round (WAI-ARIA modal dialog)', async ({ page }) => {
  await signUpPatient(page.request);
  const report = await page.request.post('/api/medical-reports', { data: { title: 'Focus trap panel', type: 'blood_work', reportDate: '2026-10-01' } });
  expect(report.status(), await report.text()).toBe(201);

  await page.goto(`/reports/${(await report.json()).id}`);
  await page.getByRole('button', { name: 'Delete Report' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this report?' });
  const keep = confirm.getByRole('button', { name: 'Keep Report' });
  const remove = confirm.getByRole('button', { name: 'Delete Report' });
  await keep.focus();
  await page.keyboard.press('Shift+Tab');
  await expect(remove).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(keep).toBeFocused();
  await page.keyboard.press('Escape');

  await page.goto('/medications');
  await page.getByRole('button', { name: 'Add Medication' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add Medication' });
  await expect(form).toBeVisible();
  for (let press = 0; press < 30; press++) {
    await page.keyboard.press(press % 3 === 2 ? 'Shift+Tab' : 'Tab');
    expect(await focusInside(form), `focus left the dialog after ${press + 1} presses`).toBe(true);
  }
  // Focus sent to the page behind (as a script or an assistive tool may) is brought back in.
  await page.locator('#main-content').evaluate((main) => main.focus());
  expect(await focusInside(form)).toBe(true);
});
