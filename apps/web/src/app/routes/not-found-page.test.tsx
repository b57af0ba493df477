import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initI18n } from '../../lib/i18n.ts';
import { AppRoutes, NotFoundPage } from '../router.tsx';

vi.mock('./home-page.tsx', () => ({ HomePage: () => <p>home</p> }));

async function renderAt(path: string) {
  // The page's code is loaded first, as main.tsx does for a page the server rendered: a page that
  // suspends in jsdom is not drawn again when its import arrives outside act() (lazyPage, use()).
  await NotFoundPage.preload();
  const i18n = initI18n();
  await i18n.changeLanguage('en');
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppRoutes />
    </Router>,
  );
  return location;
}

describe('404 page', () => {
  it('shows Page Not Found with a Go Home link that leads to /', async () => {
    const location = await renderAt('/nowhere');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Go Home' }));
    expect(location.history.at(-1)).toBe('/');
    expect(await screen.findByText('home', {}, { timeout: 15_000 })).toBeTruthy();
  }, 30_000);

  it('switches to Burmese with ?lang=my and back to English without it', async () => {
    const location = await renderAt('/nowhere?x=1');
    await userEvent.click(
      await screen.findByRole('button', { name: /^Switch to Burmese/ }, { timeout: 15_000 }),
    );
    expect(await screen.findByRole('heading', { name: 'စာမျက်နှာ မတွေ့ပါ' })).toBeTruthy();
    expect(location.history.at(-1)).toBe('/nowhere?x=1&lang=my');
    expect(localStorage.getItem('language')).toBe('my');
    await userEvent.click(screen.getByRole('button', { name: /^အင်္ဂလိပ်ဘာသာသို့ ပြောင်းရန်/ }));
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(location.history.at(-1)).toBe('/nowhere?x=1');
  }, 30_000);
});
