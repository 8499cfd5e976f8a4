/**
 * A consultation whose two sides reach different replicas through the proxy: the patient's browser is
 * pinned to app1 and the doctor's to app2 (Caddy's affinity cookie), so chat and the SFU's calls cross
 * between them over Redis. Then app1 (the patient's replica, and the call media's owner) is killed, and
 * the call must carry on through app2: video both ways and chat both ways again, with no reload.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { CHROMIUM_PATH, FAKE_MEDIA_ARGS } from '../support/chromium';
import { ROOT } from '../support/test-database';
import { signupBody, SIGNUP_PASSWORD } from '../support/signup';
import { newVideoFramesWithin, peerConnectionCount, trackPeerConnections } from '../e2e/support/call-parties';
import type { HttpsClient } from './https-client';
import { until } from './eventually';

/** The affinity cookie named in container/proxy/Caddyfile, and the upstreams behind it. */
const AFFINITY_COOKIE = 'mv_replica';
export type Replica = 'app1' | 'app2';

/** Caddy's cookie policy names an upstream by the HMAC-SHA256 of its address, keyed by the (here empty) secret. */
const affinityFor = (replica: Replica) => createHmac('sha256', '').update(`${replica}:3000`).digest('hex');

/** A browser context whose every request goes to one replica, as a returning browser's cookie makes it. */
async function pinnedContext(browser: Browser, publicUrl: string, replica: Replica): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: publicUrl, ignoreHTTPSErrors: true, permissions: ['camera', 'microphone'], viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: AFFINITY_COOKIE, value: affinityFor(replica), url: publicUrl }]);
  // tsx compiles this file keeping function names (`__name(fn, 'name')`); the functions handed to the page need that helper there.
  await context.addInitScript('window.__name = (fn) => fn');
  return context;
}

/** A JSON POST from the context, with the page's Origin as the browser would send it. */
async function post(context: BrowserContext, publicUrl: string, path: string, data: unknown) {
  const response = await context.request.post(path, { data, headers: { origin: publicUrl } });
  return { status: response.status(), body: await response.json().catch(() => undefined) };
}

/** A held password sign-in completed by setting up an authenticator (production asks doctors and admins for one). */
async function completeSecondStep(send: (path: string, data: unknown) => Promise<{ status: number; body: any }>): Promise<void> {
  const enrolment = await send('/api/auth/mfa/enrolment', {});
  assert.equal(enrolment.status, 201, JSON.stringify(enrolment.body));
  const verified = await send('/api/auth/mfa/verify', { code: await generate({ secret: enrolment.body.secret }) });
  assert.equal(verified.status, 200, JSON.stringify(verified.body));
}

