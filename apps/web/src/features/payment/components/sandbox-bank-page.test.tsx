import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { initI18n } from '../../../lib/i18n.ts';
import { paymentApi } from '../api/payment-api.ts';
import SandboxBankPage from './sandbox-bank-page.tsx';

const i18n = initI18n();

async function renderPage(language: 'en' | 'my') {
  await i18n.changeLanguage(language);
  render(<SandboxBankPage />);
  return screen.getByTestId('sandbox-payload');
}

const paid = {
  success: true,
  message: 'ok',
  data: {
    eventId: 'e1',
    outcome: 'failed',
    reference: 'r1',
    orderNumber: 'MT-1',
    amount: 3000,
    merchantName: 'Shop',
    webhookStatus: 200,
  },
} as const;

describe('the sandbox bank page on react-hook-form with the pay request’s schema (ADR 0018)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('nothing pasted: the form’s own message under the field, in Burmese on a Burmese page; nothing is sent', async () => {
    const pay = vi.spyOn(paymentApi, 'sandboxPay');
    const payload = await renderPage('my');
    await userEvent.click(screen.getByRole('button'));
    const error = await screen.findByText('QR ဒေတာကို အရင် ကူးထည့်ပါ', {
      selector: '.ui-field__error',
    });
    expect(payload.getAttribute('aria-invalid')).toBe('true');
    expect(payload.getAttribute('aria-describedby')).toBe(error.id);
    expect(pay).not.toHaveBeenCalled();
  });

  it('sends the payload trimmed with the chosen outcome and shows the answer', async () => {
    const pay = vi.spyOn(paymentApi, 'sandboxPay').mockResolvedValue(paid);
    const payload = await renderPage('en');
    await userEvent.type(payload, '  000201abc  ');
    await userEvent.click(screen.getByLabelText('Refuse (simulate failure)'));
    await userEvent.click(screen.getByRole('button', { name: 'Send payment' }));
    expect((await screen.findByTestId('sandbox-result')).textContent).toContain(
      'Payment for order MT-1 was refused.',
    );
    expect(pay).toHaveBeenCalledWith({ qrPayload: '000201abc', outcome: 'failed' });
  });

  it('a refused call shows the server’s message once, in the form’s alert', async () => {
    vi.spyOn(paymentApi, 'sandboxPay').mockRejectedValue(
      new ApiError('This QR code has expired', 400, 'VALIDATION_ERROR'),
    );
    const payload = await renderPage('en');
    await userEvent.type(payload, '000201abc');
    await userEvent.click(screen.getByRole('button', { name: 'Send payment' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This QR code has expired');
    await waitFor(() => {
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send payment' }).disabled).toBe(
        false,
      );
    });
  });
});
