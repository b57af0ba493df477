import { mayWarmAppFiles, WARM_APP_FILES, type ConnectionHints } from './app-files.ts';
import { whenIdleAfterLoad } from './when-idle.ts';

/**
 * Once the page is idle and the worker is in charge, asks it to download the rest of the shop
 * (issue 29, ADR 0065) — only on a connection that allows it (mayWarmAppFiles), so a reader on
 * metered or slow data downloads only what they open.
 */
export function warmAppFilesWhenIdle(): void {
  const connection = (navigator as Navigator & { connection?: ConnectionHints }).connection;
  if (!mayWarmAppFiles(connection)) return;
  const ask = () => {
    void navigator.serviceWorker.ready.then((registration) => {
      registration.active?.postMessage(WARM_APP_FILES);
    });
  };
  whenIdleAfterLoad(ask, 10_000);
}
