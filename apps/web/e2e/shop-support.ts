import { expect, type Page } from '@playwright/test';
import { loginByEmail, openLoginDialog, type Identity } from './auth-support.ts';

/** Helpers for the shopping browser tests: sign in, fill the cart, check out. */

export const productCard = (page: Page, name: RegExp) =>
  page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name }) });

/** Signs in through the user menu's Login dialog, starting on Home. */
export async function signInFromHome(page: Page, person: Identity) {
  await page.goto('/');
  await openLoginDialog(page);
  await loginByEmail(page, person);
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeHidden();
}

/** Adds a product from its category listing and waits for the badge to show `badge`. */
export async function addFromListing(page: Page, slug: string, name: RegExp, badge: string) {
  await page.goto(`/product/${slug}`);
  await productCard(page, name).getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-badge')).toHaveText(badge);
}

/** Opens the cart drawer and saves the recipient number of its (one) top-up line. */
export async function saveRecipientNumber(page: Page, phone: string) {
  await page.getByTestId('cart-button').click();
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await drawer.getByTestId('cart-phone-input').fill(phone);
  await drawer.getByRole('button', { name: 'Save number' }).click();
  await expect(drawer.getByRole('button', { name: 'Number saved' })).toBeVisible();
  return drawer;
}

/** From the open drawer: checkout with the default method (MM QR); answers the QR payload. */
export async function checkOutWithQr(page: Page) {
  await page.getByRole('dialog', { name: 'Your cart' }).getByTestId('cart-checkout').click();
  await page.getByRole('dialog', { name: 'Checkout' }).getByTestId('checkout-pay').click();
  const qr = page.getByTestId('payment-qr');
  await expect(qr).toBeVisible();
  return (await qr.getAttribute('data-payload')) ?? '';
}
