import type { BonusDay } from '@shop/contracts/bonus-days';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import '../content/lazy-messages.ts';
import { bonusDaysQuery } from '../../auth/index.ts';
import { BonusPointsLine } from './bonus-points-line.tsx';

const i18n = initI18n();

const thadingyut: BonusDay = {
  name: { en: 'Thadingyut', my: 'သီတင်းကျွတ်' },
  start: '2026-12-14',
  end: '2026-12-16',
  multiplier: 2,
};

/** The line as the checkout shows it, the bonus days' answer already fetched. */
function show(paidWithPoints = false) {
  const client = new QueryClient();
  client.setQueryData(bonusDaysQuery.queryKey, [thadingyut]);
  render(
    <QueryClientProvider client={client}>
      <BonusPointsLine paidWithPoints={paidWithPoints} />
    </QueryClientProvider>,
  );
  return screen.queryByTestId('checkout-bonus-points');
}

/** Issue 31 / ADR 0081: the checkout says when paying today earns bonus points. */
describe('the checkout’s bonus-points line', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await i18n.changeLanguage('en');
  });

  it('is shown on the window’s days in Yangon, from its first midnight to its last', async () => {
    await i18n.changeLanguage('en');
    vi.setSystemTime(new Date('2026-12-13T17:30:00Z')); // 14 Dec 00:00 in Yangon
    expect(show()?.textContent).toBe(
      'Paid today, this order earns 2× points (Thadingyut, 14–16 Dec).',
    );
  });

  it('is not shown the day before or after, nor when paying with points', async () => {
    await i18n.changeLanguage('en');
    vi.setSystemTime(new Date('2026-12-13T17:29:00Z')); // 13 Dec 23:59 in Yangon
    expect(show()).toBeNull();
    document.body.innerHTML = '';
    vi.setSystemTime(new Date('2026-12-16T17:30:00Z')); // 17 Dec 00:00 in Yangon
    expect(show()).toBeNull();
    document.body.innerHTML = '';
    vi.setSystemTime(new Date('2026-12-15T06:00:00Z'));
    expect(show(true)).toBeNull();
  });

  it('in Burmese: Burmese words and digits only', async () => {
    await i18n.changeLanguage('my');
    vi.setSystemTime(new Date('2026-12-15T06:00:00Z'));
    const line = show();
    expect(line?.textContent).toBe(
      'ယနေ့ ငွေပေးချေပါက ဤအော်ဒါသည် ပွိုင့် ၂ ဆ ရရှိမည် (သီတင်းကျွတ်၊ ဒီဇင်ဘာ ၁၄–၁၆ ရက်)။',
    );
    expect(line?.textContent).not.toMatch(/[A-Za-z0-9]/);
  });
});
