import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'sonner';
import { App } from './App.tsx';
import { ApiError } from './api/client.ts';
import { sessionKeys } from './queries/session.ts';
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
      <OfflineNotice />
      {/* Spec: one toast at a time. */}
      <Toaster position="top-center" visibleToasts={1} richColors closeButton />
    </QueryClientProvider>
  </StrictMode>,
);

// The installable app's service worker: production builds only, after the first screen.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void import('./pwa/registerServiceWorker.ts').then((pwa) => pwa.registerServiceWorker());
  });
}
