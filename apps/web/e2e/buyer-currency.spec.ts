import type { ExchangeRate } from '@shop/contracts/catalogue';
import { expect, test, type Page, keepScreenshot } from './fixtures.ts';
import { addFromListing, cardInStock, expectAccessible, signedInCustomer } from './shop-support.ts';

/**
 * Issue 31: prices also in the buyer's currency. A buyer in Bangkok picks THB once in the footer's
 * "Your currency and exchange rates" dialog; product cards, the cart total and its rate note (with
 * the rate's date) then show the approximate amount beside kyat, still after a reload; on a
 * Burmese page the amounts are in Burmese digits and words, and only the currency code (THB, as
 * on the buyer's bank app and in the rates table) stays in Latin letters. A currency the
 * back-office turned off falls back to kyat alone. Screenshots in /tmp/buyer-currency.
 */
const shots = (name: string) => `/tmp/buyer-currency/${name}.png`;

/** "1,000 Ks" or "၁,၀၀၀ ကျပ်" → 1000. */
const kyatOf = (text: string) =>
  Number(
    text
      .replace(/[\u1040-\u1049]/g, (d) => String(d.charCodeAt(0) - 0x1040))
      .replace(/[^0-9]/g, ''),
  );

const toBurmese = (text: string) =>
  text.replace(/[0-9]/g, (d) => String.fromCharCode(0x1040 + Number(d)));

/** Watches React's words about hydration and any page error. */
function watchHydration(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/hydrat|Minified React error/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test('THB chosen once: approximate amounts on the listing and in the cart, in both languages', async ({
  page,
}) => {
  const rates = (await (await page.request.get('/api/v1/exchange-rates')).json()) as {
    data: ExchangeRate[];
  };
  const thb = rates.data.find((rate) => rate.currency === 'THB' && rate.status === 'active');
  expect(thb, 'the demo data has an active THB rate').toBeDefined();
  const perBaht = thb?.rate ?? 1;
  const baht = (kyat: number) =>
    (kyat / perBaht).toLocaleString('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
  const rateDate = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeZone: 'Asia/Yangon',
  }).format(new Date(thb?.lastUpdated ?? 0));

  const problems = watchHydration(page);
  const rateCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/exchange-rates')) rateCalls.push(request.url());
  });
  await page.goto('/product/local-epins?lang=en');
  const card = await cardInStock(page);
  await expect(card.getByTestId('product-price')).toBeVisible();
  // Kyat only by default: no rates asked for, no approximate amount.
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('approx-price')).toHaveCount(0);
  expect(rateCalls).toEqual([]);

  // The footer's dialog: "Show prices also in", kyat only until changed; only active currencies.
  await page.getByRole('button', { name: 'Your currency and exchange rates' }).click();
  const dialog = page.getByRole('dialog', { name: 'Exchange rates' });
  const choice = dialog.getByLabel('Show prices also in');
  await expect(choice).toHaveValue('');
  await expect(choice.locator('option', { hasText: 'MMK only' })).toHaveCount(1);
  await expect(choice.locator('option[value="THB"]')).toHaveCount(1);
  await expect(choice.locator('option[value="GBP"]')).toHaveCount(0);
  await choice.selectOption('THB');
  await expect(dialog.getByTestId('rate-note')).toHaveText(
    `Rate of ${rateDate}: 1 THB = ${perBaht.toLocaleString('en-US', { maximumFractionDigits: 4 })} Ks. Approximate; you pay in kyat (MMK).`,
  );
  await expectAccessible(page, '.rates-dialog');
  await keepScreenshot(page, { path: shots('dialog-en') });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Every card now shows its price in baht, rounded to satang.
  const price = await card.getByTestId('product-price').locator('strong').innerText();
  await expect(card.getByTestId('approx-price')).toHaveText(`≈ ${baht(kyatOf(price))} THB`);
  await card.scrollIntoViewIfNeeded();
  await keepScreenshot(page, { path: shots('listing-en') });

  // The cart total, with the rate and its date.
  await card.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-badge')).toBeVisible();
  await page.getByTestId('cart-button').click();
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  const total = kyatOf(await drawer.getByTestId('cart-total').innerText());
  await expect(drawer.getByTestId('approx-price')).toHaveText(`≈ ${baht(total)} THB`);
  await expect(drawer.getByTestId('rate-note')).toContainText(`Rate of ${rateDate}: 1 THB =`);
  await drawer.getByTestId('rate-note').scrollIntoViewIfNeeded();
  await keepScreenshot(page, { path: shots('cart-en') });
  await page.keyboard.press('Escape');

  // Chosen once: a reload (the server's HTML has no amount; it appears after hydration).
  const html = await (await page.request.get('/product/local-epins?lang=en')).text();
  expect(html).toContain('data-testid="product-price"');
  expect(html).not.toContain('data-testid="approx-price"');
  expect(html).not.toContain('≈');
  await page.reload();
  await expect(card.getByTestId('approx-price')).toHaveText(`≈ ${baht(kyatOf(price))} THB`);
  expect(problems).toEqual([]);

  // Burmese: Burmese digits and words; only the code THB in Latin letters.
  await page.locator('.language-toggle').first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'my');
  const burmeseAmount = `${toBurmese(baht(kyatOf(price)))} THB ခန့်`;
  await expect(card.getByTestId('approx-price')).toHaveText(burmeseAmount);
  await expect(page.locator('.listing__results')).toHaveAttribute('aria-busy', 'false');
  await card.scrollIntoViewIfNeeded();
  await keepScreenshot(page, { path: shots('listing-my') });
  await page.getByTestId('cart-button').click();
  const burmeseDrawer = page.getByRole('dialog');
  await expect(burmeseDrawer.getByTestId('approx-price')).toHaveText(
    `${toBurmese(baht(total))} THB ခန့်`,
  );
  const note = burmeseDrawer.getByTestId('rate-note');
  await expect(note).toContainText(`၁ THB = ${toBurmese(String(perBaht))} ကျပ်`);
  for (const text of [
    await burmeseDrawer.getByTestId('approx-price').innerText(),
    await note.innerText(),
  ]) {
    expect(text.replace(/THB/g, ''), text).not.toMatch(/[A-Za-z0-9]/);
  }
  await note.scrollIntoViewIfNeeded();
  await keepScreenshot(page, { path: shots('cart-my') });
  await page.keyboard.press('Escape');

  // The Burmese dialog: the choice kept, its words Burmese; axe.
  await page.locator('.site-footer .link-button').click();
  const burmeseDialog = page.getByRole('dialog');
  const burmeseChoice = burmeseDialog.getByTestId('currency-choice');
  await expect(burmeseChoice.locator('select')).toHaveValue('THB');
  // Its label, hint and rate note are Burmese; the options are "ကျပ်ဖြင့်သာ" and each currency's
  // code with the back-office's symbol ("USD (US$)"), as the rates table shows them.
  for (const part of ['label', '.currency-choice__hint', '[data-testid="rate-note"]']) {
    const text = await burmeseChoice.locator(part).innerText();
    expect(text.replace(/THB/g, ''), text).not.toMatch(/[A-Za-z0-9]/);
  }
  const options = await burmeseChoice.locator('option').allInnerTexts();
  expect(options[0]).toBe('ကျပ်ဖြင့်သာ');
  for (const option of options.slice(1)) expect(option).toMatch(/^[A-Z]{3} \(.+\)$/);
  await expectAccessible(page, '.rates-dialog');
  await keepScreenshot(page, { path: shots('dialog-my') });

  // Back to kyat only.
  await burmeseChoice.locator('select').selectOption('');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('approx-price')).toHaveCount(0);
});

