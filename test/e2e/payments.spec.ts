import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { StripeMock } from '../support/stripe-mock';
import { PAYMENT_FAILED_JOIN_MESSAGE } from '../../common/payment-status';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { SHARED_DATABASE_ENV } from './support/e2e-servers';
import { DEMO_DOCTOR, bookConsultation, signInDoctor, signUpPatient } from './support/call-parties';
import { keepShot } from './support/screens';
import { newPatient, signInByApi, signUpByApi } from './support/patients';
import { runSql } from './support/database';

/**
 * Paying through Stripe in the browser. Stripe's servers cannot be reached from these machines, so:
 * - Stripe's API is a local stand-in (test/support/stripe-mock.ts) that the server's real `stripe` SDK talks
 *   to (STRIPE_API_BASE), and that sends the signed webhooks Stripe would send;
 * - Stripe.js itself (https://js.stripe.com/endive/stripe.js) is replaced, through page.route, by the small
 *   STRIPE_JS_STAND_IN below: it implements the parts of Stripe.js's API the app calls (Stripe(), elements(),
 *   create('payment'), mount, destroy, confirmPayment), with a plain card-number field, and confirms the
 *   PaymentIntent the way Stripe.js does (a form POST to api.stripe.com with the publishable key and the
 *   client secret), which page.route hands to the local stand-in.
 */
