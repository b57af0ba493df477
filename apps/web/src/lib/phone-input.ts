import { normalizePhone } from '@shop/contracts/phone';
import type { ClipboardEvent } from 'react';

/**
 * Room for every way a Myanmar number is written or pasted — "+95 9 421 234 567",
 * "+95 (9) 421-234-567", "959421234567" — so the field never cuts one (issue 12); the number itself
 * is judged by the shared phone rules, not by the field's length.
 */
export const PHONE_FIELD_MAX_LENGTH = 24;

/** The digits typed so far, English or Burmese ("၀၉၄" is 3): when a number is worth judging. */
export const phoneDigitCount = (value: string): number => value.match(/\p{Nd}/gu)?.length ?? 0;

/**
 * A paste into a phone field: the pasted text replaces the selection, and the result is tidied to
 * the local 09… form (Burmese digits read as digits; spaces, dashes, dots, parentheses, +95 / 95
 * dropped: issue 26) when it is a number. Anything else (letters) is kept as pasted, so the field
 * can say what is wrong ('Please use English digits only'). Answers the field's new text.
 */
export function pastedPhone(event: ClipboardEvent<HTMLInputElement>): string {
  const pasted = event.clipboardData.getData('text');
  const input = event.currentTarget;
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? input.value.length;
  const combined = input.value.slice(0, start) + pasted + input.value.slice(end);
  const tidy = normalizePhone(combined);
  const next = tidy === null || tidy === '' ? combined.trim() : tidy;
  event.preventDefault();
  return next.slice(0, PHONE_FIELD_MAX_LENGTH);
}
