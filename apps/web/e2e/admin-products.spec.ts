import {
  expect,
  fullPageShots,
  test,
  type Page,
  newPersonPage,
  keepScreenshot,
} from './fixtures.ts';
import { adminRow, openAdminPage, signInToBackOffice } from './admin-support.ts';
import { expectAccessible } from './shop-support.ts';

/**
 * The back-office's product create and full edit (issue 17) in the browser: an admin creates an
 * E-PIN product in the Internet category, renames it in both languages, and the customer's
 * listing shows it at once; creates a data package (operator, MB, days) the customer's listing
 * shows with its volume and validity; and lists one product's cards and voids one with a reason,
 * the stock counts changing. Screenshots go to /tmp/admin-products/.
 *
 * Shop-wide changes, chosen so no other spec notices them: the new products (a fresh SKU each run)
 * are in the Internet category, whose contents no other spec asserts, with no operator (so no
 * operator filter of another spec finds them); the data package (a fresh SKU, MEC) is archived
 * at the end of its test, so the Data Package listing is as seeded again; the voided card is a Google Play US$25 card, a
 * product no other spec buys or counts.
 */

test.describe.configure({ mode: 'serial' });

const CATEGORY = 'Internet';
const stamp = () => Date.now().toString(36).toUpperCase();
const shot = fullPageShots('/tmp/admin-products');
const dialogShot = (page: Page, name: string) =>
  keepScreenshot(page.getByRole('dialog'), { path: `/tmp/admin-products/${name}.png` });

/** The Products page's row of one SKU, after a search for it. */
async function searchProduct(page: Page, sku: string) {
  await page.getByLabel('SKU or name').fill(sku);
  await page.getByRole('button', { name: 'Search' }).click();
  return adminRow(page, 'admin-products', sku);
}

test(
  'an admin creates a product and renames it; the customer’s listing shows it at once',
  { tag: '@desktop-only' },
  async ({ page, browser }) => {
    test.setTimeout(150_000);
    const run = stamp();
    const sku = `E2E-FIBRE-${run}`;
    const name = `Fibre Voucher ${run}`;
    const nameMy = `ဖိုက်ဘာ ဘောက်ချာ ${run}`;
    await signInToBackOffice(page);

    await openAdminPage(page, 'Products');
    await page.getByRole('button', { name: 'New product' }).click();
    const dialog = page.getByRole('dialog', { name: 'New product' });
    await expect(dialog.getByLabel('Category')).toBeFocused();
    await expect(dialog.getByLabel('Name (Burmese)')).toHaveAttribute('lang', 'my');
    await expect(dialog.getByLabel('Description (Burmese)')).toHaveAttribute('lang', 'my');
    await dialog.getByLabel('Category').selectOption({ label: CATEGORY });
    await dialog.getByLabel('SKU').fill(sku);
    await dialog.getByLabel('Name (English)').fill(name);
    await dialog.getByLabel('Name (Burmese)').fill(nameMy);
    await dialog.getByLabel('Description (English)').fill('A home fibre top-up voucher.');
    await dialog.getByLabel('Description (Burmese)').fill('အိမ်သုံး ဖိုက်ဘာ ငွေဖြည့်ဘောက်ချာ။');
    await dialog.getByLabel('Price (Ks)', { exact: true }).fill('25,000');
    // A discount not below the price is refused with the server's message; nothing is created.
    await dialog.getByLabel('Discount price (Ks)').fill('30000');
    await dialog.getByRole('button', { name: 'Create product' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      'The discount price must be below the price',
    );
    await dialog.getByLabel('Discount price (Ks)').fill('24000');
    // An E-PIN's redeem instructions, shown with its delivered codes.
    const howToMy = 'ဖိုက်ဘာ အက်ပ်တွင် PIN ကို ထည့်ပါ။';
    await dialog.getByLabel('How to redeem (English)').fill('Enter the PIN in the fibre app.');
    await dialog.getByLabel('How to redeem (Burmese)').fill(howToMy);
    await expect(dialog.getByLabel('How to redeem (Burmese)')).toHaveAttribute('lang', 'my');
    await expectAccessible(page, '[role="dialog"]');
    await dialogShot(page, '1-new-product');
    await dialog.getByRole('button', { name: 'Create product' }).click();
    await expect(dialog).toBeHidden();

    const row = await searchProduct(page, sku);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(name);
    await expect(row).toContainText('25,000 Ks');
    await shot(page, '2-products');

    // The same SKU again: 409 with a clear message, the dialog stays open.
    await page.getByRole('button', { name: 'New product' }).click();
    const again = page.getByRole('dialog', { name: 'New product' });
    await again.getByLabel('Category').selectOption({ label: CATEGORY });
    await again.getByLabel('SKU').fill(sku.toLowerCase());
    await again.getByLabel('Name (English)').fill('Duplicate');
    await again.getByLabel('Name (Burmese)').fill('ထပ်နေသော');
    await again.getByLabel('Price (Ks)', { exact: true }).fill('1000');
    await again.getByRole('button', { name: 'Create product' }).click();
    await expect(again.getByRole('alert')).toContainText('Another product already has this SKU');
    await again.getByRole('button', { name: /close/i }).click();
    await expect(again).toBeHidden();

    // The full edit: both names, the description, the order.
    const renamed = `Home Fibre ${run}`;
    const renamedMy = `အိမ်သုံး ဖိုက်ဘာ ${run}`;
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await expect(edit.getByLabel('Name (English)')).toBeFocused();
    await expect(edit.getByLabel('Name (Burmese)')).toHaveValue(nameMy);
    await expect(edit.getByLabel('Name (Burmese)')).toHaveAttribute('lang', 'my');
    await expect(edit.getByLabel('How to redeem (Burmese)')).toHaveValue(howToMy);
    // Instructions in one language only are refused with the server's words.
    await edit.getByLabel('How to redeem (Burmese)').fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByRole('alert')).toContainText(
      'How to redeem is written in English and Burmese',
    );
    await edit.getByLabel('How to redeem (Burmese)').fill(howToMy);
    await edit.getByLabel('Name (English)').fill(renamed);
    await edit.getByLabel('Name (Burmese)').fill(renamedMy);
    await edit.getByLabel('Description (English)').fill('Home fibre, any plan.');
    await edit.getByLabel('Order').fill('1');
    await expectAccessible(page, '[role="dialog"]');
    await dialogShot(page, '3-edit-product');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText(renamed);

    const shopper = await newPersonPage(browser);
    for (const [lang, shown] of [
      ['en', renamed],
      ['my', renamedMy],
    ] as const) {
      await shopper.goto(`/product/internet?lang=${lang}`);
      const card = shopper
        .getByTestId('product-card')
        .filter({ has: shopper.getByRole('heading', { name: shown, exact: true }) });
      await expect(card).toHaveCount(1);
      if (lang === 'en') {
        await expect(card).toContainText('24,000 Ks');
        await keepScreenshot(shopper, { path: '/tmp/admin-products/4-customer-listing.png' });
      }
    }
    await shopper.close();
  },
);

