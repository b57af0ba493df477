import { useSyncExternalStore } from 'react';

/**
 * The "bot" setting of account settings (shopping spec §2; ADR 0031): whether the help button is
 * shown on this device. Shown unless turned off; kept locally like the other device settings.
 */
export const HELP_BUTTON_KEY = 'help-assistant-button';

/** The choice for this visit when storage is blocked or full. */
let unsaved: boolean | null = null;
const listeners = new Set<() => void>();

export function readHelpButtonShown(): boolean {
  try {
    const stored = localStorage.getItem(HELP_BUTTON_KEY);
    if (stored !== null) return stored !== 'hidden';
  } catch {
    // Storage blocked: this visit's choice.
  }
  return unsaved ?? true;
}

export function setHelpButtonShown(shown: boolean): void {
  try {
    localStorage.setItem(HELP_BUTTON_KEY, shown ? 'shown' : 'hidden');
    unsaved = null;
  } catch {
    unsaved = shown;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === HELP_BUTTON_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Follows the setting, also when it is changed on the settings page or in another tab. */
export const useHelpButtonShown = (): boolean =>
  useSyncExternalStore(subscribe, readHelpButtonShown, () => false);
