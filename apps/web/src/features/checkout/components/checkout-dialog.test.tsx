import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { initI18n } from '../../../lib/i18n.ts';
import { cartController } from '../../cart/index.ts';
import { checkoutApi } from '../api/checkout-api.ts';
import { CheckoutDialog } from './checkout-dialog.tsx';

const i18n = initI18n();

function openCheckout() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CheckoutDialog onClose={vi.fn()} onPaymentStarted={vi.fn()} />
    </QueryClientProvider>,
  );
}

/** Shopping spec §8: 'Checkout initialization failed' when the server gives no message. */
describe('the checkout dialog when the order cannot be prepared', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each([
    ['en', 'Checkout initialization failed'],
    ['my', 'ငွေရှင်းခြင်းကို စတင်၍ မရပါ'],
  ] as const)('an answer without a message gives the fallback (%s)', async (language, text) => {
    await i18n.changeLanguage(language);
    vi.spyOn(cartController, 'load').mockResolvedValue(true);
    vi.spyOn(checkoutApi, 'initialize').mockRejectedValue(
      new ApiError('Request failed (502)', 502, undefined),
    );
    openCheckout();
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it("the server's own message is shown instead", async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(cartController, 'load').mockResolvedValue(true);
    vi.spyOn(checkoutApi, 'initialize').mockRejectedValue(
      new ApiError('Cart is empty', 400, 'CART_EMPTY'),
    );
    openCheckout();
    expect((await screen.findByRole('alert')).textContent).toBe('Cart is empty');
  });
});