/** The configured admin adds a verified doctor to the roster; returns the doctor's id and sign-in. */
async function addDoctor(admin: HttpsClient, adminLogin: { email: string; password: string }): Promise<{ id: string; email: string; password: string }> {
  const held = await admin.post('/api/auth/login', { usernameOrEmail: adminLogin.email, password: adminLogin.password });
  assert.equal(held.status, 401, JSON.stringify(held.body));
  await completeSecondStep((path, data) => admin.post(path, data));
  const doctor = { email: `dr.${Date.now()}@clinic.test`, password: SIGNUP_PASSWORD };
  const created = await admin.post('/api/admin/doctors', {
    name: 'Amara Deploy',
    email: doctor.email,
    specialty: 'General Practice',
    licenseNumber: `LIC-${Date.now()}`,
    phone: '+1 555 0100',
    experience: 8,
    consultationFee: 9000,
    password: doctor.password,
    isVerified: true,
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return { id: created.body.id as string, ...doctor };
}

async function joinCall(page: Page, consultationId: string): Promise<void> {
  await page.goto(`/video-call/${consultationId}`);
  await page.getByRole('button', { name: 'Join consultation' }).click();
}

const videoArriving = (page: Page, what: string, timeoutMs: number) => until(what, async () => (await newVideoFramesWithin(page, 2000)) >= 2, timeoutMs);

async function chat(from: Page, to: Page, text: string, timeoutMs: number): Promise<void> {
  const box = from.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
  await to.getByTestId('chat-message').filter({ hasText: text }).waitFor({ timeout: timeoutMs });
}

/** What each side saw when the check failed: test-results/deploy-call-<n>.png. */
async function keepScreens(pages: Page[]): Promise<void> {
  for (const [index, page] of pages.entries()) {
    await page.screenshot({ path: path.join(ROOT, 'test-results', `deploy-call-${index === 0 ? 'patient' : 'doctor'}.png`) }).catch(() => undefined);
  }
}

export interface CallAcrossReplicas {
  publicUrl: string;
  /** A client with an empty cookie jar, as a browser's first visit. */
  freshClient(): HttpsClient;
  adminLogin: { email: string; password: string };
  /** The replica holding the consultation's media (its SFU Router), or null while none does. */
  mediaOwner(consultationId: string): Replica | null;
  /** Kills the replica as a crash would (SIGKILL). */
  kill(replica: Replica): void;
  /** How long the call took to show video both ways again after the kill, for the note. */
  report(line: string): void;
}

export async function callAcrossReplicas({ publicUrl, freshClient, adminLogin, mediaOwner, kill, report }: CallAcrossReplicas): Promise<void> {
  const admin = freshClient();
  // The affinity cookie this check sets must be one the proxy itself hands out, or the pinning is a fiction.
  const fresh = await admin.get('/api/health');
  const handedOut = String(fresh.headers['set-cookie'] ?? '').match(new RegExp(`${AFFINITY_COOKIE}=([0-9a-f]+)`))?.[1];
  assert.ok(handedOut && (['app1', 'app2'] as const).some((replica) => affinityFor(replica) === handedOut), `the proxy's affinity cookie ${handedOut} names neither replica`);

  const doctor = await addDoctor(admin, adminLogin);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...FAKE_MEDIA_ARGS, '--disable-quic'] });
  const pages: Page[] = [];
  try {
    const patientContext = await pinnedContext(browser, publicUrl, 'app1');
    const doctorContext = await pinnedContext(browser, publicUrl, 'app2');
    const asPatient = (path: string, data: unknown) => post(patientContext, publicUrl, path, data);
    const asDoctor = (path: string, data: unknown) => post(doctorContext, publicUrl, path, data);

    const body = signupBody({}, 'call_');
    assert.equal((await asPatient('/api/auth/signup', body)).status, 202);
    const signedIn = await asPatient('/api/auth/login', { usernameOrEmail: body.username, password: SIGNUP_PASSWORD });
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    const slot = new Date(Date.now() + 26 * 3_600_000);
    slot.setUTCMinutes(0, 0, 0);
    const booked = await asPatient('/api/consultations', { doctorId: doctor.id, appointmentDate: slot.toISOString(), consultationType: 'video', symptoms: 'Persistent cough for a week', duration: 30 });
    assert.equal(booked.status, 201, JSON.stringify(booked.body));
    const consultationId = booked.body.id as string;
    const held = await asDoctor('/api/auth/doctor/login', { email: doctor.email, password: doctor.password });
    assert.equal(held.status, 401, JSON.stringify(held.body));
    await completeSecondStep(asDoctor);

    const patient = await patientContext.newPage();
    const doctorPage = await doctorContext.newPage();
    pages.push(patient, doctorPage);
    await Promise.all(pages.map(trackPeerConnections));
    // The patient is in first, so the call's media lives on the patient's replica (the first to claim it).
    await joinCall(patient, consultationId);
    await until("a replica claiming the call's media", async () => mediaOwner(consultationId) !== null, 30_000);
    // Otherwise the kill below would miss the media, and the check would wait for a break that never comes.
    assert.equal(mediaOwner(consultationId), 'app1', "the call's media is not on the patient's replica: the affinity cookie did not hold");
    await joinCall(doctorPage, consultationId);
    await videoArriving(patient, "the doctor's video at the patient", 60_000);
    await videoArriving(doctorPage, "the patient's video at the doctor", 60_000);
    for (const page of pages) await page.getByRole('button', { name: 'Open chat' }).click();
    await chat(patient, doctorPage, 'Hello from app1', 20_000);
    await chat(doctorPage, patient, 'Hello from app2', 20_000);

    const linksBefore = await peerConnectionCount(doctorPage);
    const killedAt = Date.now();
    kill('app1');
    // The media went through app1: its link breaks with it. Seen as a moment with no new frame (or a link
    // closed, its counts gone), or as the link made again, through app2: the rebuild can be quicker than any
    // window long enough to call a pause a pause.
    await until(
      'the media breaking with its replica (it went through app1)',
      async () => (await peerConnectionCount(doctorPage)) > linksBefore || (await newVideoFramesWithin(doctorPage, 500)) <= 0,
      60_000,
    );
    await videoArriving(doctorPage, "the patient's video at the doctor after app1 died", 90_000);
    await videoArriving(patient, "the doctor's video at the patient after app1 died", 90_000);
    report(`  video both ways again after the media's replica was killed: ${Date.now() - killedAt} ms`);
    await chat(patient, doctorPage, 'Still here after app1 died', 60_000);
    await chat(doctorPage, patient, 'Hearing you through app2', 60_000);
    assert.ok(patient.url().endsWith(`/video-call/${consultationId}`) && doctorPage.url().endsWith(`/video-call/${consultationId}`), 'a side left the call');
  } catch (err) {
    await keepScreens(pages);
    throw err;
  } finally {
    await browser.close();
  }
}
