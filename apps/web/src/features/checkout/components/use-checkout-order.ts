import type { OrderSummary, PaymentMethod, PaymentMethodId } from '@shop/contracts/checkout';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { errorMessageOr } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { cartController } from '../../cart/index.ts';
import { track } from '../../privacy/index.ts';
import { checkoutApi, PAYMENT_METHODS_CACHE_MS } from '../api/checkout-api.ts';

type Phase =
  | { name: 'loading' }
  | { name: 'error'; message: string }
  | { name: 'ready'; order: OrderSummary; methods: PaymentMethod[] };

export type Prepare = (
  promoCode: string | null,
  email?: string | null,
) => Promise<{ order: OrderSummary; methods: PaymentMethod[] }>;

/**
 * The dialog's pending order and its payment methods, prepared on opening (after loading the cart)
 * and again on `retry`; `prepare` makes the checkout again (with a promo code or codes address) and
 * `show` puts its answer on screen. The chosen method stays while it is enabled, else the first
 * enabled one is chosen.
 */
export function useCheckoutOrder() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ name: 'loading' });
  const [method, setMethod] = useState<PaymentMethodId>('mmqr');
  const [attempt, setAttempt] = useState(0);

  /**
   * The pending order for the cart (with the promo code, if one is given: ADR 0035) and the
   * payment methods for its amount. A refused code rejects, and the order shown stays as it was.
   */
  const prepare: Prepare = useCallback(
    async (promoCode: string | null, email: string | null = null) => {
      const { data: order } = await checkoutApi.initialize(promoCode, email);
      const { data: methods } = await queryClient.query({
        queryKey: ['payment-methods', order.sessionId, currentLanguage()],
        queryFn: () => checkoutApi.paymentMethods(order.sessionId),
        staleTime: PAYMENT_METHODS_CACHE_MS,
        retry: false,
      });
      return { order, methods };
    },
    [queryClient],
  );
  const show = useCallback((order: OrderSummary, methods: PaymentMethod[]) => {
    setMethod((current) =>
      methods.some((entry) => entry.id === current && entry.isEnabled)
        ? current
        : (methods.find((entry) => entry.isEnabled)?.id ?? current),
    );
    setPhase({ name: 'ready', order, methods });
  }, []);

  useEffect(() => {
    const run = { cancelled: false };
    void (async () => {
      try {
        // Loading the cart first merges a guest cart into it right after signing in.
        await cartController.load({ quiet: true });
        const { order, methods } = await prepare(null);
        if (run.cancelled) return;
        track('begin_checkout', { value: order.total, items: order.totalItems });
        show(order, methods);
      } catch (error) {
        if (!run.cancelled)
          setPhase({ name: 'error', message: errorMessageOr(error, t('checkout.initFailed')) });
      }
    })();
    return () => {
      run.cancelled = true;
    };
  }, [attempt, t, prepare, show]);

  const retry = () => {
    setPhase({ name: 'loading' });
    setAttempt((value) => value + 1);
  };
  return { phase, method, setMethod, prepare, show, retry };
}
