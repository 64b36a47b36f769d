/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { notificationTarget } from './pwa/notificationTarget.ts';

/**
 * The service worker: the app shell (HTML, scripts, styles, icons; vite-plugin-pwa lists them with
 * their hashes) is kept for offline use, and every app route opens it when the network is gone. The
 * API, uploads and the socket always go to the network. A new version installs beside the running one
 * and waits until the member agrees to reload (web/pwa/registerServiceWorker.ts), so no open screen
 * mixes old and new files.
 */
declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/media\//, /^\/socket\.io\//],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

/** A web push from Splikz (server/push/pushSender.ts): shown as a notification; one per thing (tag). */
self.addEventListener('push', (event) => {
  let payload: { title?: string; body?: string; url?: string; tag?: string } = {};
  try {
    payload = event.data?.json() ?? {};
  } catch {
    return;
  }
  if (!payload.title) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body ?? '',
      tag: payload.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: payload.url ?? '/' },
    }),
  );
});

/** Clicking one opens its screen: in a Splikz tab already open if there is one, else a new one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const href = notificationTarget(event.notification.data, self.location.origin);
  if (!href) return;
  const target = new URL(href);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (tabs) => {
      const tab = tabs.find((c) => new URL(c.url).origin === target.origin) as WindowClient | undefined;
      if (tab) {
        await tab.focus();
        await tab.navigate(target.href);
        return;
      }
      await self.clients.openWindow(target.href);
    }),
  );
});
