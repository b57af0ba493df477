import fs from 'node:fs';
import { expect, newPersonPage, test, type Page, keepScreenshot } from './fixtures.ts';
import { openAdminPage, signInToBackOffice } from './admin-support.ts';
import { loginFromHome, verifiedIdentity } from './auth-support.ts';
import { expectAccessible } from './shop-support.ts';
import { formatDayRange, yangonDay } from '../src/lib/dates.ts';

/**
 * Issue 31, bonus points on special occasions (ADR 0081) in the browser: the owner adds bonus-point
 * days in the back-office (a last day before the first is refused with the server's message; axe on
 * the dialog), a signed-in customer's user menu names them on a phone, in English and in Burmese
 * (Burmese words and digits; axe), and the owner edits the window and deletes it. It starts 10 days
 * ahead, so no order of another test earns bonus points. Screenshots go to /tmp/admin-bonus-days/.
 */

test.describe.configure({ mode: 'serial' });

const DIR = '/tmp/admin-bonus-days';
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the menu says of the window, in each language (formatDayRange has its unit test). */
function expected(start: string, end: string) {
  return {
    en: `3× points during Thadingyut, ${formatDayRange(start, end, 'en')}`,
    my: `သီတင်းကျွတ် (${formatDayRange(start, end, 'my')}) တွင် ပွိုင့် ၃ ဆ`,
  };
}

/** Opens the user menu afresh and gives its membership part. */
async function openMenu(page: Page) {
  const button = page.locator('.user-menu__button');
  if ((await button.getAttribute('aria-expanded')) === 'true') await button.click();
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  return page.getByTestId('membership');
}

test(
  'the owner adds bonus days in the back-office; the customer’s menu names them in English and Burmese',
  { tag: '@desktop-only' },
  async ({ page, browser, request }) => {
    test.setTimeout(180_000);
    fs.mkdirSync(DIR, { recursive: true });
    const start = yangonDay(new Date(Date.now() + 10 * DAY_MS));
    const end = yangonDay(new Date(Date.now() + 12 * DAY_MS));
    const text = expected(start, end);

    await signInToBackOffice(page);
    await openAdminPage(page, 'Bonus points');
    await expect(page.getByText('There are no bonus days.')).toBeVisible();
    try {
      await page.getByRole('button', { name: 'Add bonus days' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add bonus days' });
      await expect(dialog.getByLabel('Name (English)')).toBeFocused();
      await dialog.getByLabel('Name (English)').fill('Thadingyut');
      await dialog.getByLabel('Name (Burmese)').fill('သီတင်းကျွတ်');
      // The last day before the first: refused with the server's words, nothing saved.
      await dialog.getByLabel('First day').fill(end);
      await dialog.getByLabel('Last day').fill(start);
      await dialog.getByLabel('Points multiplied by').selectOption('3');
      await dialog.getByRole('button', { name: 'Add bonus days' }).click();
      await expect(dialog.getByRole('alert')).toContainText(
        'The first and last day are real dates written YYYY-MM-DD, the last not before the first',
      );
      await expectAccessible(page, '[role="dialog"]');
      await keepScreenshot(dialog, { path: `${DIR}/1-refused.png` });

      await dialog.getByLabel('First day').fill(start);
      await dialog.getByLabel('Last day').fill(end);
      await dialog.getByRole('button', { name: 'Add bonus days' }).click();
      await expect(page.getByText('Bonus days added')).toBeVisible();
      await expect(dialog).toHaveCount(0);
      const table = page.getByTestId('admin-bonus-days');
      await expect(table.getByRole('rowheader')).toContainText(['Thadingyut']);
      await expect(table.getByRole('cell', { name: '3×' })).toBeVisible();
      await expectAccessible(page);
      await keepScreenshot(page, { path: `${DIR}/2-list.png`, fullPage: true });

      // A customer on a phone: the menu names the coming bonus days.
      const shopper = await newPersonPage(browser, {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      try {
        const person = await verifiedIdentity(request);
        await loginFromHome(shopper, person);
        await expect(shopper.locator('.user-menu__button')).toHaveAccessibleName(
          `Account menu for ${person.name}`,
        );
        let membership = await openMenu(shopper);
        await expect(membership.getByTestId('membership-bonus')).toHaveText(text.en);
        await expect(membership.getByTestId('membership-benefits')).toContainText(
          'Bonus points on special occasions',
        );
        await expectAccessible(shopper, '.user-menu__panel');
        await keepScreenshot(shopper, { path: `${DIR}/3-menu-en.png` });

        await shopper.goto('/?lang=my');
        membership = await openMenu(shopper);
        const bonus = membership.getByTestId('membership-bonus');
        await expect(bonus).toHaveText(text.my);
        expect(await bonus.textContent()).not.toMatch(/[A-Za-z0-9]/);
        await expect(membership.getByTestId('membership-benefits')).toContainText(
          'အထူးအခါသမယများတွင် အပိုပွိုင့်',
        );
        await expectAccessible(shopper, '.user-menu__panel');
        await keepScreenshot(shopper, { path: `${DIR}/4-menu-my.png` });
      } finally {
        await shopper.context().close();
      }

      // Edited: its row's Edit opens the window's values; 2× is saved and listed.
      await page.getByRole('button', { name: 'Edit Thadingyut' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Thadingyut' });
      await expect(edit.getByLabel('First day')).toHaveValue(start);
      await expect(edit.getByLabel('Name (Burmese)')).toHaveValue('သီတင်းကျွတ်');
      await edit.getByLabel('Points multiplied by').selectOption('2');
      await expectAccessible(page, '[role="dialog"]');
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Bonus days updated')).toBeVisible();
      await expect(table.getByRole('cell', { name: '2×' })).toBeVisible();
    } finally {
      // Deleted again, through its row's Delete button: no other test's orders see it.
      const remove = page.getByRole('button', { name: 'Delete Thadingyut' });
      if (await remove.isVisible()) {
        await remove.click();
        const confirm = page.getByRole('alertdialog', { name: 'Delete Thadingyut?' });
        await expectAccessible(page, '[role="alertdialog"]');
        await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
        await expect(page.getByText('Bonus days deleted')).toBeVisible();
      }
      await expect(page.getByText('There are no bonus days.')).toBeVisible();
    }
  },
);
