import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { newPatient, signInByApi, signUpByApi } from './patients';

export const DEMO_DOCTOR = { email: 'sarah.chen@medivault.test', password: 'Doctor123!', name: 'Sarah Chen', id: '20000000-0000-4000-8000-000000000001' };

export interface CallParty {
  context: BrowserContext;
  page: Page;
}

/** Signs up and signs in a brand-new patient in the context's cookie jar; returns their full name. */
export async function signUpPatient(request: APIRequestContext): Promise<string> {
  const patient = newPatient('call', { lastName: `Call${randomUUID().slice(0, 4)}` });
  await signUpByApi(request, patient);
  await signInByApi(request, patient);
  return `${patient.firstName} ${patient.lastName}`;
}

/** Books a consultation with the demo doctor at a random free slot between `hoursAhead` hours from now (by default, the coming months). */
export async function bookConsultation(
  request: APIRequestContext,
  consultationType: 'video' | 'audio' | 'chat' = 'video',
  hoursAhead: readonly [number, number] = [2, 2002],
  symptoms = 'Persistent cough for a week',
): Promise<string> {
  const [from, to] = hoursAhead;
  for (let attempt = 0; attempt < 10; attempt++) {
    const slot = new Date(Date.now() + (from + Math.floor(Math.random() * (to - from))) * 3_600_000);
    slot.setMinutes(Math.random() < 0.5 ? 0 : 30, 0, 0);
    const response = await request.post('/api/consultations', {
      data: { doctorId: DEMO_DOCTOR.id, appointmentDate: slot.toISOString(), consultationType, symptoms, duration: 30 },
    });
    if (response.status() === 409) continue;
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()).id as string;
  }
  throw new Error('no free slot found for the demo doctor');
}

export async function signInDoctor(request: APIRequestContext): Promise<void> {
  const login = await request.post('/api/auth/doctor/login', { data: { email: DEMO_DOCTOR.email, password: DEMO_DOCTOR.password } });
  expect(login.status(), await login.text()).toBe(200);
}

/**
 * A patient and the demo doctor in two browser contexts, with a fresh consultation between them;
 * each side on the project's server unless `servers` names another for it.
 */
export async function openCallParties(browser: Browser, consultationType: 'video' | 'audio' | 'chat' = 'video', servers: { patient?: string; doctor?: string } = {}) {
  const permissions = ['camera', 'microphone'];
  const patientContext = await browser.newContext({ permissions, ...(servers.patient ? { baseURL: servers.patient } : {}) });
  const doctorContext = await browser.newContext({ permissions, ...(servers.doctor ? { baseURL: servers.doctor } : {}) });
  const patientName = await signUpPatient(patientContext.request);
  const consultationId = await bookConsultation(patientContext.request, consultationType);
  await signInDoctor(doctorContext.request);
  return {
    consultationId,
    patientName,
    patient: { context: patientContext, page: await patientContext.newPage() } satisfies CallParty,
    doctor: { context: doctorContext, page: await doctorContext.newPage() } satisfies CallParty,
    async close() {
      await patientContext.close();
      await doctorContext.close();
    },
  };
}

/** Opens the consultation's call and joins it from the device check ('Join consultation'), as a user does. */
export async function enterCall(page: Page, consultationId: string): Promise<void> {
  await page.goto(`/video-call/${consultationId}`);
  await page.getByRole('button', { name: 'Join consultation' }).click();
}

/**
 * Starts looking for the 'Call Started' toast now and settles once it has shown. The toast lives five
 * seconds, less than a busy machine may take to show both videos, so a test that checks the videos
 * first watches for the toast meanwhile instead of after.
 */
export function watchForCallStarted(page: Page): Promise<void> {
  const shown = expect(page.getByText('Call Started')).toBeVisible({ timeout: 30_000 });
  shown.catch(() => undefined); // awaited by the test; a test failing earlier must not leave it unhandled
  return shown;
}

