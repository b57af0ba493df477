import { useEffect, useRef } from 'react';
import { cartBadge, useCartBadge } from './cart-badge-store.ts';

/**
 * Props for a line's recipient number input: when the drawer was opened for this product's number
 * ("Try another number" on a failed top-up), the input is the dialog's first focus and is focused
 * once its line shows (the lines may arrive after the drawer opened).
 */
export function usePhoneFocusRequest(productId: string) {
  const requested = useCartBadge().focusPhoneOf === productId;
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!requested || !ref.current) return;
    // After the dialog's own first focus (its effect runs after this one on the same commit).
    const timer = setTimeout(() => {
      ref.current?.focus();
      cartBadge.phoneFocused();
    }, 0);
    return () => {
      clearTimeout(timer);
    };
  }, [requested]);
  return { ref, 'data-autofocus': requested || undefined };
}
