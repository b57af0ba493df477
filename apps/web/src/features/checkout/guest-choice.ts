/** Spec §4 "Guest dialog": 'Continue as Guest' hides the login-required dialog for 6 hours. */
export const GUEST_DIALOG_HIDDEN_MS = 6 * 60 * 60 * 1000;
const STORAGE_KEY = 'checkout-guest-choice-at';

export function rememberGuestChoice(now = Date.now()): void {
  try {
    localStorage.setItem(STORAGE_KEY, String(now));
  } catch {
    // Storage disabled: the dialog simply shows again next time.
  }
}

export function isGuestDialogHidden(now = Date.now()): boolean {
  try {
    const at = Number(localStorage.getItem(STORAGE_KEY));
    return Number.isFinite(at) && at > 0 && now - at < GUEST_DIALOG_HIDDEN_MS;
  } catch {
    return false;
  }
}