/** Writes the lines into the consultation's chat as the context's user, at the pace the server allows. */
export async function writeChat(context: BrowserContext, baseUrl: string, consultationId: string, lines: string[]): Promise<void> {
  const cookie = (await context.cookies(baseUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
  const socket: Socket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false, extraHeaders: { cookie } });
  try {
    expect((await socket.timeout(10_000).emitWithAck('consultation:join', { consultationId })).ok).toBe(true);
    for (let i = 0; i < lines.length; ) {
      const answer = await socket.timeout(10_000).emitWithAck('chat:send', { consultationId, text: lines[i] });
      if (answer.ok) i++;
      else if (answer.error.code === 'rate_limited') await new Promise((r) => setTimeout(r, 200));
      else throw new Error(JSON.stringify(answer));
    }
  } finally {
    socket.close();
  }
}

/** Resolves once the element's video is really playing frames. */
export async function expectVideoPlaying(page: Page, testId: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.getByTestId(testId).evaluate((el) => {
          const video = el as HTMLVideoElement;
          return video.videoWidth > 0 && !video.paused && video.currentTime > 0;
        }),
      { timeout: 20_000 },
    )
    .toBe(true);
}

/**
 * Lets a test cut a page's signalling like a network blip would: every WebSocket the page opens is
 * tracked; `drop` closes them and points new attempts at a closed port until `restore`. WebRTC media
 * is left alone, so what the test sees afterwards is the app's own recovery.
 */
export async function installSignallingSwitch(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const NativeWebSocket = window.WebSocket;
    const open = new Set<WebSocket>();
    let cut = false;
    class TrackedWebSocket extends NativeWebSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(cut ? 'ws://127.0.0.1:9/' : url, protocols);
        open.add(this);
        this.addEventListener('close', () => open.delete(this));
      }
    }
    window.WebSocket = TrackedWebSocket;
    Object.assign(window, {
      signallingSwitch: {
        drop: () => {
          cut = true;
          open.forEach((socket) => socket.close());
        },
        restore: () => {
          cut = false;
        },
      },
    });
  });
}

export async function setSignalling(page: Page, state: 'drop' | 'restore'): Promise<void> {
  await page.evaluate((action) => (window as unknown as { signallingSwitch: Record<string, () => void> }).signallingSwitch[action]!(), state);
}

/**
 * Resolves once the element presents new video frames. requestVideoFrameCallback fires only for a new
 * frame; a MediaStream's currentTime is a live clock that runs on even when no frame arrives.
 */
export async function expectVideoAdvancing(page: Page, testId: string, timeout = 20_000): Promise<void> {
  await expect.poll(() => page.getByTestId(testId).evaluate(framesWithinASecond), { timeout }).toBeGreaterThanOrEqual(5);
}

/** Frames the video shows within a second, up to five (runs in the page; Chromium and Firefox alike). */
export function framesWithinASecond(element: Element): Promise<number> {
  return new Promise<number>((resolve) => {
    const video = element as HTMLVideoElement;
    let frames = 0;
    const timer = setTimeout(() => resolve(frames), 1000);
    const onFrame = () => {
      frames += 1;
      if (frames < 5) video.requestVideoFrameCallback(onFrame);
      else {
        clearTimeout(timer);
        resolve(frames);
      }
    };
    video.requestVideoFrameCallback(onFrame);
  });
}

/** Keeps every RTCPeerConnection the page makes, so a test can end its media link from outside. */
export async function trackPeerConnections(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const NativePeerConnection = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    window.RTCPeerConnection = class extends NativePeerConnection {
      constructor(configuration?: RTCConfiguration) {
        super(configuration);
        made.push(this);
      }
    } as typeof RTCPeerConnection;
    Object.assign(window, { peerConnections: made });
  });
}

