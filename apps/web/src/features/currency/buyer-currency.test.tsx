import type { ExchangeRate } from '@shop/contracts/catalogue';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import { buyerRate, choosableRates } from './buyer-rate.ts';
import {
  BUYER_CURRENCY_KEY,
  readBuyerCurrency,
  setBuyerCurrency,
} from './buyer-currency-setting.ts';
import { ApproxPrice, RateNote } from './index.ts';

const rate = (currency: string, kyat: number, status: 'active' | 'inactive' = 'active') =>
  ({
    currency,
    symbol: currency,
    rate: kyat,
    status,
    baseCurrency: 'MMK',
    lastUpdated: '2026-12-02T04:00:00.000Z',
  }) satisfies ExchangeRate;

const RATES = [rate('THB', 137.5), rate('JPY', 30.45), rate('GBP', 6010, 'inactive')];

describe('the rate of the chosen currency', () => {
  it('offers only active rates with a usable rate', () => {
    expect(choosableRates([...RATES, rate('XAU', 0)]).map((r) => r.currency)).toEqual([
      'THB',
      'JPY',
    ]);
  });

  it('falls back to kyat only when the choice is inactive, missing or not made', () => {
    expect(buyerRate(RATES, 'THB')?.rate).toBe(137.5);
    expect(buyerRate(RATES, 'GBP')).toBeNull();
    expect(buyerRate(RATES, 'USD')).toBeNull();
    expect(buyerRate(RATES, null)).toBeNull();
    expect(buyerRate(undefined, 'THB')).toBeNull();
  });

  it('remembers a well-formed code on the device and forgets it for kyat only', () => {
    setBuyerCurrency('THB');
    expect(localStorage.getItem(BUYER_CURRENCY_KEY)).toBe('THB');
    expect(readBuyerCurrency()).toBe('THB');
    setBuyerCurrency(null);
    expect(localStorage.getItem(BUYER_CURRENCY_KEY)).toBeNull();
    localStorage.setItem(BUYER_CURRENCY_KEY, '<script>');
    expect(readBuyerCurrency()).toBeNull();
  });
});

/** GET /api/v1/exchange-rates answers `rates`; counts the calls. */
function serveRates(rates: ExchangeRate[]) {
  const fetch = vi.fn((url: string) =>
    Promise.resolve(
      url.endsWith('/api/v1/exchange-rates')
        ? new Response(JSON.stringify({ success: true, data: rates }), {
            headers: { 'content-type': 'application/json' },
          })
        : new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function show(language: 'en' | 'my') {
  await initI18n().changeLanguage(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const tree = (
    <QueryClientProvider client={client}>
      <p>
        5,000 Ks <ApproxPrice kyat={5000} />
      </p>
      <RateNote />
    </QueryClientProvider>
  );
  return { tree, view: render(tree) };
}

describe('the approximate amount beside kyat', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows nothing and fetches no rates until a currency is chosen', async () => {
    const fetch = serveRates(RATES);
    await show('en');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByTestId('approx-price')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('English: "≈ 36.36 THB" and the rate with its date; whole yen for JPY', async () => {
    serveRates(RATES);
    setBuyerCurrency('THB');
    await show('en');
    expect((await screen.findByTestId('approx-price')).textContent).toBe('≈ 36.36 THB');
    expect(screen.getByTestId('rate-note').textContent).toBe(
      'Rate of 2 Dec 2026: 1 THB = 137.5 Ks. Approximate; you pay in kyat (MMK).',
    );
    act(() => {
      setBuyerCurrency('JPY');
    });
    expect((await screen.findByTestId('approx-price')).textContent).toBe('≈ 164 JPY');
  });

  it('Burmese: Burmese digits and words, only the currency code in Latin letters', async () => {
    serveRates(RATES);
    setBuyerCurrency('THB');
    await show('my');
    const amount = (await screen.findByTestId('approx-price')).textContent;
    expect(amount).toBe('၃၆.၃၆ THB ခန့်');
    const note = screen.getByTestId('rate-note').textContent;
    expect(note).toContain('၁ THB = ၁၃၇.၅ ကျပ်');
    expect(note).toContain('၂၀၂၆ ခုနှစ် ဒီဇင်ဘာ ၂ ရက်');
    for (const text of [amount, note]) {
      expect(text.replace(/THB/g, '')).not.toMatch(/[A-Za-z0-9]/);
    }
  });

  it('a currency the back-office turned off falls back to kyat only, without a word', async () => {
    serveRates(RATES);
    setBuyerCurrency('GBP');
    await show('en');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByTestId('approx-price')).toBeNull();
    expect(screen.queryByTestId('rate-note')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("is not in the server's HTML, even with a choice made (it appears after hydration)", async () => {
    serveRates(RATES);
    setBuyerCurrency('THB');
    const { tree } = await show('en');
    const html = renderToString(tree);
    expect(html).toContain('5,000 Ks');
    expect(html).not.toContain('THB');
  });
});
