import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../content/lazy-messages.ts';
import { initI18n } from '../../../lib/i18n.ts';
import { cartWith } from '../../../test/cart-fixture.ts';
import { CartLineItem } from './cart-line-item.tsx';

const i18n = initI18n();

/** The fixture's line as a "Top me up" request's line: the number masked by the server. */
const requestLine = () => {
  const line = cartWith(1, '09 2•••• 8881').items[0];
  if (!line) throw new Error('no line');
  return { ...line, recipientMasked: true };
};

describe('a cart line that pays a "Top me up" request (issue 31, ADR 0080)', () => {
  afterEach(cleanup);

  it.each([
    ['en', 'Top-up to 09 2•••• 8881 (MPT)', 'cannot be changed'],
    ['my', '09 2•••• 8881 (MPT) သို့ ငွေဖြည့်ခြင်း', 'ပြောင်း၍ မရပါ'],
  ] as const)(
    '%s: shows the number masked and why it stays, with no number field',
    async (language, recipient, stays) => {
      await i18n.changeLanguage(language);
      render(
        <ul>
          <CartLineItem line={requestLine()} busy={false} />
        </ul>,
      );
      expect(screen.getByTestId('cart-line-recipient').textContent).toBe(recipient);
      expect(screen.getByTestId('cart-line-request').textContent).toContain(stays);
      expect(screen.queryByTestId('cart-phone-input')).toBeNull();
    },
  );

  it('an ordinary top-up line keeps its number field', async () => {
    await i18n.changeLanguage('en');
    const line = cartWith(1, '959250000001').items[0];
    if (!line) throw new Error('no line');
    render(
      <ul>
        <CartLineItem line={line} busy={false} />
      </ul>,
    );
    expect(screen.queryByTestId('cart-line-request')).toBeNull();
    expect(screen.getByTestId('cart-phone-input')).toBeTruthy();
  });
});
