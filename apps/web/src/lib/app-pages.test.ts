import { describe, expect, it } from 'vitest';
import { appPageOf, isAppPath } from './app-pages.ts';

describe('the page a path is routed to', () => {
  it('matches as the router does: a parameter is one segment, a trailing slash and any case are allowed', () => {
    expect(appPageOf('/')).toBe('/');
    expect(appPageOf('/orders/')).toBe('/orders');
    expect(appPageOf('/Orders')).toBe('/orders');
    expect(appPageOf('/orders/5b1c2f3e')).toBe('/orders/:orderId');
    expect(appPageOf('/product/mobile-topup')).toBe('/product/:slug');
    expect(appPageOf('/webapp/install')).toBe('/webapp/install');
  });

  it('has no page for other paths: the 404 page', () => {
    expect(appPageOf('/orders/1/2')).toBeUndefined();
    expect(appPageOf('/wp-login.php')).toBeUndefined();
    expect(appPageOf('/webapp')).toBeUndefined();
    expect(appPageOf('//')).toBeUndefined();
    expect(appPageOf('/product.x')).toBeUndefined();
  });
});

describe('the paths the app has a page for', () => {
  it('are the shop’s pages and every path of the back-office (its own router)', () => {
    expect(isAppPath('/orders/5b1c2f3e')).toBe(true);
    expect(isAppPath('/admin')).toBe(true);
    expect(isAppPath('/admin/orders/5b1c2f3e')).toBe(true);
    expect(isAppPath('/administrator')).toBe(false);
    expect(isAppPath('/no-such-page')).toBe(false);
  });
});