test(
  'an admin creates a data package (operator, MB, days); the customer’s listing shows it',
  { tag: '@desktop-only' },
  async ({ page, browser }) => {
    test.setTimeout(150_000);
    const run = stamp();
    const sku = `E2E-DATA-${run}`;
    const name = `MEC Data 3 GB ${run}`;
    const nameMy = `MEC ဒေတာ ၃ GB ${run}`;
    await signInToBackOffice(page);
    await page.getByRole('link', { name: 'Products' }).click();
    await page.getByRole('button', { name: 'New product' }).click();
    const dialog = page.getByRole('dialog', { name: 'New product' });
    await expect(dialog.getByLabel('Category')).toBeFocused();
    // The kind's own fields appear with the kind: none for an E-PIN.
    await expect(dialog.getByLabel('Kind')).toHaveValue('epin');
    await expect(dialog.getByLabel('Data volume (MB)')).toHaveCount(0);
    await expect(dialog.getByLabel('Operator', { exact: true })).toBeVisible();
    // By keyboard: from the category, Tab reaches the kind.
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Kind')).toBeFocused();
    // A gift card asks its face value in its own currency; one that is no amount is refused at
    // its field before anything is sent.
    await dialog.getByLabel('Kind').selectOption('giftcard');
    await expect(dialog.getByRole('group', { name: 'Gift card' })).toBeVisible();
    await expect(dialog.getByLabel('Currency')).toHaveValue('USD');
    await dialog.getByLabel('Face value').fill('ten');
    await dialog.getByRole('button', { name: 'Create product' }).click();
    await expect(dialog.getByLabel('Face value')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Face value')).toBeFocused();
    await expect(dialog.getByText('an amount above 0, such as 10 or 12.50').first()).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialogShot(page, '8-new-gift-card-face-value');
    await dialog.getByLabel('Kind').selectOption('data');
    await expect(dialog.getByRole('group', { name: 'Data package' })).toBeVisible();
    await expect(dialog.getByLabel('Face value')).toHaveCount(0);
    const operator = dialog.getByLabel('Operator (required)');
    await expect(operator.locator('option', { hasText: 'None' })).toHaveCount(0);

    await dialog.getByLabel('Category').selectOption({ label: 'Data Package' });
    await dialog.getByLabel('SKU').fill(sku);
    await dialog.getByLabel('Name (English)').fill(name);
    await dialog.getByLabel('Name (Burmese)').fill(nameMy);
    await dialog.getByLabel('Description (English)').fill('3 GB of MEC data for 14 days.');
    await dialog.getByLabel('Description (Burmese)').fill('MEC ဒေတာ ၃ GB၊ ၁၄ ရက်။');
    await dialog.getByLabel('Price (Ks)', { exact: true }).fill('3,500');
    // No operator and no volume yet: the server's messages, nothing created.
    await dialog.getByRole('button', { name: 'Create product' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      'A top-up or data package needs its operator',
    );
    await operator.selectOption('MEC');
    await dialog.getByRole('button', { name: 'Create product' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      'Data volume is a whole number of MB from 1 to 1,048,576',
    );
    await dialog.getByLabel('Data volume (MB)').fill('3072');
    await dialog.getByLabel('Validity (days)').fill('400');
    await dialog.getByRole('button', { name: 'Create product' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      'Validity is a whole number of days from 1 to 365',
    );
    await dialog.getByLabel('Validity (days)').fill('14');
    await expectAccessible(page, '[role="dialog"]');
    await dialog.getByLabel('Kind').scrollIntoViewIfNeeded();
    await dialogShot(page, '9-new-data-package');
    await dialog.getByRole('button', { name: 'Create product' }).click();
    await expect(dialog).toBeHidden();

    const row = await searchProduct(page, sku);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Data Package');
    await expect(row).toContainText('3,500 Ks');

    const shopper = await newPersonPage(browser);
    const cardOf = (shown: string) =>
      shopper
        .getByTestId('product-card')
        .filter({ has: shopper.getByRole('heading', { name: shown, exact: true }) });
    await shopper.goto('/product/data-package?lang=my');
    await expect(cardOf(nameMy)).toHaveCount(1);
    await shopper.goto('/product/data-package?lang=en');
    const card = cardOf(name);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('3 GB');
    await expect(card).toContainText('14 days');
    await expect(card).toContainText('3,500 Ks');
    await expect(card.locator('[data-operator]')).toHaveText('MEC');
    await card.scrollIntoViewIfNeeded();
    await keepScreenshot(shopper, { path: '/tmp/admin-products/10-customer-data-package.png' });

    // Archived again, so the data listing other specs visit is as seeded.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await expect(edit.getByLabel('Operator (required)')).toHaveValue('MEC');
    await edit.getByLabel('State').selectOption('archived');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await shopper.reload();
    await expect(shopper.getByTestId('product-card').first()).toBeVisible();
    await expect(cardOf(name)).toHaveCount(0);
    await shopper.close();
  },
);

/** The Google Play US$25 card: no other spec buys it or counts its cards. */
const CARD_PRODUCT = 'Google Play Gift Card US$25';
const CARD_SKU = 'GC-GPLAY-USD25';

test(
  'an admin lists a product’s cards and voids one with a reason; the counts change',
  { tag: '@desktop-only' },
  async ({ page }) => {
    test.setTimeout(150_000);
    await signInToBackOffice(page);
    await page.getByRole('link', { name: 'Card stock' }).click();
    const row = adminRow(page, 'admin-stock', CARD_SKU);
    await expect(row).toHaveCount(1);
    const count = async (which: 'available' | 'voided') =>
      Number(await row.getByTestId(`stock-${which}`).textContent());
    const available = await count('available');
    const voided = await count('voided');
    expect(available).toBeGreaterThan(0);

    await row.getByRole('button', { name: `Cards of ${CARD_PRODUCT}` }).click();
    const dialog = page.getByRole('dialog', { name: `Cards of ${CARD_PRODUCT}` });
    await expect(dialog.getByLabel('State')).toBeFocused();
    await dialog.getByLabel('State').selectOption('available');
    const cards = dialog.getByTestId('product-cards');
    await expect(cards.getByRole('row')).not.toHaveCount(0);
    await expect(cards.getByRole('button', { name: /^Void / }).first()).toBeVisible();
    await expectAccessible(page, '[role="dialog"]');
    await dialogShot(page, '5-cards');

    const first = cards.getByRole('row').nth(1);
    const serial = (await first.getByRole('rowheader').textContent())?.trim() ?? '';
    expect(serial).not.toBe('');
    await first.getByRole('button', { name: `Void ${serial}` }).click();
    const form = dialog.getByRole('form', { name: `Void card ${serial}` });
    await expect(form.getByLabel('Reason')).toBeFocused();
    // A reason is required: the server's message, nothing voided.
    await form.getByRole('button', { name: 'Void card' }).click();
    await expect(form.getByRole('alert')).toContainText('Give a reason of 3 to 200 characters');
    await form.getByLabel('Reason').fill('Scratch panel damaged in the e2e run');
    await expectAccessible(page, '[role="dialog"]');
    await dialogShot(page, '6-void-reason');
    await form.getByRole('button', { name: 'Void card' }).click();
    await expect(form).toBeHidden();
    await expect(cards.getByRole('row').filter({ hasText: serial })).toHaveCount(0);
    await dialog.getByLabel('State').selectOption('void');
    await expect(cards.getByRole('row').filter({ hasText: serial })).toContainText('void');
    await dialog.getByRole('button', { name: /close/i }).click();
    await expect(dialog).toBeHidden();

    await expect(row.getByTestId('stock-available')).toHaveText(String(available - 1));
    await expect(row.getByTestId('stock-voided')).toHaveText(String(voided + 1));
    await shot(page, '7-stock-after-void');
  },
);
