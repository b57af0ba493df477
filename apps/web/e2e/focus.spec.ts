import { expect, test, type Page } from './fixtures.ts';
import { checkOutWithQr, productCard, signedInCustomer } from './shop-support.ts';

/**
 * Keyboard focus (issue 12, Accessibility): the focus ring reaches 3:1 where it is drawn, the
 * Phone/Email switch is one radio group, focus stays on "Add to cart" after adding, and focus
 * moves into the cancel-confirmation and payment-success dialogs and back.
 */

type Rgb = [number, number, number];

const parseRgb = (css: string): Rgb => {
  const [r = 0, g = 0, b = 0] = (css.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b];
};

function luminance([r, g, b]: Rgb) {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

const contrast = (a: Rgb, b: Rgb) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** The focused element's ring and the colour it is drawn on (first opaque ancestor background). */
async function focusedRing(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    let node: HTMLElement | null = element.parentElement;
    let background = 'rgb(255, 255, 255)';
    while (node) {
      const colour = getComputedStyle(node).backgroundColor;
      if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') {
        background = colour;
        break;
      }
      node = node.parentElement;
    }
    return {
      what: `${element.tagName.toLowerCase()} ${element.getAttribute('aria-label') ?? element.textContent.trim().slice(0, 30)}`,
      inHeader: element.closest('.site-header') !== null,
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth),
      outlineColor: style.outlineColor,
      boxShadow: style.boxShadow,
      background,
    };
  });
}

test('the focus ring reaches 3:1 on white, on the page and (with its white halo) on the header', async ({
  page,
}) => {
  await page.goto('/');
  await expect(
    page.getByTestId('product-card').or(page.locator('.category-tile')).first(),
  ).toBeVisible();
  const seen = { header: 0, page: 0 };
  for (let i = 0; i < 14; i += 1) {
    await page.keyboard.press('Tab');
    const ring = await focusedRing(page);
    expect(ring.outlineStyle, ring.what).toBe('solid');
    expect(ring.outlineWidth, ring.what).toBeGreaterThanOrEqual(2);
    const background = parseRgb(ring.background);
    const ringContrast = contrast(parseRgb(ring.outlineColor), background);
    if (ring.inHeader) {
      // Blue ring on a dark tint: the white halo between element and ring carries the contrast.
      const halo = ring.boxShadow.match(/rgb\([^)]*\)/)?.[0] ?? '';
      expect(ring.boxShadow, ring.what).toContain('0px 0px 0px 2px');
      expect(
        Math.max(ringContrast, contrast(parseRgb(halo), background)),
        ring.what,
      ).toBeGreaterThanOrEqual(3);
      seen.header += 1;
    } else {
      expect(ringContrast, `${ring.what} on ${ring.background}`).toBeGreaterThanOrEqual(3);
      seen.page += 1;
    }
  }
  expect(seen.header).toBeGreaterThan(0);
  expect(seen.page).toBeGreaterThan(0);
});

test('the Phone/Email switch is one radio group: one Tab stop, arrow keys choose (Burmese, 390 px)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?lang=my');
  await page.getByRole('button', { name: /အကောင့်မီနူး$/ }).click();
  await page.getByRole('menuitem', { name: 'အကောင့်ဝင်မည်' }).click();
  const dialog = page.getByRole('dialog', { name: 'အကောင့်ဝင်ရန်' });
  const group = dialog.getByRole('group', { name: 'အကောင့်ဝင်မည့်နည်းလမ်း' });
  const phone = group.getByRole('radio', { name: 'ဖုန်း' });
  const email = group.getByRole('radio', { name: 'အီးမေးလ်' });
  await expect(phone).toBeChecked();

  await phone.focus();
  await page.keyboard.press('ArrowRight');
  await expect(email).toBeChecked();
  await expect(email).toBeFocused();
  await expect(dialog.getByLabel('အီးမေးလ်လိပ်စာ')).toBeVisible();
  // One Tab stop: from the checked radio, Tab goes to the field, not to the other radio.
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('အီးမေးလ်လိပ်စာ')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(email).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(phone).toBeChecked();
  await expect(dialog.getByLabel('ဖုန်းနံပါတ်')).toBeVisible();
});

test('focus stays on "Add to cart" after adding with the keyboard', async ({ page }) => {
  await page.goto('/product/local-epins');
  const button = productCard(page, /^MEC E-PIN 1,000 Ks$/).getByTestId('add-to-cart');
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await expect(button).toBeFocused();
  await expect(button).toHaveText('Add to cart');
});

test('focus moves into the cancel confirmation (Escape closes it, back on "Cancel Payment") and into "Payment successful"', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await signedInCustomer(page, request);
  await page.goto('/product/local-epins');
  await productCard(page, /^MEC E-PIN 1,000 Ks$/)
    .getByTestId('add-to-cart')
    .click();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await page.getByTestId('cart-button').click();
  const payload = await checkOutWithQr(page);

  const modal = page.getByRole('dialog', { name: 'Scan to pay' });
  const cancel = modal.getByRole('button', { name: 'Cancel Payment' });
  await cancel.click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel order?' });
  await expect(confirm.getByRole('button', { name: 'No', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(modal).toBeVisible();
  await expect(cancel).toBeFocused();

  // Paid: the success dialog takes focus on its action; closing it returns focus to the page.
  const paid = await request.post('/api/v1/sandbox/bank/pay', { data: { qrPayload: payload } });
  expect(paid.ok()).toBe(true);
  const success = page.getByRole('dialog', { name: 'Payment successful' });
  await expect(success.getByRole('button', { name: 'Go to order details' })).toBeFocused({
    timeout: 15_000,
  });
  await page.keyboard.press('Escape');
  await expect(success).toBeHidden();
  // Back where the purchase started: the cart button (never lost on <body>).
  await expect(page.getByTestId('cart-button')).toBeFocused();
});
