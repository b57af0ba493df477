// A gift card's face value as the back-office's New product dialog reads it: typed in the card's
// own currency ("10", "12.50"), sent in that currency's minor units (the create contract's
// faceValue.amount, as products.face_value_minor stores it).

/**
 * A face value typed in its currency ("10", "12.50") in that currency's minor units (cents);
 * null when it is not an amount the currency can have.
 */
export function minorUnits(text: string, currency: string): number | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.replace(/[,\s]/g, ''));
  if (!match) return null;
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat('en', {
        style: 'currency',
        currency: currency.trim(),
      }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // Not a currency code: the server names the currency field.
  }
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  const minor = Number(`${match[1] ?? ''}${fraction.padEnd(digits, '0')}`);
  return minor > 0 ? minor : null;
}
export const FACE_VALUE_INVALID =
  'Enter the face value in the card’s currency: an amount above 0, such as 10 or 12.50';
