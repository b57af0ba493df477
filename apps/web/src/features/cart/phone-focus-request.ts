import type { CartLine } from '@shop/contracts/cart';
import { useEffect } from 'react';
import { cartBadge, useCartBadge } from './cart-badge-store.ts';

/**
 * When the drawer was opened for this product's number ("Try another number" on a failed top-up),
 * the recipient number input of its line without a number is the dialog's first focus and is
 * focused (`focus`) once that line shows (the lines may arrive after the drawer opened). Answers
 * the input's extra props.
 */
export function usePhoneFocusRequest(
  line: Pick<CartLine, 'productId' | 'phoneNumber'>,
  focus: () => void,
) {
  const requested = useCartBadge().focusPhoneOf === line.productId && line.phoneNumber === null;
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
