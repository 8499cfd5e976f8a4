/**
 * The service worker (/sw.js). It keeps the built app shell so every screen opens offline, answers
 * navigations with index.html (the client router takes it from there), and replays changes queued
 * offline when Background Sync says the network is back. It never caches API answers: those are kept
 * sealed in IndexedDB by the pages (vault.ts), never in plaintext in Cache Storage.
 */
import { OUTBOX_SYNC_TAG, replayOutbox } from './outbox';
import { SHELL_CACHE_PREFIX } from './shell-cache';
import { answerVaultKeyMessage } from './vault-key';
import type { WorkerScope } from './worker-scope';
// Push and notificationclick handlers live in their own module.
import './push-handlers';

declare const self: WorkerScope;

const shellFiles = self.__WB_MANIFEST;
/** One cache per build: a new build's worker fills its own and drops the old one when it takes over. */
const revision = shellFiles.reduce((hash, file) => {
  for (const char of `${file.url}${file.revision ?? ''}`) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return hash;
}, 7);
const SHELL_CACHE = `${SHELL_CACHE_PREFIX}${(revision >>> 0).toString(36)}`;
const shellUrl = (url: string) => new URL(url, self.location.href).href;
const SHELL_URLS = new Set(shellFiles.map((file) => shellUrl(file.url)));
const INDEX_URL = shellUrl('index.html');

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll([...SHELL_URLS])));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((n) => n.startsWith(SHELL_CACHE_PREFIX) && n !== SHELL_CACHE).map((n) => caches.delete(n)))),
  );
});

self.addEventListener('message', (event) => {
  if (answerVaultKeyMessage(event.data, event.ports[0])) return;
  // The page answered the spec's refresh question with yes.
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** The server's own paths, never the app's: the API, Socket.IO and /metrics. */
const isServerPath = (path: string) => path.startsWith('/api') || path.startsWith('/socket.io') || path === '/metrics';

async function fromShell(url: string, request: Request): Promise<Response> {
  const cached = await caches.match(url, { cacheName: SHELL_CACHE });
  return cached ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isServerPath(url.pathname)) return;
  if (request.mode === 'navigate') event.respondWith(fromShell(INDEX_URL, request));
  else if (SHELL_URLS.has(url.href)) event.respondWith(fromShell(url.href, request));
});

self.addEventListener('sync', (event) => {
  if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(replayOutbox());
});
