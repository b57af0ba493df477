import { useEffect } from 'react';

/**
 * Mobile tab bar hides while a checkout dialog is open (spec §2 "Bottom tab bar"): the checkout
 * dialog and the payment modal (while not minimised) set the body's class.
 */
export function useCheckoutBodyClass(active: boolean) {
  useEffect(() => {
    if (!active) return;
    document.body.classList.add('checkout-dialog-open');
    return () => {
      document.body.classList.remove('checkout-dialog-open');
    };
  }, [active]);
}
