import fs from 'node:fs';
import { expect, fullPageShots, test, newPersonPage, keepScreenshot } from './fixtures.ts';
import { openAdminPage, signInToBackOffice } from './admin-support.ts';
import { expectAccessible } from './shop-support.ts';

/**
 * Shop settings of the back-office (issue 17) in the browser, in English: the admin changes the
 * call-centre phone and the customer's support page shows it at once; a wrong number is refused
 * with the server's message. The demo's phone is put back at the end (other tests may read it).
 * Screenshots go to /tmp/admin-settings/.
 */

test.describe.configure({ mode: 'serial' });

const DEMO_PHONE = '+95 9 777 123 456';
const NEW_PHONE = '+95 9 888 765 432';
const shot = fullPageShots('/tmp/admin-settings');

test(
  'an admin changes the call-centre phone; the customer support page shows it at once',
  { tag: '@desktop-only' },
  async ({ page, browser }) => {
    test.setTimeout(120_000);
    fs.mkdirSync('/tmp/admin-settings', { recursive: true });

    await signInToBackOffice(page);
    await openAdminPage(page, 'Shop settings');
    const contact = page.getByTestId('settings-call-centre');
    const phone = contact.getByLabel('Phone', { exact: true });
    await expect(phone).toHaveValue(DEMO_PHONE);
    await expect(page.getByTestId('settings-rates').getByLabel('Ks per USD')).toHaveValue('4480');
    await expect(
      page.getByTestId('settings-festivals').getByLabel('Window 1: first day'),
    ).toHaveValue('2026-10-24');
    await expectAccessible(page);
    await shot(page, '1-settings');

    const save = contact.getByRole('button', { name: 'Save call centre' });
    try {
      // A wrong number: the server's message, nothing saved.
      await phone.fill('call us');
      await save.click();
      await expect(contact.getByRole('alert')).toContainText('A phone number has 6 to 20 digits');
      await shot(page, '2-refused');

      await phone.fill(NEW_PHONE);
      await save.click();
      await expect(page.getByText('Call-centre contact and hours updated')).toBeVisible();
      await expect(contact.getByRole('alert')).toHaveCount(0);

      // A customer opening the support page now sees the new number.
      const shopper = await newPersonPage(browser);
      await shopper.goto('/support?lang=en');
      await expect(shopper.getByText(NEW_PHONE).first()).toBeVisible();
      await expect(shopper.getByText(DEMO_PHONE)).toHaveCount(0);
      await keepScreenshot(shopper, {
        path: '/tmp/admin-settings/3-support-page.png',
        fullPage: true,
      });
      await shopper.close();

      // The audit log has the change.
      await page.getByRole('link', { name: 'Audit log' }).click();
      await expect(page.getByText('settings.call_centre').first()).toBeVisible();
      await shot(page, '4-audit-log');
    } finally {
      // The demo's number again, for every other test.
      await page.getByRole('link', { name: 'Shop settings' }).click();
      await phone.fill(DEMO_PHONE);
      await save.click();
      await expect(page.getByText('Call-centre contact and hours updated').last()).toBeVisible();
    }
    const again = await newPersonPage(browser);
    await again.goto('/support?lang=en');
    await expect(again.getByText(DEMO_PHONE).first()).toBeVisible();
    await again.close();
  },
);
