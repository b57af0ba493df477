import { useSyncExternalStore } from 'react';

/**
 * The buyer's "Show prices also in" choice (issue 31): a currency code such as "THB", or null for
 * kyat only (the default). Kept on the device like the other device settings, chosen once.
 */
export const BUYER_CURRENCY_KEY = 'buyer-currency';

const currencyCode = /^[A-Z]{3}$/;
/** The choice for this visit when storage is blocked or full (undefined: none made). */
let unsaved: string | null | undefined;
const listeners = new Set<() => void>();

export function readBuyerCurrency(): string | null {
  try {
    const stored = localStorage.getItem(BUYER_CURRENCY_KEY);
    if (stored !== null) return currencyCode.test(stored) ? stored : null;
  } catch {
    // Storage blocked: this visit's choice.
  }
  return unsaved ?? null;
}

/** Remembers the choice on this device; null goes back to kyat only. */
export function setBuyerCurrency(currency: string | null): void {
  try {
    if (currency === null) localStorage.removeItem(BUYER_CURRENCY_KEY);
    else localStorage.setItem(BUYER_CURRENCY_KEY, currency);
    unsaved = undefined;
  } catch {
    unsaved = currency;
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === BUYER_CURRENCY_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Follows the choice, also when it changes in another tab. The server's HTML and the hydrating
 * render know no choice (null), so converted amounts appear only after hydration, without a
 * mismatch (ADR 0027's server-rendered pages).
 */
export const useBuyerCurrency = (): string | null =>
  useSyncExternalStore(subscribe, readBuyerCurrency, () => null);
