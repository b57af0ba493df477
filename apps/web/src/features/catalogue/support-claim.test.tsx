import type { BusinessHours } from '@shop/contracts/business-hours';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initI18n } from '../../lib/i18n.ts';
import { AboutUs } from './components/info-pages.tsx';
import { ShopHighlights } from './components/shop-highlights.tsx';

/** The call centre's configured hours, as GET /api/v1/site/contact answers them. */
function serveHours(hours: BusinessHours) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        url.endsWith('/api/v1/site/contact')
          ? new Response(
              JSON.stringify({
                success: true,
                data: { phone: '+95 1 234 5678', email: 'help@example.com', hours },
              }),
              { status: 200, headers: { 'content-type': 'application/json' } },
            )
          : new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }),
      ),
    ),
  );
}

async function renderClaims(language: 'en' | 'my') {
  const i18n = initI18n();
  await i18n.changeLanguage(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { container } = render(
    <QueryClientProvider client={client}>
      <Router hook={memoryLocation({ path: '/' }).hook}>
        <ShopHighlights />
        <AboutUs />
      </Router>
    </QueryClientProvider>,
  );
  return container;
}

const weekdays = {
  start: '09:00',
  end: '17:00',
  workingDays: [1, 2, 3, 4, 5],
  timezone: 'Asia/Yangon',
};

describe('support claims follow the call-centre hours (issue 12)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('Monday–Friday 09:00–17:00: Home and About give those hours and never promise 24/7', async () => {
    serveHours(weekdays);
    const page = await renderClaims('en');
    expect(
      await screen.findByText('Our call centre is open Monday–Friday, 09:00–17:00 (Myanmar time).'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Call-centre support' })).toBeTruthy();
    expect(
      screen.getByText('Customer support by phone, Monday–Friday, 09:00–17:00 (Myanmar time)'),
    ).toBeTruthy();
    expect(page.textContent).not.toMatch(/24\/7|around the clock/);
  });

  it('changed hours (Monday–Saturday 08:00–20:00) change every claim, in Burmese too', async () => {
    serveHours({ ...weekdays, start: '08:00', end: '20:00', workingDays: [1, 2, 3, 4, 5, 6] });
    const page = await renderClaims('my');
    expect(
      await screen.findByText(
        'ကျွန်ုပ်တို့၏ ဖုန်းဝန်ဆောင်မှုဌာနကို တနင်္လာမှ စနေ၊ ၀၈:၀၀–၂၀:၀၀ (မြန်မာစံတော်ချိန်) ဖွင့်ထားပါသည်။',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('ဖုန်းဖြင့် ဖောက်သည်ဝန်ဆောင်မှု၊ တနင်္လာမှ စနေ၊ ၀၈:၀၀–၂၀:၀၀ (မြန်မာစံတော်ချိန်)'),
    ).toBeTruthy();
    expect(page.textContent).not.toContain('၂၄ နာရီ');
    expect(page.textContent).not.toMatch(/24\/7|support/);
  });

  it('open every day, all day: then, and only then, "24/7 support"', async () => {
    serveHours({ ...weekdays, start: '00:00', end: '23:59', workingDays: [1, 2, 3, 4, 5, 6, 7] });
    await renderClaims('en');
    expect(await screen.findByRole('heading', { name: '24/7 support' })).toBeTruthy();
    expect(screen.getByText('Customer support around the clock, 24/7')).toBeTruthy();
  });
});
