import { expect, test, type Page } from './fixtures.ts';
import { signInToBackOffice } from './admin-support.ts';
import { expectAccessible } from './shop-support.ts';

/**
 * The back-office's product create and full edit (issue 17) in the browser: an admin creates an
 * E-PIN product in the Internet category, renames it in both languages, and the customer's
 * listing shows it at once. Screenshots go to /tmp/admin-products/.
 *
 * Shop-wide changes, chosen so no other spec notices them: the new products (a fresh SKU each run)
 * are in the Internet category, whose contents no other spec asserts, with no operator (so no
 * operator filter of another spec finds them).
 */

test.describe.configure({ mode: 'serial' });

const CATEGORY = 'Internet';
const stamp = () => Date.now().toString(36).toUpperCase();
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/admin-products/${name}.png`, fullPage: true });
const dialogShot = (page: Page, name: string) =>
  page.getByRole('dialog').screenshot({ path: `/tmp/admin-products/${name}.png` });

test(
  'an admin creates a product and renames it; the customer’s listing shows it at once',
  { tag: '@desktop-only' },
  async ({ page, browser }) => {
    test.setTimeout(90_000);
    const run = stamp();
    const sku = `E2E-FIBRE-${run}`;
    const name = `Fibre Voucher ${run}`;
    const nameMy = `ဖိုက်ဘာ ဘောက်ချာ ${run}`;
    await signInToBackOffice(page);

    await page.getByRole('link', { name: 'Products' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
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
    await expectAccessible(page, '[role="dialog"]');
    await dialogShot(page, '1-new-product');
    await dialog.getByRole('button', { name: 'Create product' }).click();
    await expect(dialog).toBeHidden();

    await page.getByLabel('SKU or name').fill(sku);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByTestId('admin-products').getByRole('row').filter({ hasText: sku });
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
    await edit.getByLabel('Name (English)').fill(renamed);
    await edit.getByLabel('Name (Burmese)').fill(renamedMy);
    await edit.getByLabel('Description (English)').fill('Home fibre, any plan.');
    await edit.getByLabel('Order').fill('1');
    await expectAccessible(page, '[role="dialog"]');
    await dialogShot(page, '3-edit-product');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText(renamed);

    const shopper = await browser.newPage();
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
        await shopper.screenshot({ path: '/tmp/admin-products/4-customer-listing.png' });
      }
    }
    await shopper.close();
  },
);
