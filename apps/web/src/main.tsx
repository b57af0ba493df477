import './styles/fonts.css';
import './styles/global.css';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createQueryClient } from './app/app.tsx';
// Keeps the browser's install prompt from the start, for /webapp/install.
import './features/install/install-prompt.ts';
import { preloadPage } from './app/router.tsx';
import { i18nReady } from './lib/i18n.ts';
import { warmAppFilesWhenIdle } from './lib/warm-app-files.ts';

// Spec §4: "Unhandled errors and promise rejections are caught, logged and suppressed" — an error
// outside rendering (a handler, a timer, a failed promise) never breaks the page; one that breaks
// a page's rendering shows the crash screen instead (features/crash).
const logUnhandled = (event: ErrorEvent | PromiseRejectionEvent) => {
  event.preventDefault();
  console.error('Unhandled', 'reason' in event ? event.reason : event.error);
};
window.addEventListener('error', logUnhandled);
window.addEventListener('unhandledrejection', logUnhandled);

/** The server's query cache of a page it rendered (apps/server platform/server-render.ts). */
const SERVER_STATE_ELEMENT_ID = 'server-state';

// The service worker (src/sw.ts): offline pages and the payment timer. Registered after the page
// has loaded so it never competes with the first paint on a slow phone (on a server-rendered page
// this script itself starts after that, public/start.js).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
    warmAppFilesWhenIdle();
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}

/**
 * Renders the app into #root: hydrates the page the server rendered, or renders the app page.
 * A function, not top-level await: with a top-level await anywhere, Rolldown turns off its chunk
 * optimizations and every module the entry shares with a lazy chunk becomes a chunk of its own
 * (issue 29: ~30 small chunks on Home, each with its own import/export overhead).
 */
async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // Burmese readers wait for their strings (one small chunk) rather than see English flash first.
  await i18nReady();
  const queryClient = createQueryClient();
  const serverState = document.getElementById(SERVER_STATE_ELEMENT_ID)?.textContent;
  const app = (
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>
  );
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding a slow phone's main thread for one long task (Lighthouse "total blocking time").
  // The page's lazily loaded parts first, so that React takes the server's HTML over in one go.
  if (serverState) await preloadPage(window.location.pathname).catch(() => undefined);
  startTransition(() => {
    if (serverState) {
      // The page arrived rendered: React attaches to that HTML, with the data it was made from.
      hydrate(queryClient, JSON.parse(serverState) as DehydratedState);
      hydrateRoot(root, app, {
        onRecoverableError: (error) => {
          console.error('Hydration error', error);
        },
      });
    } else {
      createRoot(root).render(app);
    }
  });
}

void start();
