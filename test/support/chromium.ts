/** The machine's Chromium (Debian's), which every browser-driving suite launches. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium in a container-less CI: no sandbox or GPU, a fake camera and microphone granted without a prompt. */
export const FAKE_MEDIA_ARGS = ['--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];
