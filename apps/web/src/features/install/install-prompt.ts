import { useSyncExternalStore } from 'react';

/** Chromium's install prompt event (not in TypeScript's DOM library). */
interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallState = 'unavailable' | 'available' | 'installed';

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * Chromium offers installing once per page load with `beforeinstallprompt`, whenever it decides
 * to (often soon after load): kept from the app's start (main.tsx imports this module), so the
 * install page's button can show the browser's own prompt later.
 */
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    notify();
  });
}

const state = (): InstallState =>
  installed ? 'installed' : deferred ? 'available' : 'unavailable';

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the browser offers one-tap install now (the server renders "unavailable"). */
export function useInstallState(): InstallState {
  return useSyncExternalStore(subscribe, state, () => 'unavailable');
}

/** Shows the browser's install prompt; true when the person accepted it. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  // A prompt can be shown once: the next needs the browser's next event.
  deferred = null;
  notify();
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') {
    installed = true;
    notify();
  }
  return outcome === 'accepted';
}

/** Running as the installed app (home-screen icon), where installing again means nothing. */
export const isRunningInstalled = () =>
  window.matchMedia('(display-mode: standalone)').matches ||
  (navigator as { standalone?: boolean }).standalone === true;
