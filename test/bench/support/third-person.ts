/**
 * A third person in an SFU call (issue 38): a guest the doctor invites and admits joins a doctor and a
 * patient who already see each other. Measured in the same call:
 *  - the patient's join (the second person: from 'Join consultation' to the first remote frame) and the
 *    guest's (the third: from the join the doctor's Admit sets off to the guest's first remote frame; the
 *    time the guest waits in the lobby for the doctor is a person's, not the call's);
 *  - what the SFU side spends on the call while two people talk, then three.
 */
import type { Browser, Page } from '@playwright/test';
import { CALL_MARKS } from '../../../web/call/CallClient';
import { trackPeerConnections } from '../../e2e/support/call-parties';
import { FIRST_FRAME_PROBE, enterCall, openCall } from './call';

const GUEST = 'Bench Guest';
const FIRST_FRAME_TIMEOUT_MS = 30_000;

/** Each person's own: their browser process, as each has a device of their own. */
export interface PerPerson<T> {
  doctor: T;
  patient: T;
  guest: T;
}

export interface ThirdPersonRound {
  secondMs: number;
  /** The guest's first frame of anyone (the goal's figure), and of the doctor's tile in particular. */
  thirdMs: number;
  thirdDoctorMs: number;
  /** CPU seconds per second the SFU side spent while two people talked, then three (given `sfuCpu`). */
  cpu?: { two: number; three: number };
}

/** From the latest join mark to the first remote frame the probe saw (of anyone, or of the given tile). */
async function joinToFirstFrame(page: Page, tile?: 'remote-video'): Promise<number> {
  const frame = await page.waitForFunction(
    (tile) => {
      const probe = window as unknown as { __firstRemoteFrame?: number; __firstFrameOf: Record<string, number | undefined> };
      return tile ? probe.__firstFrameOf[tile] : probe.__firstRemoteFrame;
    },
    tile,
    { timeout: FIRST_FRAME_TIMEOUT_MS },
  );
  const frameAt = (await frame.jsonValue()) as number;
  const joinAt = await page.evaluate((mark) => performance.getEntriesByName(mark).at(-1)!.startTime, CALL_MARKS.join);
  return frameAt - joinAt;
}

/** The doctor's 'Invite a guest': the single-use link shown once. */
async function inviteGuest(doctor: Page): Promise<string> {
  await doctor.getByRole('button', { name: 'Invite a guest' }).click();
  const link = (await doctor.getByLabel('Guest link').textContent())!;
  await doctor.getByRole('button', { name: 'Done' }).click();
  return link;
}

/**
 * One round in a fresh call: the doctor waits, the patient joins, the guest joins and is admitted.
 * `sfuCpu`, when given, measures the SFU side over a window, with two and then three people in the call.
 */
export async function thirdPersonRound(browsers: PerPerson<Browser>, url: string, sfuCpu?: () => Promise<number>): Promise<ThirdPersonRound> {
  const call = await openCall(browsers.doctor, url, browsers.patient);
  const guestContext = await browsers.guest.newContext({ permissions: ['camera', 'microphone'] });
  try {
    const { doctor, patient } = call;
    await enterCall(patient.page, call.callUrl);
    const secondMs = await joinToFirstFrame(patient.page);
    const two = sfuCpu && (await sfuCpu());

    const link = await inviteGuest(doctor.page);
    const guest = await guestContext.newPage();
    await guest.addInitScript(FIRST_FRAME_PROBE);
    await trackPeerConnections(guest);
    await guest.goto(link);
    await guest.getByLabel('Your name').fill(GUEST);
    await guest.getByRole('button', { name: 'Continue' }).click();
    await guest.waitForFunction(() => (document.querySelector('[data-testid="preview-video"]') as HTMLVideoElement | null)?.videoWidth);
    await guest.getByRole('button', { name: 'Join consultation' }).click();
    await doctor.page.getByRole('button', { name: `Admit ${GUEST}` }).click();
    const thirdMs = await joinToFirstFrame(guest);
    const thirdDoctorMs = await joinToFirstFrame(guest, 'remote-video');
    const three = sfuCpu && (await sfuCpu());
    return { secondMs, thirdMs, thirdDoctorMs, ...(two !== undefined && three !== undefined ? { cpu: { two, three } } : {}) };
  } finally {
    await guestContext.close();
    await call.close();
  }
}