/** Video frames this page has decoded from the other side so far, over all its media links (needs trackPeerConnections). */
function decodedVideoFrames(page: Page): Promise<number> {
  return page.evaluate(async () => {
    let frames = 0;
    for (const connection of (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections) {
      if (connection.connectionState === 'closed') continue;
      (await connection.getStats()).forEach((report: { type: string; kind?: string; framesDecoded?: number }) => {
        if (report.type === 'inbound-rtp' && report.kind === 'video') frames += report.framesDecoded ?? 0;
      });
    }
    return frames;
  });
}

/**
 * Frames of the other side's video decoded over `ms`, read from WebRTC's own statistics: a loaded machine
 * renders few frames, while what crosses the network is what the callers ask about.
 */
export async function newVideoFramesWithin(page: Page, ms: number): Promise<number> {
  const before = await decodedVideoFrames(page);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return (await decodedVideoFrames(page)) - before;
}

function madePeerConnections(page: Page, action: 'count' | 'close'): Promise<number> {
  return page.evaluate((what) => {
    const made = (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections;
    if (what === 'close') made.forEach((pc) => pc.close());
    return made.length;
  }, action);
}

/** Ends the page's media links the way a dead network path does for the app: the socket stays up. */
export const closePeerConnections = (page: Page) => madePeerConnections(page, 'close');
export const peerConnectionCount = (page: Page) => madePeerConnections(page, 'count');

/**
 * Resolves once the other side's sound is heard: the loudest moment of the remote audio track over
 * 1.2 s, read with an AnalyserNode, must stand clear of silence (Chromium's fake microphone beeps).
 */
export async function expectHearing(page: Page, testId = 'remote-video'): Promise<void> {
  await expect.poll(() => page.getByTestId(testId).evaluate(loudestRemoteSound), { timeout: 20_000 }).toBeGreaterThan(0.01);
}

/** The loudest moment of the element's audio track over 1.2 s, 0 to 1 (runs in the page; Chromium and Firefox alike). */
export async function loudestRemoteSound(element: Element): Promise<number> {
  const track = ((element as HTMLVideoElement).srcObject as MediaStream | null)?.getAudioTracks()[0];
  if (!track) return 0;
  const context = new AudioContext();
  await context.resume();
  const analyser = context.createAnalyser();
  // Each read sees the last 32,768 samples (0.68 s at 48 kHz), so reads a loaded page's timers delay by
  // half a second still leave no gap in which the fake microphone's short beep could pass unseen.
  analyser.fftSize = 32768;
  context.createMediaStreamSource(new MediaStream([track])).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  let peak = 0;
  const until = performance.now() + 1200;
  while (performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    analyser.getFloatTimeDomainData(samples);
    for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
  }
  await context.close();
  return peak;
}

/**
 * What the element shows: the camera's 16:9 picture ('camera'), or another shape, as a shared screen
 * has ('other'), with how the tile fits it; 'none' before the first frame.
 */
export function remotePicture(page: Page, testId = 'remote-video'): Promise<{ shape: 'camera' | 'other' | 'none'; fit: string }> {
  return page.getByTestId(testId).evaluate((el) => {
    const video = el as HTMLVideoElement;
    const fit = getComputedStyle(video).objectFit;
    if (!video.videoWidth) return { shape: 'none' as const, fit };
    return { shape: Math.abs(video.videoWidth / video.videoHeight - 16 / 9) < 0.05 ? ('camera' as const) : ('other' as const), fit };
  });
}

/**
 * The local candidate type ('host', 'srflx', 'relay') of the pair each connected peer connection of
 * the page has selected; needs trackPeerConnections.
 */
export function selectedLocalCandidateTypes(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const made = (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections;
    const types: string[] = [];
    for (const pc of made.filter((p) => p.connectionState === 'connected')) {
      const stats = await pc.getStats();
      const all = [...stats.values()] as Record<string, unknown>[];
      const selectedId = all.find((s) => s.type === 'transport' && s.selectedCandidatePairId)?.selectedCandidatePairId as string | undefined;
      const pair = selectedId ? stats.get(selectedId) : all.find((s) => s.type === 'candidate-pair' && s.nominated && s.state === 'succeeded');
      const local = pair && stats.get(pair.localCandidateId as string);
      if (local) types.push(local.candidateType as string);
    }
    return types;
  });
}
