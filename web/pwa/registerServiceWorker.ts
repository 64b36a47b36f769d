import { registerSW } from 'virtual:pwa-register';
import { i18n } from '@web/i18n/i18n.ts';
import { toast } from 'sonner';

let registered: Promise<ServiceWorkerRegistration | null> | undefined;

/**
 * Registers the service worker (web/sw.ts), once per page: main.tsx once the first screen is up, or
 * sooner a screen that needs it (push settings opened first). Resolves with the registration, or null
 * when the browser refused it. When a new version has installed, the member is asked to reload rather
 * than having files change under an open screen; a screen that still asks for a file the new version
 * removed reloads itself (Vite's preloadError).
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  registered ??= new Promise((resolve) => {
    const update = registerSW({
      onRegisteredSW: (_url, registration) => resolve(registration ?? null),
      onRegisterError: () => resolve(null),
      onNeedRefresh() {
        toast(i18n.t('A new version of Splikz is ready.'), {
          // Once, however often the new version is found again.
          id: 'new-version', // i18n-ignore: an id, not a text
          duration: Number.POSITIVE_INFINITY,
          action: {
            label: i18n.t('Reload'),
            onClick: () => {
              // Workbox reloads only a page that a service worker controlled when it loaded; on the first
              // visit it would leave this one running the old files under the new worker.
              navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
                once: true,
              });
              void update(true);
            },
          },
        });
      },
    });
  });
  return registered;
}

window.addEventListener('vite:preloadError', () => window.location.reload());
