import '@fontsource/noto-sans-myanmar/myanmar-400.css';
import '@fontsource/noto-sans-myanmar/myanmar-700.css';
import './styles/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { i18nReady } from './lib/i18n.ts';
import { removeStaticShellOnInteraction } from './lib/static-shell.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
removeStaticShellOnInteraction();
// Burmese readers wait for their strings (one small chunk) rather than see English flash first.
await i18nReady();
// As a transition, the first render yields to the browser every few milliseconds instead of
// holding a slow phone's main thread for one long task (Lighthouse "total blocking time").
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// The service worker (src/sw.ts): offline app shell and the payment timer. Registered after the
// page has loaded so it never competes with the first paint on a slow phone.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  });
}
