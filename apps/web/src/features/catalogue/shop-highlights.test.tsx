import type { ShopClaim } from '@shop/contracts/shop-claims';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import { ShopHighlights } from './components/shop-highlights.tsx';

const CLAIMS: ShopClaim[] = [
  {
    titleEn: 'Gift cards in minutes',
    titleMy: 'မိနစ်ပိုင်းအတွင်း လက်ဆောင်ကတ်',
    textEn: 'Codes arrive by email.',
    textMy: 'ကုဒ်များကို အီးမေးလ်ဖြင့် ပို့ပေးပါသည်။',
  },
  {
    titleEn: 'Every wallet',
    titleMy: 'ပိုက်ဆံအိတ်တိုင်း',
    textEn: 'Pay with MM QR.',
    textMy: 'MM QR ဖြင့် ပေးချေပါ။',
  },
];

/** GET /api/v1/site/claims answers `claims` (a status other than 200: the call failed). */
function serveClaims(claims: ShopClaim[] | null, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        url.endsWith('/api/v1/site/claims')
          ? new Response(JSON.stringify({ success: true, data: claims }), {
              status,
              headers: { 'content-type': 'application/json' },
            })
          : new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }),
      ),
    ),
  );
}

async function renderHighlights(language: 'en' | 'my') {
  const i18n = initI18n();
  await i18n.changeLanguage(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ShopHighlights />
    </QueryClientProvider>,
  ).container;
}

describe("Home's claims: the owner's when set (issue 17), else the built-in ones", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("English page: the owner's claims, in order, and none of the built-in ones", async () => {
    serveClaims(CLAIMS);
    const page = await renderHighlights('en');
    expect(await screen.findByRole('heading', { name: 'Gift cards in minutes' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Gift cards in minutes',
      'Every wallet',
    ]);
    expect(screen.getByText('Codes arrive by email.')).toBeTruthy();
    expect(page.textContent).not.toContain('Instant top-ups');
  });

  it("Burmese page: the owner's Burmese texts, no English ones", async () => {
    serveClaims(CLAIMS);
    const page = await renderHighlights('my');
    expect(await screen.findByRole('heading', { name: CLAIMS[0]?.titleMy })).toBeTruthy();
    expect(screen.getByText(CLAIMS[1]?.textMy ?? '')).toBeTruthy();
    for (const claim of CLAIMS) {
      expect(page.textContent).not.toContain(claim.titleEn);
      expect(page.textContent).not.toContain(claim.textEn);
    }
  });

  it('none set, or the call fails: the built-in claims', async () => {
    serveClaims(null);
    await renderHighlights('en');
    expect(await screen.findByRole('heading', { name: 'Instant top-ups' })).toBeTruthy();
    vi.unstubAllGlobals();
    cleanup();
    serveClaims(CLAIMS, 500);
    await renderHighlights('en');
    expect(await screen.findByRole('heading', { name: 'Instant top-ups' })).toBeTruthy();
    expect(screen.queryByText('Gift cards in minutes')).toBeNull();
  });
});
