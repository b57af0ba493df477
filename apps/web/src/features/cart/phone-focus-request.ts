import { useEffect } from 'react';
import { cartBadge, useCartBadge } from './cart-badge-store.ts';

/**
 * When the drawer was opened for this product's number ("Try another number" on a failed top-up),
 * the line's recipient number input is the dialog's first focus and is focused (`focus`) once its
 * line shows (the lines may arrive after the drawer opened). Answers the input's extra props.
 */
export function usePhoneFocusRequest(productId: string, focus: () => void) {
  const requested = useCartBadge().focusPhoneOf === productId;
  useEffect(() => {
    if (!requested) return;
    // After the dialog's own first focus (its effect runs after this one on the same commit).
    const timer = setTimeout(() => {
      focus();
      cartBadge.phoneFocused();
    }, 0);
    return () => {
      clearTimeout(timer);
    };
  }, [requested, focus]);
  return { 'data-autofocus': requested || undefined };
}
