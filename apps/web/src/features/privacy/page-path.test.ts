import { describe, expect, it } from 'vitest';
import { analyticsPagePath } from './page-path.ts';

describe('the page a page_view names', () => {
  it('names the shop’s pages as they are, without a trailing slash', () => {
    expect(analyticsPagePath('/')).toBe('/');
    expect(analyticsPagePath('/orders')).toBe('/orders');
    expect(analyticsPagePath('/account-settings/')).toBe('/account-settings');
    expect(analyticsPagePath('/product/mobile-topup')).toBe('/product/mobile-topup');
  });

  it('never sends an order id or a share id (the key to a shared order)', () => {
    expect(analyticsPagePath('/orders/5b1c2f3e-7d1a-4c55-9c0e-0d6f1c8e2a11')).toBe('/orders/{id}');
    expect(analyticsPagePath('/sharewith/Zk3v9QmXcT2pL8rW4nYb7A')).toBe('/sharewith/{id}');
  });

  it('names any other path /not-found: it may hold anything someone typed', () => {
    expect(analyticsPagePath('/someone@example.com')).toBe('/not-found');
    expect(analyticsPagePath('/product/Mobile Topup?x=1')).toBe('/not-found');
    expect(analyticsPagePath('/orders/1/2')).toBe('/not-found');
  });
});

describe('the shop’s pages, from the one list (lib/app-pages.ts)', () => {
  it('names the status page (it was missing from the analytics list: counted as not-found)', () => {
    expect(analyticsPagePath('/status')).toBe('/status');
  });
});
