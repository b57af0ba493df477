import { promoMessages } from '@shop/contracts/promo-messages';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { initI18n } from '../../../lib/i18n.ts';
import '../content/lazy-messages.ts';
import { PromoCodeForm } from './promo-code-form.tsx';

const i18n = initI18n();

function renderForm(props: Partial<Parameters<typeof PromoCodeForm>[0]> = {}) {
  const onApply = props.onApply ?? vi.fn(() => Promise.resolve());
  const onRemove = props.onRemove ?? vi.fn(() => Promise.resolve());
  render(<PromoCodeForm applied={props.applied ?? null} onApply={onApply} onRemove={onRemove} />);
  return { onApply, onRemove };
}

/** The error shown under the field, which the field names with aria-describedby. */
function describedError(field: HTMLElement): string | null {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('the checkout promo-code form (issue 17)', () => {
  it('refuses what cannot be a code, in Burmese, tied to the field; nothing is sent', async () => {
    await i18n.changeLanguage('my');
    const { onApply } = renderForm();
    const field = screen.getByLabelText('ပရိုမိုကုဒ်');
    await userEvent.type(field, 'no code!{Enter}');
    await waitFor(() => {
      expect(field.getAttribute('aria-invalid')).toBe('true');
    });
    expect(describedError(field)).toBe('မှန်ကန်သော ပရိုမိုကုဒ် ထည့်ပါ (အက္ခရာနှင့် ဂဏန်းများ)။');
    expect(onApply).not.toHaveBeenCalled();
  });

  it('sends the code trimmed; the server’s refusal shows under the field, which gets the focus', async () => {
    await i18n.changeLanguage('en');
    const onApply = vi.fn(() =>
      Promise.reject(
        new ApiError(promoMessages.usedUp.en, 409, 'CONFLICT', false, {
          promoCode: promoMessages.usedUp.en,
        }),
      ),
    );
    renderForm({ onApply });
    const field = screen.getByLabelText('Promo code');
    await userEvent.type(field, '  welcome10 ');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => {
      expect(describedError(field)).toBe('This promo code has been used up.');
    });
    expect(onApply).toHaveBeenCalledWith('welcome10');
    expect(document.activeElement).toBe(field);
  });

  it('once applied: the code and its discount (Burmese digits), and Remove', async () => {
    await i18n.changeLanguage('my');
    const { onRemove } = renderForm({ applied: { code: 'WELCOME10', discount: 1500 } });
    expect(screen.getByRole('status').textContent).toBe(
      'ပရိုမိုကုဒ် WELCOME10 ဖြင့် ၁,၅၀၀ ကျပ် လျှော့ပြီးပါပြီ။',
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'ပရိုမိုကုဒ် ဖယ်ရှားမည်' }));
    expect(onRemove).toHaveBeenCalledOnce();
  });
});
