import { expect, test, keepScreenshot } from './fixtures.ts';
import { signInToBackOffice } from './admin-support.ts';
import { expectAccessible } from './shop-support.ts';

/**
 * The back-office's list scaffold (issue 30: one table, one editable list, one edit dialog for
 * every page): each page of the menu opens with its heading and passes axe, every table names its
 * columns, and each editable list's Edit button opens its dialog with the row's name in the title,
 * its first field focused, its Burmese field in Burmese, and Escape closing it with nothing saved.
 * Screenshots go to /tmp/admin-lists/.
 */

test.describe.configure({ mode: 'serial' });

const pages = [
  'Dashboard',
  'Orders',
  'Unknown payments',
  'Products',
  'Card stock',
  'Categories',
  'Banners',
  'Operators',
  'Promo codes',
  'Bonus points',
  'Customers',
  'Shop settings',
  'Reports',
  'Audit log',
] as const;

/** The editable lists: their table, and the first field of their edit dialog. */
const editable = [
  { page: 'Products', table: 'admin-products', first: 'Name (English)', burmese: 'Name (Burmese)' },
  {
    page: 'Categories',
    table: 'admin-categories',
    first: 'Name (English)',
    burmese: 'Name (Burmese)',
  },
  { page: 'Banners', table: 'admin-banners', first: 'Title (English)', burmese: 'Title (Burmese)' },
  {
    page: 'Operators',
    table: 'admin-operators',
    first: 'Name (English)',
    burmese: 'Name (Burmese)',
  },
] as const;

test(
  'every back-office page opens with its heading and passes axe; its tables name their columns',
  { tag: '@desktop-only' },
  async ({ page }) => {
    test.setTimeout(180_000);
    await signInToBackOffice(page);
    const menu = page.getByRole('navigation', { name: 'Back-office' });
    for (const name of pages) {
      await menu.getByRole('link', { name, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('Loading…')).toHaveCount(0);
      for (const table of await page.locator('table.admin-table').all()) {
        const headers = table.locator('thead th[scope="col"]');
        expect(await headers.count()).toBeGreaterThan(0);
        for (const header of await headers.all()) {
          expect((await header.textContent())?.trim()).not.toBe('');
        }
      }
      await expectAccessible(page);
      await keepScreenshot(page, {
        path: `/tmp/admin-lists/${name.toLowerCase().replace(/ /g, '-')}.png`,
        fullPage: true,
      });
    }
  },
);

test(
  'each editable list opens the row’s edit dialog, accessible, and Escape closes it unsaved',
  { tag: '@desktop-only' },
  async ({ page }) => {
    test.setTimeout(120_000);
    await signInToBackOffice(page);
    const menu = page.getByRole('navigation', { name: 'Back-office' });
    for (const list of editable) {
      await menu.getByRole('link', { name: list.page, exact: true }).click();
      const row = page.getByTestId(list.table).getByRole('row').nth(1);
      const rowName = (await row.getByRole('rowheader').innerText()).split('\n')[0]?.trim() ?? '';
      const edit = row.getByRole('button', { name: /^Edit / });
      await expect(edit).toHaveAccessibleName(new RegExp(`^Edit ${escape(rowName)}`));
      await edit.click();
      const dialog = page.getByRole('dialog', { name: new RegExp(`^Edit ${escape(rowName)}`) });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel(list.first)).toBeFocused();
      await expect(dialog.getByLabel(list.burmese)).toHaveAttribute('lang', 'my');
      await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
      await expectAccessible(page, '[role="dialog"]');
      await keepScreenshot(page, { path: `/tmp/admin-lists/edit-${list.table}.png` });
      await dialog.getByLabel(list.first).fill(`${rowName} (not saved)`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(edit).toBeFocused();
      await expect(row).not.toContainText('(not saved)');
    }
  },
);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
