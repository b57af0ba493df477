import { APP_VERSION } from '@shop/contracts/app-version';
import { localDigits } from '@shop/contracts/languages';
import fs from 'node:fs';
import { expect, test, keepScreenshot } from './fixtures.ts';
import { expectAccessible } from './shop-support.ts';

/**
 * Issue 16: the crash screen's "status page" link opens /status, which asks the shop's own server
 * (/readyz) whether it can take orders: working, a part down (503), or not reachable.
 */
const words = {
  en: {
    statusLink: 'Service status page',
    title: 'Service status',
    ok: 'All systems are working',
    down: 'Some services are not working',
    unreachable: 'We could not reach the shop',
    working: 'Working',
    notWorking: 'Not working',
    checkAgain: 'Check again',
    serverError: 'Server Error Error Code: 503',
  },
  my: {
    statusLink: 'ဝန်ဆောင်မှု အခြေအနေ စာမျက်နှာ',
    title: 'ဝန်ဆောင်မှု အခြေအနေ',
    ok: 'စနစ်အားလုံး ကောင်းမွန်စွာ အလုပ်လုပ်နေပါသည်',
    down: 'ဝန်ဆောင်မှုအချို့ အလုပ်မလုပ်ပါ',
    unreachable: 'ဆိုင်သို့ ချိတ်ဆက်၍ မရပါ',
    working: 'အလုပ်လုပ်နေသည်',
    notWorking: 'အလုပ်မလုပ်ပါ',
    checkAgain: 'ထပ်မံစစ်ဆေးမည်',
    serverError: 'ဆာဗာ အမှား အမှားကုဒ်- ၅၀၃',
  },
} as const;

const SHOTS = '/tmp/status-page';
fs.mkdirSync(SHOTS, { recursive: true });

for (const language of ['en', 'my'] as const) {
  const say = words[language];

  test(`the crash screen's status link; /status working, a part down, unreachable (${language})`, async ({
    page,
  }, testInfo) => {
    await page.goto(`/?lang=${language}&crash-test`);
    const link = page.getByTestId('crash-screen').getByRole('link', { name: say.statusLink });
    await expect(link).toHaveAttribute('href', '/status');
    await link.click();
    await expect(page).toHaveURL(/\/status$/);

    const summary = page.getByTestId('status-summary');
    await expect(page.getByRole('heading', { level: 1, name: say.title })).toBeVisible();
    await expect(summary).toContainText(say.ok);
    const parts = page.getByTestId('status-parts');
    await expect(parts.getByRole('definition')).toHaveText([say.working, say.working]);
    await expect(page.getByTestId('status-checked')).toBeVisible();
    // Shopping spec §9 "App version string" (issue 31), in the page's digits.
    await expect(page.locator('.status-page__foot [translate="no"]')).toHaveText(
      localDigits(APP_VERSION, language),
    );
    await expectAccessible(page);
    await keepScreenshot(page, { path: `${SHOTS}/${testInfo.project.name}-ok-${language}.png` });
    if (language === 'my') {
      const text = await page.locator('main').innerText();
      expect(text, 'a Burmese page shows no English letters or Latin digits').not.toMatch(
        /[A-Za-z0-9]/,
      );
    }

    // The database down: /readyz answers 503.
    await page.route('**/readyz', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ status: 'unavailable', database: 'down' }),
      }),
    );
    await page.getByRole('button', { name: say.checkAgain }).click();
    await expect(summary).toContainText(say.down);
    // Shopping spec §8 "Offline strings": Server Error, Error Code (issue 31).
    await expect(page.getByTestId('status-error-code')).toHaveText(say.serverError);
    await expect(parts.getByRole('definition')).toHaveText([say.working, say.notWorking]);
    await expectAccessible(page);
    await keepScreenshot(page, { path: `${SHOTS}/${testInfo.project.name}-down-${language}.png` });
    if (language === 'my')
      expect(
        await page.locator('main').innerText(),
        'one language, one numeral system',
      ).not.toMatch(/[A-Za-z0-9]/);

    // No answer at all.
    await page.unroute('**/readyz');
    await page.route('**/readyz', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: say.checkAgain }).click();
    await expect(summary).toContainText(say.unreachable);
    await expect(page.getByTestId('status-error-code')).toHaveCount(0);

    // Back: working again.
    await page.unroute('**/readyz');
    await page.getByRole('button', { name: say.checkAgain }).click();
    await expect(summary).toContainText(say.ok);
  });
}
