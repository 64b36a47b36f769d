import { feedOfRoute } from '@common/feeds.ts';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'sonner';
import { App, preloadFirstScreen } from './App.tsx';
import { ApiError } from './api/client.ts';
import { MemberShell } from './components/RequireAuth.tsx';
import { sessionKeys, sessionQuery } from './queries/session.ts';
import './i18n/i18n.ts';
import { OfflineNotice } from './pwa/OfflineNotice.tsx';
import './styles.css';

/** A 401 anywhere means the session ended (signed out elsewhere, suspended): check, and go to /auth. */
const onError = (error: Error) => {
  if (error instanceof ApiError && error.status === 401) {
    void queryClient.invalidateQueries({ queryKey: sessionKeys.me });
  }
};
const queryClient: QueryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false } },
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
});

/**
 * The first screen renders once, with what it shows: the member, the screen's code and, on a feed,
 * its first page and the member's media preferences (index.html asked for them as the page started).
 * Until then the page shows index.html's logo; after 3 s the app renders anyway, with its spinners.
 */
async function prepareFirstScreen() {
  const path = window.location.pathname;
  const category = feedOfRoute(path);
  // Loaded beside the session check, not after it.
  const feed = category ? import('./firstScreen.ts') : undefined;
  const signedIn = queryClient.fetchQuery(sessionQuery).then(Boolean);
  await Promise.all([
    preloadFirstScreen(path),
    signedIn.then((member) =>
      member
        ? Promise.all([
            MemberShell.preload(),
            feed?.then((screen) => screen.prefetchFeed(queryClient, category!)),
          ])
        : null,
    ),
  ]);
}

function render() {
  const root = createRoot(document.getElementById('root')!);
  // A transition: React renders the first screen in slices of a few milliseconds and yields to the
  // browser between them, instead of one long task that holds a phone's main thread (20 posts and the
  // shell take some 400 ms of a mid-range phone's CPU).
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <App />
          <OfflineNotice />
          {/* Spec: one toast at a time. */}
          <Toaster position="top-center" visibleToasts={1} richColors closeButton />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

/**
 * The installable app's service worker: production builds only, once the first screen has painted and
 * settled. Registering it caches the whole app (about 2 MB) from a thread in the page's own renderer
 * process, which competes with the first screen's files, answers and frames. An idle callback alone came
 * too soon: the first idle moment falls between the render call and React's first commit.
 */
const SERVICE_WORKER_AFTER_MS = 5000;

function registerServiceWorkerWhenIdle() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    void import('./pwa/registerServiceWorker.ts').then((pwa) => pwa.registerServiceWorker());
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(register, { timeout: 10_000 }) : register();
  setTimeout(whenIdle, SERVICE_WORKER_AFTER_MS);
}

void Promise.race([prepareFirstScreen().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 3000))])
  .then(render)
  .then(registerServiceWorkerWhenIdle);
