/**
 * The service worker (/sw.js): precaches the built app shell and answers navigations with index.html,
 * as the generated worker did. Push handling lives in its own module.
 */
import { precacheAndRoute, createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import './push-handlers';

declare const self: { __WB_MANIFEST: Array<{ url: string; revision: string | null }>; skipWaiting(): Promise<void>; addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void };

precacheAndRoute(self.__WB_MANIFEST);
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/socket\.io\//] }));

/** The page answered the spec's refresh question with yes. */
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
