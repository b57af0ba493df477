/**
 * The recipient number the top-up and data listings hold for this tab (sessionStorage): typed on
 * a listing, or handed over by a saved number's "Choose a product" (features/recipients).
 */
const PHONE_STORAGE_KEY = 'catalogue.phone';

export function readListingPhone(): string {
  try {
    return sessionStorage.getItem(PHONE_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberListingPhone(phone: string): void {
  try {
    sessionStorage.setItem(PHONE_STORAGE_KEY, phone);
  } catch {
    // Private mode without storage: the number just is not remembered.
  }
}
