import { loginByEmail, readMessages, verifiedIdentity } from './auth-support.ts';
import { expect, test, type Locator, type Page, keepScreenshot } from './fixtures.ts';
import {
  expectAccessible,
  payInSandbox,
  signedInCustomer,
  toCompletedOrder,
} from './shop-support.ts';

/**
 * Issue 31, "top me up" request links, on a phone: the person in Myanmar asks for a top-up of
 * their own number (the operator found from it, a product of that operator, a note screened as
 * gift-link notes are) and gets a link with Copy, Share and a QR code. Someone else opens it in
 * another browser, sees the number masked, the product, the price and the note, and pays it with
 * MM QR (the sandbox bank); once the top-up is delivered the requester's request shows as topped
 * up and they were e-mailed. In Burmese: the page, the link dialog, cancelling, and the link's
 * page saying the request was cancelled. Axe on each page and dialog.
 */
test.use({ viewport: { width: 390, height: 844 } });

const DIR = '/tmp/topmeup';
const shot = (page: Page, name: string) => keepScreenshot(page, { path: `${DIR}/${name}.png` });
/** Opens the cart drawer from the header (once the page answers clicks). */
const openCart = async (page: Page, drawer: Locator) => {
  await expect(page.getByTestId('cart-badge')).toBeVisible();
  await expect(async () => {
    await page.getByTestId('cart-button').click();
    await expect(drawer).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
};
/** A number of the test's own on MPT (the simulator tops it up: not …0000 or …8888). */
const ownNumber = () => `0925${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}12`;

test(
  'ask for a top-up, someone else pays it through the link, the requester sees it topped up',
  { tag: '@mobile-only' },
  async ({ page, request, browser, context }) => {
    test.setTimeout(240_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const requester = await signedInCustomer(page, request);
    const mine = ownNumber();

    // From the Account page to the requests; none yet.
    await page.goto('/account-settings');
    await page.getByTestId('topmeup-section-link').click();
    await expect(page).toHaveURL(/\/topmeup$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ask for a top-up' })).toBeVisible();
    await expect(page.getByTestId('topmeup-empty')).toBeVisible();

    // The operator comes from the number; the products are MPT's top-ups and data.
    const form = page.getByTestId('topmeup-form');
    await form.getByTestId('topmeup-phone').fill(mine);
    await expect(form.getByTestId('topmeup-operator')).toHaveText('Operator: MPT');
    const product = form.getByTestId('topmeup-product');
    await expect(product.locator('option', { hasText: 'MPT Top-up 1,000 Ks' })).toBeAttached();
    await product.selectOption({ label: 'MPT Top-up 1,000 Ks · 1,000 Ks' });
    // A rude note is refused with the gift links' words, and nothing is made.
    await form.getByTestId('topmeup-note').fill('you are a fucking idiot');
    await form.getByTestId('topmeup-create').click();
    await expect(form.getByTestId('topmeup-form-error')).toHaveText(
      'Your message contains inappropriate content. Please revise it.',
    );
    await expect(page.getByTestId('topmeup-empty')).toBeVisible();
    await expectAccessible(page);
    await shot(page, '1-form-en');

    await form.getByTestId('topmeup-note').fill('Thank you, Auntie!');
    await form.getByTestId('topmeup-create').click();
    const dialog = page.getByRole('dialog', { name: 'Your request link' });
    await expect(dialog).toBeVisible();
    const url = await dialog.getByTestId('topmeup-url').inputValue();
    expect(url).toMatch(/\/topmeup\/[A-Za-z0-9_-]{32}$/);
    await expect(dialog.getByTestId('topmeup-qr')).toHaveAttribute('data-payload', url);
    await expect(dialog.getByRole('link', { name: 'Viber' })).toHaveAttribute(
      'href',
      /^viber:\/\/forward\?text=/,
    );
    await dialog.getByTestId('topmeup-copy').click();
    await expect(dialog.getByTestId('topmeup-copy')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expectAccessible(page, '[role="dialog"]');
    await shot(page, '2-link-dialog-en');
    await dialog.getByTestId('topmeup-link-close').click();
    await expect(dialog).toBeHidden();
    const card = page.getByTestId('topmeup-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('topmeup-status')).toHaveText('Open');
    await expect(card).toContainText('MPT Top-up 1,000 Ks');
    await expectAccessible(page);
    await shot(page, '3-list-en');

    // Someone else, in another browser, not signed in: the number masked, product, price, note.
    const path = new URL(url).pathname;
    const payerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const payer = await payerContext.newPage();
    await payer.goto(`${path}?lang=en`);
    const masked = `${mine.slice(0, 2)} ${mine.slice(2, 3)}••••• ${mine.slice(-4)}`.replace(
      /•+/,
      '•'.repeat(mine.length - 7),
    );
    /** The number whole, in any grouping or digits, is nowhere in `where`'s text. */
    const expectNotWhole = async (where: Locator) => {
      const text = (await where.innerText()).replace(/[\s-]/g, '');
      expect(text).not.toContain(mine.slice(2));
      expect(text).not.toContain(mine.slice(2, 8));
    };
    await expect(payer.getByTestId('topmeup-masked-number')).toHaveText(masked);
    await expect(payer.getByTestId('topmeup-product-name')).toHaveText('MPT Top-up 1,000 Ks');
    await expect(payer.getByTestId('topmeup-price')).toHaveText('1,000 Ks');
    await expect(payer.getByTestId('topmeup-note-text')).toHaveText('Thank you, Auntie!');
    await expect(payer.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    expect(await payer.locator('body').innerText()).not.toContain(mine.slice(2, 8));
    expect(await payer.locator('body').innerText()).not.toContain(requester.name);
    await expectAccessible(payer);
    await shot(payer, '4-link-page-en');

    // Not signed in, "Pay" asks to log in first, then puts it in their cart for that number;
    // checkout as usual, MM QR, paid in the sandbox bank.
    const payerPerson = await verifiedIdentity(request);
    await payer.getByTestId('topmeup-pay').click();
    await loginByEmail(payer, payerPerson);
    const drawer = payer.getByRole('dialog', { name: 'Your cart' });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText('MPT Top-up 1,000 Ks');
    await expect(payer.getByTestId('cart-badge')).toHaveText('1');
    // From here on the payer sees the requester's number masked, never whole (ADR 0080), and
    // cannot change it: the drawer says why instead of offering the number field.
    const line = drawer.getByTestId('cart-line');
    await expect(line.getByTestId('cart-line-recipient')).toHaveText(`Top-up to ${masked} (MPT)`);
    await expect(line.getByTestId('cart-line-request')).toHaveText(
      'The number from a top-up request, shown in part. It cannot be changed.',
    );
    await expect(line.getByRole('textbox', { name: 'Recipient phone number' })).toHaveCount(0);
    await expectNotWhole(drawer);
    await expectAccessible(payer, '[role="dialog"]');
    await shot(payer, '5-cart-en');

    // The same drawer in Burmese.
    await payer.goto('/?lang=my');
    const drawerMy = payer.getByRole('dialog', { name: 'သင့်ခြင်းတောင်း' });
    await openCart(payer, drawerMy);
    await expect(drawerMy.getByTestId('cart-line-recipient')).toContainText(masked);
    await expect(drawerMy.getByTestId('cart-line-request')).toHaveText(
      'ငွေဖြည့်ပေးရန် တောင်းဆိုချက်မှ နံပါတ်ဖြစ်၍ တစ်စိတ်တစ်ပိုင်းသာ ပြထားပါသည်။ ပြောင်း၍ မရပါ။',
    );
    await expect(drawerMy.getByRole('textbox')).toHaveCount(1); // the quantity only
    await expectNotWhole(drawerMy);
    await expectAccessible(payer, '[role="dialog"]');
    await shot(payer, '5b-cart-my');

    // Checkout and the payment screen: masked too.
    await payer.goto('/?lang=en');
    await openCart(payer, drawer);
    await drawer.getByTestId('cart-checkout').click();
    const checkout = payer.getByRole('dialog', { name: 'Checkout' });
    await expect(checkout.getByTestId('checkout-recipient')).toContainText(masked);
    await expectNotWhole(checkout);
    await checkout.getByTestId('checkout-pay').click();
    const qr = payer.getByTestId('payment-qr');
    await expect(qr).toBeVisible();
    await expect(payer.getByTestId('payment-recipient')).toContainText(masked);
    await expectNotWhole(payer.locator('body'));
    await payInSandbox(request, (await qr.getAttribute('data-payload')) ?? '');
    await expect(payer).toHaveURL(/\/orders\/[^/?]+\?status=success$/, { timeout: 20_000 });
    await toCompletedOrder(payer);

    // The payer's order page and list, in English and Burmese: masked.
    const orderPath = new URL(payer.url()).pathname;
    await expect(payer.getByTestId('order-item')).toContainText(masked);
    await expectNotWhole(payer.locator('body'));
    await expectAccessible(payer);
    await shot(payer, '5c-order-en');
    await payer.goto(`${orderPath}?lang=my`);
    await expect(payer.getByTestId('order-item')).toContainText(masked);
    await expectNotWhole(payer.locator('body'));
    await expectAccessible(payer);
    await shot(payer, '5d-order-my');
    await payer.goto('/orders?lang=en');
    await expect(payer.getByTestId('order-entry')).toHaveCount(1);
    await expectNotWhole(payer.locator('body'));
    // Buy again is not offered for an order that only paid someone's request.
    await expect(
      payer.getByTestId('order-entry').getByRole('button', { name: 'Buy again' }),
    ).toHaveCount(0);

    // The requester's request is topped up, and they were told by e-mail.
    await expect(async () => {
      await page.reload();
      await expect(card.getByTestId('topmeup-status')).toHaveText('Topped up', { timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    await expect(card.getByTestId('topmeup-state')).toHaveText(/^Topped up on /);
    await expect(card.getByTestId('topmeup-cancel')).toHaveCount(0);
    const told = readMessages(requester.email).filter((m) => m.text.includes('/topmeup'));
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('MPT Top-up 1,000 Ks');
    await expectAccessible(page);
    await shot(page, '6-topped-up-en');

    // The link now says it was paid.
    await payer.goto(`${path}?lang=en`);
    await expect(payer.getByTestId('topmeup-closed')).toHaveText(
      'This top-up has been paid. Thank you!',
    );
    await expect(payer.getByTestId('topmeup-pay')).toHaveCount(0);
    await shot(payer, '7-link-paid-en');
    await payerContext.close();
  },
);

test(
  'in Burmese: ask, share, cancel; the link then says it was cancelled',
  { tag: '@mobile-only' },
  async ({ page, request, browser }) => {
    test.setTimeout(180_000);
    await signedInCustomer(page, request);
    const mine = ownNumber();
    await page.goto('/topmeup?lang=my');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ငွေဖြည့်ပေးရန် တောင်းဆိုရန်');
    const form = page.getByTestId('topmeup-form');
    await form.getByTestId('topmeup-phone').fill(mine);
    await expect(form.getByTestId('topmeup-operator')).toHaveText('အော်ပရေတာ — MPT');
    await form
      .getByTestId('topmeup-product')
      .selectOption({ label: 'MPT ဖုန်းငွေဖြည့် ၁,၀၀၀ ကျပ် · ၁,၀၀၀ ကျပ်' });
    await form.getByTestId('topmeup-note').fill('ကျေးဇူးပါ အန်တီ');
    await expectAccessible(page);
    await shot(page, '8-form-my');
    await form.getByTestId('topmeup-create').click();
    const dialog = page.getByRole('dialog', { name: 'သင့်တောင်းဆိုမှု လင့်ခ်' });
    await expect(dialog).toBeVisible();
    const url = await dialog.getByTestId('topmeup-url').inputValue();
    await expect(dialog.getByTestId('topmeup-expires')).not.toHaveText(/[0-9]/);
    await expectAccessible(page, '[role="dialog"]');
    await shot(page, '9-link-dialog-my');
    await dialog.getByTestId('topmeup-link-close').click();

    // The page's words are Burmese: the only Latin letters are the brand (MPT), the only Latin
    // digits the number as it is dialled.
    const card = page.getByTestId('topmeup-card');
    await expect(card.getByTestId('topmeup-status')).toHaveText('ဖွင့်ထားသည်');
    const text = await page.locator('main').innerText();
    const dialled = `${mine.slice(0, 2)} ${mine.slice(2, 5)} ${mine.slice(5, 8)} ${mine.slice(8)}`;
    expect(text.replaceAll('MPT', '').replaceAll('GB', '').replaceAll(dialled, '')).not.toMatch(
      /[A-Za-z0-9]/,
    );
    await shot(page, '10-list-my');

    // Cancel: asked first, "Keep it" focused.
    await card.getByTestId('topmeup-cancel').click();
    const confirm = page.getByRole('alertdialog', { name: 'ဤတောင်းဆိုမှုကို ပယ်ဖျက်မလား။' });
    await expect(confirm.getByRole('button', { name: 'မပယ်ဖျက်ပါ' })).toBeFocused();
    await expectAccessible(page, '[role="alertdialog"]');
    await shot(page, '11-cancel-my');
    await confirm.getByTestId('topmeup-cancel-yes').click();
    await expect(card.getByTestId('topmeup-status')).toHaveText('ပယ်ဖျက်ပြီး');

    // Whoever opens the link now is told it was cancelled, in Burmese.
    const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const opener = await other.newPage();
    await opener.goto(`${new URL(url).pathname}?lang=my`);
    await expect(opener.getByTestId('topmeup-closed')).toHaveText('ဤတောင်းဆိုမှုကို ပယ်ဖျက်ထားပါသည်။');
    await expect(opener.getByTestId('topmeup-pay')).toHaveCount(0);
    const openerText = await opener.locator('main').innerText();
    expect(openerText.replaceAll('MPT', '')).not.toMatch(/[A-Za-z]/);
    await expectAccessible(opener);
    await shot(opener, '12-link-cancelled-my');
    // An unknown link.
    await opener.goto('/topmeup/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA?lang=my');
    await expect(opener.getByTestId('topmeup-not-found')).toContainText(
      'ဤတောင်းဆိုမှု လင့်ခ် မရှိခြင်း သို့မဟုတ် သက်တမ်းကုန်သွားခြင်း ဖြစ်နိုင်ပါသည်။',
    );
    await expectAccessible(opener);
    await other.close();
  },
);
