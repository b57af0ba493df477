import { expect, test, keepScreenshot } from './fixtures.ts';
import { cardInStock, expectAccessible } from './shop-support.ts';

/**
 * Issue 26: "Clear cart" beside Checkout emptied the cart at one tap. It now asks first, in place
 * of the drawer's buttons, with "Keep my items" focused; keeping changes nothing. English on the
 * desktop, Burmese on the phone; axe on the question; screenshots in /tmp/clear-cart.
 */
const words = {
  en: {
    clear: 'Clear cart',
    keep: 'Keep my items',
    yes: 'Yes, clear cart',
    empty: 'Your cart is empty',
  },
  my: {
    clear: 'ခြင်းတောင်း ရှင်းလင်းရန်',
    keep: 'ပစ္စည်းများ ထားမည်',
    yes: 'ဟုတ်ကဲ့၊ ရှင်းလင်းမည်',
    empty: 'သင့်ခြင်းတောင်း ဗလာဖြစ်နေပါသည်',
  },
};

test('clearing the cart asks first; keeping changes nothing', async ({ page }, testInfo) => {
  const lang = testInfo.project.name === 'mobile' ? 'my' : 'en';
  const w = words[lang];
  await page.goto(`/product/local-epins?lang=${lang}`);
  await (await cardInStock(page)).getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-badge')).toBeVisible();
  await page.getByTestId('cart-button').click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByTestId('cart-line')).toHaveCount(1);

  await drawer.getByRole('button', { name: w.clear }).click();
  const question = drawer.getByTestId('cart-clear-question');
  await expect(question).toBeVisible();
  await expect(drawer.getByRole('button', { name: w.keep })).toBeFocused();
  await expect(drawer.getByTestId('cart-line')).toHaveCount(1);
  await expectAccessible(page, '.cart-drawer');
  await keepScreenshot(page, { path: `/tmp/clear-cart/${testInfo.project.name}-question.png` });

  await drawer.getByRole('button', { name: w.keep }).click();
  await expect(question).toBeHidden();
  await expect(drawer.getByTestId('cart-line')).toHaveCount(1);

  await drawer.getByRole('button', { name: w.clear }).click();
  await drawer.getByRole('button', { name: w.yes }).click();
  await expect(drawer.getByText(w.empty)).toBeVisible();
  await expect(page.getByTestId('cart-badge')).toBeHidden();
});
