import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test, newPersonPage, keepScreenshot } from './fixtures.ts';
import { signInToBackOffice } from './admin-support.ts';
import { expectAccessible } from './shop-support.ts';

/**
 * The shop's claims on Home (issue 17) in the browser: the admin writes two claims in English and
 * Burmese on the Shop settings page (an empty Burmese title is refused with the server's message),
 * orders them, and a customer's Home shows them in the page's language — a Burmese Home with no
 * English. At the end the built-in claims are put back, as the demo shop has them (other tests
 * read Home). Screenshots go to /tmp/admin-claims/.
 */

test.describe.configure({ mode: 'serial' });

const GIFT = {
  titleEn: 'Gift cards in minutes',
  titleMy: 'မိနစ်ပိုင်းအတွင်း လက်ဆောင်ကတ်',
  textEn: 'Codes arrive by email right after payment.',
  textMy: 'ငွေပေးချေပြီးသည်နှင့် ကုဒ်များကို အီးမေးလ်ဖြင့် ပို့ပေးပါသည်။',
};
const WALLET = {
  titleEn: 'Every wallet welcome',
  titleMy: 'ပိုက်ဆံအိတ်တိုင်း အသုံးပြုနိုင်',
  textEn: 'Pay by scanning the code with any Myanmar banking app.',
  textMy: 'မြန်မာ ဘဏ်အက်ပ်တိုင်းဖြင့် ကုဒ်ကို စကင်ဖတ်၍ ပေးချေပါ။',
};
/** Home's order, once saved. */
const CLAIMS = [GIFT, WALLET];

const highlights = (page: Page) => page.locator('section.highlights');

test(
  "an admin sets the shop's claims; the customer's Home shows them in English and Burmese",
  { tag: '@desktop-only' },
  async ({ page, browser }) => {
    test.setTimeout(120_000);
    fs.mkdirSync('/tmp/admin-claims', { recursive: true });

    await signInToBackOffice(page);
    await page.getByRole('link', { name: 'Shop settings' }).click();
    const section = page.getByTestId('settings-claims');
    await expect(section.getByRole('heading', { name: 'Shop claims' })).toBeVisible();
    // The demo shop has no claims of its own: Home shows the built-in ones.
    await expect(section.getByTestId('claims-built-in')).toBeVisible();
    const claim = (n: number) => section.getByRole('group', { name: `Claim ${String(n)}` });
    const fill = async (n: number, values: typeof GIFT) => {
      await claim(n).getByLabel('Title (English)').fill(values.titleEn);
      await claim(n).getByLabel('Title (Burmese)').fill(values.titleMy);
      await claim(n).getByLabel('Text (English)').fill(values.textEn);
      await claim(n).getByLabel('Text (Burmese)').fill(values.textMy);
    };
    const save = section.getByRole('button', { name: 'Save shop claims' });

    try {
      // The second claim first, then the first below it, moved up: Home's order is the list's.
      await section.getByRole('button', { name: 'Add a claim' }).click();
      await fill(1, { ...WALLET, titleMy: '' });
      await section.getByRole('button', { name: 'Add a claim' }).click();
      await fill(2, GIFT);
      await expectAccessible(page);

      // No Burmese title: the server's message, nothing saved.
      await save.click();
      await expect(section.getByRole('alert')).toContainText(
        'Each claim needs a title in English and in Burmese, 1 to 60 characters each',
      );
      await keepScreenshot(section, { path: '/tmp/admin-claims/1-refused.png' });
      const shopper = await newPersonPage(browser);
      await shopper.goto('/?lang=en');
      await expect(
        highlights(shopper).getByRole('heading', { name: 'Instant top-ups' }),
      ).toBeVisible();

      await claim(1).getByLabel('Title (Burmese)').fill(WALLET.titleMy);
      await section.getByRole('button', { name: 'Move claim 2 up' }).click();
      await expect(claim(1).getByLabel('Title (English)')).toHaveValue(GIFT.titleEn);
      await save.click();
      await expect(page.getByText('Shop claims updated')).toBeVisible();
      await expect(section.getByRole('alert')).toHaveCount(0);
      await expect(section.getByTestId('claims-built-in')).toHaveCount(0);
      await expect(claim(2).getByLabel('Text (Burmese)')).toHaveValue(WALLET.textMy);
      await keepScreenshot(section, { path: '/tmp/admin-claims/2-settings.png' });

      // The customer's Home, in English: the owner's claims in order, none of the built-in ones.
      await shopper.goto('/?lang=en');
      await expect(highlights(shopper).getByRole('heading', { level: 3 })).toHaveText(
        CLAIMS.map((c) => c.titleEn),
      );
      await expect(highlights(shopper).getByText(WALLET.textEn)).toBeVisible();
      await expect(highlights(shopper)).not.toContainText('Instant top-ups');
      await keepScreenshot(highlights(shopper), { path: '/tmp/admin-claims/3-home-en.png' });

      // In Burmese: the Burmese claims, and not one Latin letter in the section.
      await shopper.goto('/?lang=my');
      await expect(highlights(shopper).getByRole('heading', { level: 3 })).toHaveText(
        CLAIMS.map((c) => c.titleMy),
      );
      await expect(highlights(shopper).getByText(GIFT.textMy)).toBeVisible();
      expect(await highlights(shopper).textContent()).not.toMatch(/[A-Za-z]/);
      await keepScreenshot(highlights(shopper), { path: '/tmp/admin-claims/4-home-my.png' });
      await shopper.close();

      // The audit log has the change.
      await page.getByRole('link', { name: 'Audit log' }).click();
      await expect(page.getByText('settings.claims').first()).toBeVisible();
      await page.getByRole('link', { name: 'Shop settings' }).click();
    } finally {
      // The demo shop's built-in claims again, for every other test.
      const builtIn = section.getByRole('button', { name: 'Use the built-in claims' });
      if (await builtIn.isVisible()) {
        await builtIn.click();
        await expect(page.getByText('Shop claims removed')).toBeVisible();
      }
      await expect(section.getByTestId('claims-built-in')).toBeVisible();
    }
    const again = await newPersonPage(browser);
    await again.goto('/?lang=en');
    await expect(highlights(again).getByRole('heading', { name: 'Instant top-ups' })).toBeVisible();
    await expect(highlights(again)).not.toContainText(GIFT.titleEn);
    await again.close();
  },
);
