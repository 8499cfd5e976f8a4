import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_PATH, FAKE_MEDIA_ARGS } from '../../support/chromium';
import { signUpPatient } from './call-parties';
import { CLINIC_NOTE_LINES } from '../../support/document-fixtures';

function noteHtml(lines: readonly string[], width: number, height: number): string {
  const [heading, ...rest] = lines;
  return `<html><body style="margin:0;background:#fff">
    <main style="box-sizing:border-box;width:${width}px;height:${height}px;padding:40px 56px;font:28px/1.4 'DejaVu Sans',Arial,sans-serif;color:#111">
      <h1 style="font-size:38px;margin:0 0 18px">${heading}</h1>
      ${rest.map((line) => `<p style="margin:0 0 8px">${line}</p>`).join('')}
    </main></body></html>`;
}

/** A page of the API tests' fixture lines (the clinic note unless told) laid out and rendered by Chromium itself, as a PNG or JPEG. */
export async function renderNote(context: BrowserContext, options: { lines?: readonly string[]; type?: 'png' | 'jpeg'; width?: number; height?: number } = {}): Promise<Buffer> {
  const { lines = CLINIC_NOTE_LINES, type = 'png', width = 1240, height = 720 } = options;
  const page = await context.newPage();
  try {
    await page.setViewportSize({ width, height });
    await page.setContent(noteHtml(lines, width, height));
    return await page.screenshot({ type, ...(type === 'jpeg' ? { quality: 92 } : {}) });
  } finally {
    await page.close();
  }
}

/** An MJPEG stream (JPEG frames one after another), which Chromium's fake camera plays from a file. */
function mjpegOf(jpeg: Buffer, frames = 30): Buffer {
  return Buffer.concat(Array.from({ length: frames }, () => jpeg));
}

/** A Chromium whose fake camera plays `jpeg` over and over, its permission granted. */
export function launchWithCamera(jpeg: Buffer): Promise<Browser> {
  const video = path.join(mkdtempSync(path.join(tmpdir(), 'mv-camera-')), 'camera.mjpeg');
  writeFileSync(video, mjpegOf(jpeg));
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...FAKE_MEDIA_ARGS, `--use-file-for-fake-video-capture=${video}`],
  });
}

/** A new patient's /scanner on a phone-sized page of `camera`, the camera open and playing. */
export async function openCameraAsNewPatient(camera: Browser, baseURL: string | undefined): Promise<Page> {
  const page = await (await camera.newContext({ baseURL, viewport: { width: 390, height: 844 } })).newPage();
  await signUpPatient(page.request);
  await page.goto('/scanner');
  await page.getByRole('button', { name: 'Open Camera' }).click();
  await expect.poll(() => page.getByLabel('Camera preview').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  return page;
}
