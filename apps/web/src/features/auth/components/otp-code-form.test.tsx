import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { initI18n } from '../../../lib/i18n.ts';
import { OtpCodeForm } from './otp-code-form.tsx';

const i18n = initI18n();

const form = (props: Partial<Parameters<typeof OtpCodeForm>[0]>) => (
  <OtpCodeForm
    seconds={900}
    variant="resend"
    intro="intro"
    submitLabel="Verify"
    busyLabel="Verifying..."
    incompleteKey="auth.errors.otpIncomplete"
    onSubmit={() => Promise.resolve()}
    onResend={() => Promise.resolve(900)}
    {...props}
  />
);

/** Issue 26: Resend after the server's 60 s, and no code countdown for a send that was refused. */
describe('OtpCodeForm', () => {
  beforeEach(async () => {
    vi.useFakeTimers();
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("enables Resend after resendAfter (60 s), not at the code's 900 s", () => {
    render(form({ resendAfter: 60 }));
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Resend in 01:00' }).disabled,
    ).toBe(true);
    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Resend in 00:01' }).disabled,
    ).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Resend' }).disabled).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Verify' }).disabled).toBe(false);
  });

  it('a refused send shows its reason, no expiry countdown, and Get New Code at once', () => {
    render(
      form({
        variant: 'expiry',
        seconds: 300,
        notSentReason: 'Please wait 42 seconds before requesting a new code.',
      }),
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Please wait 42 seconds before requesting a new code.',
    );
    expect(screen.queryByText(/Code expires in/)).toBeNull();
    expect(screen.queryByText('Code expired')).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Get New Code' }).disabled).toBe(
      false,
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Verify' }).disabled).toBe(false);
  });

  it("a short code gets the form's own message and is not submitted", async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    render(form({ incompleteKey: 'auth.errors.enterOtp', initialCode: '12345', onSubmit }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
      await Promise.resolve();
    });
    expect(screen.getByRole('alert').textContent).toBe(i18n.t('auth.errors.enterOtp'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('six digits are submitted', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    render(form({ initialCode: '123456', onSubmit }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
      await Promise.resolve();
    });
    expect(onSubmit).toHaveBeenCalledWith('123456');
  });

  it("the server's refusal shows under the boxes", async () => {
    render(
      form({
        initialCode: '123456',
        onSubmit: () => Promise.reject(new Error('Invalid OTP. Please try again.')),
      }),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
      await Promise.resolve();
    });
    expect(screen.getByRole('alert').textContent).not.toBe('');
  });

  it.each([
    ['en', 'OTP verification failed'],
    ['my', 'ကုဒ် အတည်ပြု၍ မရပါ'],
  ] as const)(
    "a refusal without the server's message says 'OTP verification failed' (account spec §8, %s)",
    async (language, text) => {
      await i18n.changeLanguage(language);
      render(
        form({
          initialCode: '123456',
          onSubmit: () => Promise.reject(new ApiError('Request failed (502)', 502, undefined)),
        }),
      );
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
        await Promise.resolve();
      });
      expect(screen.getByRole('alert').textContent).toBe(text);
    },
  );

  it("the server's own message is shown as it came", async () => {
    render(
      form({
        initialCode: '123456',
        onSubmit: () =>
          Promise.reject(new ApiError('Invalid OTP. Please try again.', 400, 'INVALID_OTP')),
      }),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
      await Promise.resolve();
    });
    expect(screen.getByRole('alert').textContent).toBe('Invalid OTP. Please try again.');
  });
});
