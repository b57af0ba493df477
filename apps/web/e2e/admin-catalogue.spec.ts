import {
  expect,
  fullPageShots,
  test,
  type Page,
  newPersonPage,
  keepScreenshot,
} from './fixtures.ts';
import { adminRow, openAdminPage, openEditDialog, signInToBackOffice } from './admin-support.ts';
import { expectAccessible, newCustomerOrder, productId } from './shop-support.ts';

/**
 * The back-office's banners, categories and card stock (issue 17) in the browser: a banner's new
 * title is on the customer's Home at once, a card file is checked then imported and a customer is
 * delivered one of its cards, and a file with a refused row imports nothing. Screenshots go to
 * /tmp/admin-catalogue/.
 *
 * Shop-wide changes, chosen so no other spec notices them: the fourth demo banner (found by its
 * link, which stays; no spec asserts its title) keeps its place and stays shown, the category
 * dialog saves the values it opened with, and the cards are for the Apple gift card, which no
 * other spec buys.
 */

// One admin (enrolled by whichever spec signs in first) and shop-wide changes: one at a time.
test.describe.configure({ mode: 'serial' });

const BANNER_LINK = 'https://myantopup.example/promo/thadingyut';
const BANNER_SLIDE = 4;
const PRODUCT = 'Apple Gift Card (iTunes) US$15';
const SKU = 'GC-APPLE-USD15';
/** Every run's cards share it (a card of an earlier run may be the one sold). */
const SERIAL_PREFIX = 'E2E-ADMIN-';

const stamp = () => Date.now().toString(36).toUpperCase();
const shot = fullPageShots('/tmp/admin-catalogue');
/** The import panel alone: the stock table below it is long. */
const panelShot = (page: Page, name: string) =>
  keepScreenshot(page.getByRole('region', { name: 'Import cards' }), {
    path: `/tmp/admin-catalogue/${name}.png`,
  });

/** A date `days` from today, as the card file writes expiry (YYYY-MM-DD). */
const inDays = (days: number) =>
  new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

const csvFile = (rows: string[]) => ({
  name: 'cards.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(['product,serial,pin,expiry', ...rows].join('\n') + '\n'),
});

async function stockRow(page: Page) {
  const row = adminRow(page, 'admin-stock', SKU);
  await expect(row).toHaveCount(1);
  return row;
}
const count = async (page: Page, which: 'available' | 'sold') =>
  Number(await (await stockRow(page)).getByTestId(`stock-${which}`).textContent());

test(
  'an admin retitles a banner that Home shows at once, and looks over the categories',
  { tag: '@desktop-only' },
  async ({ page, browser }) => {
    test.setTimeout(150_000);
    await signInToBackOffice(page);

    await openAdminPage(page, 'Banners');
    const row = adminRow(page, 'admin-banners', BANNER_LINK);
    await expect(row).toHaveCount(1);
    await expectAccessible(page);
    await shot(page, '1-banners');

    const title = `Festival Offers ${stamp()}`;
    const dialog = await openEditDialog(page, row);
    await expect(dialog.getByLabel('Title (English)')).toBeFocused();
    await expect(dialog.getByLabel('Title (Burmese)')).toHaveAttribute('lang', 'my');
    // An unsafe link is refused with the server's message; the dialog stays open.
    const link = dialog.getByLabel('Link');
    await link.fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toContainText('The link must be an http(s) address');
    await link.fill(BANNER_LINK);
    await dialog.getByLabel('Title (English)').fill(title);
    await dialog.getByLabel('No tint (taken from the picture)').uncheck();
    await dialog.getByLabel('Tint colour').fill('#1f5f3a');
    await expectAccessible(page, '[role="dialog"]');
    await shot(page, '2-edit-banner');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(title);
    await expect(row).toContainText('#1f5f3a');
    await expect(row).toContainText('Yes');

    // The customer's Home: the banner's slide carries the new title (the demo pictures draw their
    // own words, so a person reads it in the banner's dialog; the slide is named by it).
    const shopper = await newPersonPage(browser);
    await shopper.goto('/?lang=en');
    const consent = shopper.getByRole('region', { name: 'Cookie consent' });
    await consent.getByRole('button', { name: 'Decline' }).click();
    await expect(consent).toBeHidden();
    const carousel = shopper.getByRole('region', { name: 'Promotions' });
    await carousel.getByRole('button', { name: `Go to slide ${String(BANNER_SLIDE)}` }).click();
    const slide = carousel.getByRole('button', { name: title });
    await expect(slide).toBeVisible();
    await slide.click();
    const bannerDialog = shopper.getByRole('dialog', { name: title });
    await expect(bannerDialog).toBeVisible();
    await shot(shopper, '3-home-banner');
    await shopper.close();

    // Categories: the list, and the edit dialog saved as it opened (nothing changes for others).
    await openAdminPage(page, 'Categories');
    const topUp = adminRow(page, 'admin-categories', 'mobile-topup');
    await expect(topUp).toHaveCount(1);
    await expect(topUp.getByRole('cell').nth(3)).toHaveText(/^\d+$/);
    await expectAccessible(page);
    await shot(page, '4-categories');
    const edit = await openEditDialog(page, topUp);
    await expect(edit.getByLabel('Name (English)')).toBeFocused();
    await expect(edit.getByLabel('Name (Burmese)')).toHaveAttribute('lang', 'my');
    await expectAccessible(page, '[role="dialog"]');
    await shot(page, '5-edit-category');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText('Category updated', { exact: false })).not.toHaveCount(0);
  },
);

