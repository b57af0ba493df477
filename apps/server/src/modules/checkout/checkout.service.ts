import { withContext } from '../../platform/use-case.ts';
import { createCheckoutContext, type CheckoutDeps } from './checkout-context.ts';
import { complete } from './complete-checkout.ts';
import { initialize } from './initialize.ts';
import {
  paymentMethodsForAmount,
  paymentMethodsForSession,
  selectPaymentMethod,
} from './payment-methods.ts';

export type { CheckoutDeps } from './checkout-context.ts';

/**
 * The checkout service (issue 30: one file a use case): the cart becomes a pending order with its
 * card hold (initialize.ts), the payment methods are offered and one chosen (payment-methods.ts)
 * and paying starts (complete-checkout.ts), each given the context built here
 * (checkout-context.ts).
 */
export function createCheckoutService(deps: CheckoutDeps) {
  const ctx = createCheckoutContext(deps);
  const use = withContext(ctx);
  return {
    initialize: use(initialize),
    paymentMethodsForAmount: use(paymentMethodsForAmount),
    paymentMethodsForSession: use(paymentMethodsForSession),
    selectPaymentMethod: use(selectPaymentMethod),
    complete: use(complete),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
