import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { cartWith } from '../../../test/cart-fixture.ts';
import { cartApi } from '../api/cart-api.ts';
import { cartController, useCartState } from '../cart-controller.ts';
import { RecipientPhoneField } from './recipient-phone-field.tsx';

const i18n = initI18n();
const answer = (phoneNumber: string | null) =>
  ({ success: true, message: 'Cart updated', data: cartWith(1, phoneNumber) }) as const;

/** The drawer's line as the controller has it (its number changes once saved). */
function Line() {
  const line = useCartState().cart?.items[0];
  return line ? <RecipientPhoneField line={line} /> : null;
}

async function renderLine(language: 'en' | 'my', phoneNumber: string | null = null) {
  await i18n.changeLanguage(language);
  vi.spyOn(cartApi, 'get').mockResolvedValue(answer(phoneNumber));
  await cartController.load();
  render(<Line />);
  return {
    input: screen.getByTestId('cart-phone-input'),
    status: screen.getByTestId('cart-phone-status'),
  };
}

describe('the cart line’s recipient number on react-hook-form (ADR 0018, ADR 0021)', () => {
  let update: MockInstance<typeof cartApi.update>;
  beforeEach(() => {
    update = vi
      .spyOn(cartApi, 'update')
      .mockImplementation((body) => Promise.resolve(answer(body.phoneNumber ?? null)));
  });
  afterEach(async () => {
    // The app's one controller outlives a test: no typed number is left behind for the next.
    vi.spyOn(cartApi, 'get').mockResolvedValue(answer(null));
    await cartController.load();
    cartController.typePhoneNumber('l1', '');
    await cartController.savePhoneNumber('l1');
    vi.restoreAllMocks();
  });

  it('a number still being typed is not judged until the field is left; then the rule shows', async () => {
    const { input, status } = await renderLine('en');
    expect(status.dataset.state).toBe('missing');
    await userEvent.type(input, '0942');
    expect(status.dataset.state).toBe('missing');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    await userEvent.tab();
    await waitFor(() => {
      expect(status.textContent).toBe('Phone number is too short');
    });
    expect(status.dataset.state).toBe('error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(update).not.toHaveBeenCalled();
  });

  it('letters get the spec’s message at once, in Burmese on a Burmese page; nothing is saved', async () => {
    const { input, status } = await renderLine('my');
    await userEvent.type(input, '09a');
    await waitFor(() => {
      expect(status.textContent).toBe('အင်္ဂလိပ်ဂဏန်းများသာ အသုံးပြုပါ');
    });
    expect(document.activeElement).toBe(input);
    expect(update).not.toHaveBeenCalled();
  });

  it('a whole number of another operator is refused while typing with the line’s operator named', async () => {
    const { input, status } = await renderLine('en');
    await userEvent.type(input, '09970000001');
    await waitFor(() => {
      expect(status.textContent).toBe('Phone number does not match MPT format');
    });
    await userEvent.keyboard('{Enter}');
    expect(update).not.toHaveBeenCalled();
  });

  it.each([
    {
      name: 'Enter saves a valid number at once, in its 95 form, and the line says so',
      language: 'en',
      typed: '+95 9 421 234 567',
      said: 'Number saved',
    },
    {
      name: 'a number typed in Burmese digits is the same number: saved in its 95 form (issue 26)',
      language: 'my',
      typed: '၀၉၄၂၁၂၃၄၅၆၇',
      said: 'နံပါတ် သိမ်းပြီးပါပြီ',
    },
  ] as const)('$name', async ({ language, typed, said }) => {
    const { input, status } = await renderLine(language);
    await userEvent.type(input, `${typed}{Enter}`);
    await waitFor(() => {
      expect(status.dataset.state).toBe('saved');
    });
    expect(update).toHaveBeenCalledWith({
      productId: 'p1',
      lineId: 'l1',
      quantity: 1,
      phoneNumber: '959421234567',
    });
    // Saved, the field shows the line's number in its 09 form.
    expect((input as HTMLInputElement).value).toBe('09421234567');
    expect(status.textContent).toContain(said);
  });

  it('shows the saved number of the line, and a cleared field removes it', async () => {
    const { input, status } = await renderLine('en', '959421234567');
    expect((input as HTMLInputElement).value).toBe('09421234567');
    expect(status.dataset.state).toBe('saved');
    await userEvent.clear(input);
    await userEvent.tab();
    await waitFor(() => {
      expect(status.dataset.state).toBe('missing');
    });
    expect(update).toHaveBeenCalledWith({
      productId: 'p1',
      lineId: 'l1',
      quantity: 1,
      phoneNumber: null,
    });
  });
});