test(
  'an admin checks and imports a card file; a customer is delivered one of its cards; a refused row imports nothing',
  { tag: '@desktop-only' },
  async ({ page, request }) => {
    test.setTimeout(120_000);
    await signInToBackOffice(page);
    await openAdminPage(page, 'Card stock');
    const before = await count(page, 'available');
    const soldBefore = await count(page, 'sold');
    await expectAccessible(page);
    await shot(page, '6-stock');

    // Two cards, expiring before the demo cards do, so the next sale takes one of them.
    const run = stamp();
    const expiry = inDays(60);
    const panel = page.getByRole('region', { name: 'Import cards' });
    await panel.getByRole('button', { name: 'Check file' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Choose a card file (CSV) first.');
    await panel
      .getByLabel('Card file (CSV)')
      .setInputFiles(
        csvFile([
          `${SKU},${SERIAL_PREFIX}${run}-1,${run}-1111-2222,${expiry}`,
          `${SKU},${SERIAL_PREFIX}${run}-2,${run}-3333-4444,${expiry}`,
        ]),
      );
    await panel.getByRole('button', { name: 'Check file' }).click();
    const preview = panel.getByTestId('stock-preview');
    await expect(preview).toContainText('2 cards can be imported.');
    await expect(preview.getByRole('row').filter({ hasText: SKU })).toContainText(PRODUCT);
    await expect(
      preview.getByRole('row').filter({ hasText: SKU }).getByRole('cell').last(),
    ).toHaveText('2');
    await expectAccessible(page);
    await panelShot(page, '7-import-preview');
    // Checking wrote nothing.
    expect(await count(page, 'available')).toBe(before);

    await panel.getByRole('button', { name: 'Import 2 cards' }).click();
    await expect(panel.getByText('2 cards imported.')).toBeVisible();
    await expect((await stockRow(page)).getByTestId('stock-available')).toHaveText(
      String(before + 2),
    );
    await panelShot(page, '8-imported');

    // A customer buys one: it is one of the imported cards.
    const apple = await productId(request, 'app-stores', PRODUCT);
    const { api: customer, orderId } = await newCustomerOrder(
      request,
      [{ productId: apple, quantity: 1 }],
      'completed',
    );
    const answer = await request.get(`/api/v1/orders/${orderId}`, { headers: customer });
    const { data: order } = (await answer.json()) as {
      data: { items: { cards: { serialNumber: string }[] }[] };
    };
    const delivered = order.items.flatMap((item) => item.cards);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.serialNumber.startsWith(SERIAL_PREFIX)).toBe(true);
    await page.reload();
    await expect((await stockRow(page)).getByTestId('stock-available')).toHaveText(
      String(before + 1),
    );
    await expect((await stockRow(page)).getByTestId('stock-sold')).toHaveText(
      String(soldBefore + 1),
    );

    // One refused row (an expiry that has passed, line 3): shown, and nothing can be imported.
    const bad = stamp();
    await panel
      .getByLabel('Card file (CSV)')
      .setInputFiles(
        csvFile([
          `${SKU},${SERIAL_PREFIX}${bad}-1,${bad}-5555-6666,${expiry}`,
          `${SKU},${SERIAL_PREFIX}${bad}-2,${bad}-7777-8888,2020-01-01`,
        ]),
      );
    await panel.getByRole('button', { name: 'Check file' }).click();
    await expect(panel.getByTestId('stock-preview')).toContainText('1 row is refused');
    const refused = panel.getByTestId('stock-rejected');
    await expect(refused.getByRole('row').filter({ hasText: '2020-01-01' })).toContainText('3');
    await expect(panel.getByRole('button', { name: /^Import / })).toHaveCount(0);
    await expectAccessible(page);
    await panelShot(page, '9-refused-row');

    // A file refused only at import (another import took its serials meanwhile, here played by
    // the server's answer): the 409's refused rows show and the import button goes.
    const late = stamp();
    await panel
      .getByLabel('Card file (CSV)')
      .setInputFiles(csvFile([`${SKU},${SERIAL_PREFIX}${late}-1,${late}-9999-0000,${expiry}`]));
    await panel.getByRole('button', { name: 'Check file' }).click();
    await expect(panel.getByTestId('stock-preview')).toContainText('1 card can be imported.');
    await page.route('**/api/v1/admin/stock/import', (route) =>
      route.fulfill({
        status: 409,
        json: {
          success: false,
          error: '1 row(s) were refused; nothing was imported',
          code: 'CONFLICT',
          message: '1 row(s) were refused; nothing was imported',
          fields: { 'line.2': `serial ${SERIAL_PREFIX}${late}-1 is already in stock` },
        },
      }),
    );
    await panel.getByRole('button', { name: 'Import 1 card' }).click();
    await expect(panel.getByRole('alert')).toHaveText(
      '1 row(s) were refused; nothing was imported',
    );
    await expect(panel.getByRole('button', { name: /^Import / })).toHaveCount(0);
    await expect(panel.getByTestId('stock-rejected').getByRole('row').nth(1)).toContainText(
      'is already in stock',
    );
    await page.unroute('**/api/v1/admin/stock/import');
    await panelShot(page, '10-refused-at-import');
    await page.reload();
    await expect((await stockRow(page)).getByTestId('stock-available')).toHaveText(
      String(before + 1),
    );
  },
);