test('a currency the back-office turned off falls back to kyat only, silently', async ({
  page,
}) => {
  const rates = (await (await page.request.get('/api/v1/exchange-rates')).json()) as {
    data: ExchangeRate[];
  };
  const inactive = rates.data.find((rate) => rate.status === 'inactive');
  expect(inactive, 'the demo data has an inactive rate').toBeDefined();
  await page.addInitScript((currency) => {
    localStorage.setItem('buyer-currency', currency);
  }, inactive?.currency ?? '');
  const rateCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/exchange-rates')) rateCalls.push(request.url());
  });
  await page.goto('/product/local-epins?lang=en');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  // The rates were asked for (a currency is chosen) and did not offer it: kyat only, no message.
  await expect.poll(() => rateCalls.length).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('approx-price')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Your currency and exchange rates' }).click();
  await expect(page.getByRole('dialog').getByLabel('Show prices also in')).toHaveValue('');
});

test('the checkout and payment totals show the approximate amount; the payment stays in kyat', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => {
    localStorage.setItem('buyer-currency', 'JPY');
  });
  await signedInCustomer(page, request);
  const rates = (await (await page.request.get('/api/v1/exchange-rates')).json()) as {
    data: ExchangeRate[];
  };
  const perYen = rates.data.find((rate) => rate.currency === 'JPY')?.rate ?? 1;
  // Yen have no minor unit: whole yen.
  const yen = (kyat: number) => `≈ ${Math.round(kyat / perYen).toLocaleString('en-US')} JPY`;

  await addFromListing(page, 'local-epins', /^MPT E-PIN 1,000 Ks$/, '1');
  await page.getByTestId('cart-button').click();
  await page.getByRole('dialog', { name: 'Your cart' }).getByTestId('cart-checkout').click();
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await expect(checkout.getByTestId('checkout-total')).toHaveText('1,000 Ks');
  await expect(checkout.getByTestId('approx-price')).toHaveText(yen(1000));
  await expect(checkout.getByTestId('rate-note')).toContainText('1 JPY = 30.45 Ks');
  await checkout.getByTestId('rate-note').scrollIntoViewIfNeeded();
  await keepScreenshot(page, { path: shots('checkout-en') });
  await checkout.getByTestId('checkout-pay').click();
  const modal = page.getByRole('dialog', { name: 'Scan to pay' });
  await expect(modal.getByTestId('payment-amount')).toHaveText('1,000 Ks');
  await expect(modal.getByTestId('approx-price')).toHaveText(yen(1000));
  // The QR asks for kyat: its payload carries the order's amount in kyat (MMK is 104).
  const payload = (await modal.getByTestId('payment-qr').getAttribute('data-payload')) ?? '';
  expect(payload).toContain('5303104');
  await keepScreenshot(page, { path: shots('payment-en') });
});