const STRIPE_JS_STAND_IN = `(() => {
  function Stripe(publishableKey) {
    return {
      _registerWrapper() {},
      elements({ clientSecret }) {
        return {
          clientSecret,
          create() {
            let root;
            return {
              mount(target) {
                root = typeof target === 'string' ? document.querySelector(target) : target;
                root.innerHTML = '<label style="display:grid;gap:6px;font-size:14px">Card number<input data-testid="stand-in-card" inputmode="numeric" autocomplete="cc-number" style="font:inherit;padding:10px;border:1px solid #cbd5e1;border-radius:8px"></label>';
              },
              destroy() { if (root) root.innerHTML = ''; },
            };
          },
        };
      },
      async confirmPayment({ elements }) {
        const number = document.querySelector('[data-testid=stand-in-card]').value.replace(/\\s/g, '');
        const intentId = elements.clientSecret.split('_secret_')[0];
        const body = new URLSearchParams({ key: publishableKey, client_secret: elements.clientSecret, payment_method: number === '4000000000000002' ? 'pm_card_chargeDeclined' : 'pm_card_visa' });
        const response = await fetch('https://api.stripe.com/v1/payment_intents/' + intentId + '/confirm', { method: 'POST', body });
        const intent = await response.json();
        if (intent.status === 'succeeded') return { paymentIntent: intent };
        return { error: { type: 'card_error', message: (intent.last_payment_error || intent.error || {}).message || 'Your card was declined.' } };
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;

const WEBHOOK_SECRET = 'whsec_e2e_payments';

let stripe: StripeMock;
let server: ServerProcess;

test.beforeAll(async () => {
  stripe = await new StripeMock().start();
  stripe.autoDeliver = true;
  server = await startServerProcess({
    ...SHARED_DATABASE_ENV,
    MEDIA_MODE: 'p2p',
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
  });
  stripe.webhook = { url: `${server.url}/api/webhooks/stripe`, secret: WEBHOOK_SECRET };
});
test.afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
});

/** Serves the Stripe.js stand-in and hands Stripe.js's API calls to the local Stripe stand-in. */
async function routeStripe(page: Page): Promise<void> {
  await page.route('https://js.stripe.com/**', (route) => route.fulfill({ contentType: 'application/javascript', body: STRIPE_JS_STAND_IN }));
  await page.route('https://api.stripe.com/**', async (route) => {
    const request = route.request();
    const answer = await fetch(`${stripe.url}${new URL(request.url()).pathname}`, {
      method: request.method(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: request.postData() ?? undefined,
    });
    await route.fulfill({ status: answer.status, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: await answer.text() });
  });
}

/** A new patient, signed in, on a phone-sized page that pays through the Stripe stand-ins. */
async function newPatientOnPhone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await routeStripe(page);
  await signUpPatient(context.request);
  return { context, page };
}

async function typeCard(page: Page, number: string): Promise<void> {
  await page.getByTestId('stand-in-card').fill(number);
}

test('upgrade to Premium with a card through Stripe: a declined card, then an accepted one unlocks Premium; then cancel at period end', async ({ browser }) => {
  const { context, page } = await newPatientOnPhone(browser);
  await page.goto('/premium');

  await expect(page.getByRole('heading', { name: 'MediVault Premium' })).toBeVisible();
  // Testing Mode is offered outside production, beside the real purchase.
  await expect(page.getByRole('button', { name: 'Grant Premium Access' })).toBeVisible();
  await page.getByRole('button', { name: 'Yearly' }).click();
  await expect(page.getByText('Save $19.89')).toBeVisible();
  await expect(page.getByText('Best value - 2 months free!')).toBeVisible();
  await keepShot(page, 'premium-390', { fullPage: true });

  await page.getByRole('button', { name: 'Upgrade Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete Your Purchase' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('stand-in-card')).toBeVisible();
  // The terms before paying: how much, how often, and what cancelling gives back.
  await expect(dialog.getByText('MediVault Premium, yearly: $99.99 now and every year until you cancel. Cancel anytime: Premium stays until the end of the year you paid for, and that payment is not refunded.')).toBeVisible();
  const pay = dialog.getByRole('button', { name: 'Pay $99.99' });
  await expect(pay).toBeEnabled();
  await keepShot(page, 'premium-purchase-390');

  await typeCard(page, '4000 0000 0000 0002');
  await pay.click();
  await expect(page.getByText('Payment Failed')).toBeVisible();
  await expect(page.getByText('Your card was declined.')).toBeVisible();

  await typeCard(page, '4242 4242 4242 4242');
  await pay.click();
  await expect(page.getByText('Payment Successful!')).toBeVisible();
  // The webhook makes the user Premium; the page reloads (spec section 4) and offers Manage Subscription.
  const manage = page.getByRole('button', { name: 'Manage Subscription' });
  await expect(manage).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Upgrade Now' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Grant Premium Access' })).toHaveCount(0);
  const me = await (await context.request.get('/api/auth/me')).json();
  expect(me.isPremium).toBe(true);
  expect(me.stripeSubscriptionId).toMatch(/^sub_/);

  await manage.click();
  const manageDialog = page.getByRole('dialog', { name: 'Manage Subscription' });
  await expect(manageDialog.getByText(/Yearly plan, renews on/)).toBeVisible();
  await manageDialog.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(page.getByText(/Premium stays active until/).first()).toBeVisible();
  await expect(manageDialog.getByText(/Yearly plan, cancelled: Premium stays active until/)).toBeVisible();
  await keepShot(page, 'premium-manage-390');
  await context.close();
});

test('pays a consultation fee with a card; the doctor fee, not a client amount, is charged', async ({ browser }) => {
  const { context, page } = await newPatientOnPhone(browser);
  const consultationId = await bookConsultation(context.request);
  await page.goto('/telemedicine');
  const card = page.getByTestId('consultation-card').filter({ has: page.getByTestId('payment-status') }).first();
  await expect(card.getByTestId('payment-status')).toHaveText('Payment pending');
  await card.getByRole('button', { name: /^Pay \$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay Consultation Fee' });
  await typeCard(page, '4242 4242 4242 4242');
  const doctorFee = (await (await context.request.get(`/api/consultations/${consultationId}`)).json()).fee as number;
  await dialog.getByRole('button', { name: `Pay $${(doctorFee / 100).toFixed(2)}` }).click();
  await expect(page.getByText('Payment Successful!')).toBeVisible();
  await expect(card.getByTestId('payment-status')).toHaveText('Paid', { timeout: 20_000 });
  await keepShot(page, 'telemedicine-paid-390', { fullPage: true });
  await context.close();

  await expectDoctorSeesFee(browser, consultationId, 'Paid', 'doctor-consultation-paid-1280');
});

test("Stripe's webhook never arrives: paid Premium and a paid fee show at once, the server asking Stripe itself", async ({ browser }) => {
  stripe.autoDeliver = false;
  try {
    const { context, page } = await newPatientOnPhone(browser);
    await page.goto('/premium');
    await page.getByRole('button', { name: 'Upgrade Now' }).click();
    await typeCard(page, '4242 4242 4242 4242');
    await page.getByRole('dialog', { name: 'Complete Your Purchase' }).getByRole('button', { name: 'Pay $9.99' }).click();
    await expect(page.getByText('Payment Successful!')).toBeVisible();
    // Before the page gives up waiting (15 s) and well after the toast's 2 s.
    await expect(page.getByRole('button', { name: 'Manage Subscription' })).toBeVisible({ timeout: 12_000 });
    expect((await (await context.request.get('/api/auth/me')).json()).isPremium).toBe(true);

    const consultationId = await bookConsultation(context.request);
    const fee = (await (await context.request.get(`/api/consultations/${consultationId}`)).json()).fee as number;
    await page.goto('/telemedicine');
    const card = page.getByTestId('consultation-card').filter({ has: page.getByTestId('payment-status') }).first();
    await card.getByRole('button', { name: /^Pay \$/ }).click();
    await typeCard(page, '4242 4242 4242 4242');
    await page.getByRole('dialog', { name: 'Pay Consultation Fee' }).getByRole('button', { name: `Pay $${(fee / 100).toFixed(2)}` }).click();
    await expect(card.getByTestId('payment-status')).toHaveText('Paid', { timeout: 12_000 });
    await context.close();
  } finally {
    stripe.autoDeliver = true;
  }
});

/** The doctor's page of the consultation, in the portal, says `fee` of its fee (saved as `shot` with SHOTS_DIR set). */
async function expectDoctorSeesFee(browser: Browser, consultationId: string, fee: string, shot: string): Promise<void> {
  const doctorContext = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  await signInDoctor(doctorContext.request);
  const doctorPage = await doctorContext.newPage();
  await doctorPage.goto(`/doctor/consultation/${consultationId}`);
  await expect(doctorPage.getByTestId('consultation-header').getByTestId('payment-status')).toHaveText(fee);
  await keepShot(doctorPage, shot);
  await doctorContext.close();
}

/** With SHOTS_DIR set, saves the page at 390 and 1280 px, in light and dark, under `name`, with `subject` in view and toasts hidden. */
async function shootBothThemes(page: Page, name: string, subject?: Locator): Promise<void> {
  if (!process.env.SHOTS_DIR) return;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await subject?.scrollIntoViewIfNeeded();
      await keepShot(page, `${name}-${width}-${colorScheme}`, { style: '.Toastify { display: none; }' });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 390, height: 844 });
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const refundsOf = (consultationId: string) => {
  const intent = [...stripe.paymentIntents.values()].find((pi) => pi.metadata.consultationId === consultationId);
  return [...stripe.refunds.values()].filter((r) => r.payment_intent === intent?.id);
};

test('cancelling a paid consultation less than 24 hours ahead says before confirming that the fee is kept, and the card then says Not refunded', async ({ browser }) => {
  const { context, page } = await newPatientOnPhone(browser);
  const consultationId = await bookConsultation(context.request, 'video', [3, 20]);
  const fee = dollars((await (await context.request.get(`/api/consultations/${consultationId}`)).json()).fee);
  await page.goto('/telemedicine');
  const card = page.getByTestId('consultation-card');
  await card.getByRole('button', { name: `Pay ${fee}` }).click();
  const payDialog = page.getByRole('dialog', { name: 'Pay Consultation Fee' });
  await expect(payDialog.getByTestId('fee-terms')).toHaveText(`This consultation starts in less than 24 hours: if you cancel it after paying, the ${fee} is not refunded.`);
  await typeCard(page, '4242 4242 4242 4242');
  await payDialog.getByRole('button', { name: `Pay ${fee}` }).click();
  await expect(card.getByTestId('payment-status')).toHaveText('Paid', { timeout: 20_000 });

  await card.getByRole('button', { name: 'Cancel', exact: true }).click();
  const cancelDialog = page.getByRole('dialog', { name: 'Cancel Consultation?' });
  const terms = cancelDialog.getByTestId('fee-terms');
  await expect(terms).toContainText(`You paid ${fee}. Refunds end 24 hours before the start (`);
  await expect(terms).toContainText(`), so cancelling now refunds nothing: the ${fee} is kept.`);
  await shootBothThemes(page, 'cancel-late');
  await cancelDialog.getByRole('button', { name: 'Cancel Consultation' }).click();
  await expect(page.getByText(`Your consultation has been cancelled. The ${fee} you paid is not refunded.`)).toBeVisible();
  await expect(card.getByTestId('payment-status')).toHaveText('Not refunded');
  await expect(card.getByText('Paid', { exact: true })).toHaveCount(0);
  expect(refundsOf(consultationId)).toEqual([]);
  await shootBothThemes(page, 'card-not-refunded', card);
  await context.close();
  await expectDoctorSeesFee(browser, consultationId, 'Not refunded', 'doctor-consultation-not-refunded-1280');
});

/** A consultation with the demo doctor at least three days ahead, its fee paid through the API: its id and the fee as the screens write it. */
async function paidConsultationDaysAhead(request: APIRequestContext): Promise<{ consultationId: string; fee: string }> {
  const consultationId = await bookConsultation(request, 'video', [72, 2002]);
  const checkout = await (await request.post(`/api/consultations/${consultationId}/payment`, { data: {} })).json();
  const intent = [...stripe.paymentIntents.values()].find((pi) => pi.client_secret === checkout.clientSecret)!;
  await stripe.deliverAll(stripe.confirm(intent.id, 'succeeded'));
  return { consultationId, fee: dollars((await (await request.get(`/api/consultations/${consultationId}`)).json()).fee) };
}

test('deleting the account refunds what its dialog said: a refund deadline that passes while it is open refuses the deletion and the dialog says the new terms', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const patient = newPatient('leaving');
  await signUpByApi(context.request, patient);
  await signInByApi(context.request, patient);
  const { consultationId, fee } = await paidConsultationDaysAhead(context.request);

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const cancels = dialog.getByTestId('deletion-cancels');
  await expect(cancels).toHaveText(`Your scheduled consultation is cancelled now, and keeping your account later does not book it again. ${fee} you paid is refunded to your card.`);
  // While the dialog is open the refund deadline passes (the appointment is now 6 hours away).
  await runSql(`update consultations set appointment_date = now() + interval '6 hours' where id = $1`, [consultationId]);
  await dialog.getByLabel('Your password').fill(patient.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText(`Deleting your account now refunds $0.00, not the ${fee} shown when you opened it. Nothing was deleted: read the new terms and delete again if you still want to.`)).toBeVisible();
  await expect(cancels).toHaveText(`Your scheduled consultation is cancelled now, and keeping your account later does not book it again. ${fee} paid for a consultation that starts too soon for a refund is kept.`);
  await shootBothThemes(page, 'delete-refund-changed');
  expect((await context.request.get('/api/auth/me')).status()).toBe(200);

  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Account scheduled for deletion')).toBeVisible();
  expect(refundsOf(consultationId)).toEqual([]);
  await context.close();
});

test('a refund Stripe cannot make at the cancellation is said to be pending, not kept', async ({ browser }) => {
  const { context, page } = await newPatientOnPhone(browser);
  const { consultationId, fee } = await paidConsultationDaysAhead(context.request);
  await page.goto('/telemedicine');
  const card = page.getByTestId('consultation-card');
  await expect(card.getByTestId('payment-status')).toHaveText('Paid');

  await stripe.stop();
  try {
    await card.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('dialog', { name: 'Cancel Consultation?' }).getByRole('button', { name: 'Cancel Consultation' }).click();
    await expect(page.getByText(`Your consultation has been cancelled. Your ${fee} refund is pending: the payment provider could not be reached, and the refund is retried automatically.`)).toBeVisible();
    await expect(card.getByTestId('payment-status')).toHaveText(`Refund of ${fee} pending`);
    await shootBothThemes(page, 'card-refund-pending', card);
  } finally {
    await stripe.start(Number(new URL(stripe.url).port));
  }
  expect(refundsOf(consultationId)).toEqual([]);
  await context.close();
  await expectDoctorSeesFee(browser, consultationId, `Refund of ${fee} pending`, 'doctor-consultation-refund-pending-1280');
});

test('booking states the refund rule; paying and cancelling more than 24 hours ahead say the fee comes back, and it does', async ({ browser }) => {
  const { context, page } = await newPatientOnPhone(browser);
  const slot = new Date(Date.now() + (72 + Math.floor(Math.random() * 1400)) * 3_600_000);
  slot.setMinutes(Math.random() < 0.5 ? 0 : 30, 0, 0);
  const local = new Date(slot.getTime() - slot.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

  await page.goto('/telemedicine');
  await page.getByRole('button', { name: 'New Consultation' }).click();
  const booking = page.getByRole('dialog', { name: 'Book Consultation' });
  // No fee before a doctor is chosen: $0.00 would read as free.
  await expect(booking.getByTestId('consultation-fee')).toHaveText('Consultation FeeChoose a doctor first');
  await booking.getByLabel('Doctor').selectOption(DEMO_DOCTOR.id);
  await booking.getByLabel('Appointment Date & Time').fill(local);
  await booking.getByLabel('Symptoms').fill('Persistent cough for a week');
  await expect(booking.getByTestId('fee-terms')).toHaveText(
    'You pay this fee after booking. If you cancel more than 24 hours before the start, it is refunded in full; if you cancel later, it is not refunded.',
  );
  await shootBothThemes(page, 'book-terms', booking.getByTestId('fee-terms'));
  await booking.getByRole('button', { name: 'Book', exact: true }).click();

  // The booking opens the payment, which says until when the fee comes back.
  const payDialog = page.getByRole('dialog', { name: 'Pay Consultation Fee' });
  const fee = (await payDialog.getByRole('button', { name: /^Pay \$/ }).textContent())!.replace('Pay ', '');
  const feePattern = fee.replace(/[$.]/g, '\\$&');
  await expect(payDialog.getByTestId('fee-terms')).toHaveText(new RegExp(`^If you cancel before .+ \\(24 hours before the start\\), the ${feePattern} is refunded in full\\. After that, cancelling refunds nothing\\.$`));
  await shootBothThemes(page, 'pay-terms');
  await typeCard(page, '4242 4242 4242 4242');
  await payDialog.getByRole('button', { name: `Pay ${fee}` }).click();
  const card = page.getByTestId('consultation-card');
  await expect(card.getByTestId('payment-status')).toHaveText('Paid', { timeout: 20_000 });

  await card.getByRole('button', { name: 'Cancel', exact: true }).click();
  const cancelDialog = page.getByRole('dialog', { name: 'Cancel Consultation?' });
  await expect(cancelDialog.getByTestId('fee-terms')).toHaveText(new RegExp(`^You paid ${feePattern}\\. Cancelling now, before .+, refunds the full ${feePattern} to your card\\.$`));
  await shootBothThemes(page, 'cancel-early');
  await cancelDialog.getByRole('button', { name: 'Cancel Consultation' }).click();
  await expect(page.getByText(`Your consultation has been cancelled and ${fee} is refunded to your card.`)).toBeVisible();
  await expect(card.getByTestId('payment-status')).toHaveText(`Refunded ${fee}`);
  const consultationId = (await (await context.request.get('/api/consultations')).json())[0].id as string;
  expect(refundsOf(consultationId)).toHaveLength(1);
  await shootBothThemes(page, 'card-refunded', card);
  await context.close();
});

test('a declined consultation fee keeps the call closed and says why, on the card and on the call screen', async ({ browser }) => {
  const { context, page } = await newPatientOnPhone(browser);
  const consultationId = await bookConsultation(context.request, 'chat');
  await page.goto('/telemedicine');
  const card = page.getByTestId('consultation-card').first();
  await card.getByRole('button', { name: /^Pay \$/ }).click();
  await typeCard(page, '4000 0000 0000 0002');
  await page.getByRole('dialog', { name: 'Pay Consultation Fee' }).getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await page.getByRole('dialog', { name: 'Pay Consultation Fee' }).getByRole('button', { name: 'Back' }).click();
  await page.reload();
  await expect(card.getByTestId('payment-status')).toHaveText('Payment failed');
  await expect(card.getByText(PAYMENT_FAILED_JOIN_MESSAGE)).toBeVisible();
  await page.goto(`/video-call/${consultationId}`);
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  await expect(page.getByText(PAYMENT_FAILED_JOIN_MESSAGE)).toBeVisible();
  await keepShot(page, 'call-payment-failed-390');
  await context.close();
});

test('on a server without Stripe keys the purchase says payments are not configured, and Grant Premium Access works (development)', async ({ page }) => {
  await signUpPatient(page.request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/premium');
  await page.getByRole('button', { name: 'Upgrade Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete Your Purchase' });
  await expect(dialog.getByText('Payments are not configured on this server, so card payments cannot be taken here.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Pay $9.99' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Back' }).click();
  await keepShot(page, 'premium-1280', { fullPage: true });

  await page.getByRole('button', { name: 'Grant Premium Access' }).click();
  await expect(page.getByRole('button', { name: 'Manage Subscription' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Grant Premium Access' })).toHaveCount(0);
  await keepShot(page, 'premium-granted-1280', { fullPage: true });
});
