import fs from 'node:fs';
import { expect, test, keepScreenshot } from './fixtures.ts';
import { expectAccessible, offerInstall } from './shop-support.ts';

/**
 * /webapp/install (issue 16 "Install", issue 14 "Render on the server"): server-rendered steps for
 * Android, iPhone and a computer in both languages; the browser's own prompt behind the Install
 * button when it offers one; the installed app goes home. Screenshots go to /tmp/install/.
 */
const shotDir = '/tmp/install';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the install steps arrive as HTML, in English and in Burmese', async ({ page }) => {
    await page.goto('/webapp/install');
    await expect(page.getByRole('heading', { level: 1, name: 'Install MyanTopup' })).toBeVisible();
    for (const name of [
      'Android (Chrome)',
      'iPhone and iPad (Safari)',
      'Computer (Chrome or Edge)',
    ])
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(page.getByTestId('install-steps-ios').getByRole('listitem')).toHaveCount(4);

    await page.goto('/webapp/install?lang=my');
    await expect(page.locator('html')).toHaveAttribute('lang', 'my');
    await expect(
      page.getByRole('heading', { level: 1, name: 'MyanTopup ကို ထည့်သွင်းရန်' }),
    ).toBeVisible();
    await expect(page.getByText('Install', { exact: false })).toHaveCount(0);
  });
});

test('the Install button shows the browser prompt; accepted, the page says it is installed (EN, MY, 390 px)', async ({
  page,
}) => {
  fs.mkdirSync(shotDir, { recursive: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/webapp/install?lang=en');
  // No prompt offered (Safari, Firefox, or not yet): the steps, and no button.
  await expect(page.getByTestId('install-button')).toHaveCount(0);
  await expect(page.getByTestId('install-status')).toHaveText(
    'Your browser does not offer one-tap install here. Follow the steps for your device below.',
  );
  await expect(page.getByTestId('bottom-tab-bar')).toHaveCount(0);
  await expectAccessible(page);
  await keepScreenshot(page, { path: `${shotDir}/1-steps-en.png`, fullPage: true });

  await offerInstall(page, 'dismissed');
  await page.getByRole('button', { name: 'Install the app' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-install-prompted', 'yes');
  // Declined: the browser offers again only with its next event (then the button is back).
  await expect(page.getByTestId('install-status')).toHaveText(
    'Not installed. To install later, open this page again or follow the steps for your device below.',
  );
  await expect(page.getByTestId('install-button')).toHaveCount(0);

  await page.goto('/webapp/install?lang=my');
  await offerInstall(page, 'accepted');
  // One numeral system: the steps count in Burmese digits.
  await expect(page.getByTestId('install-steps-ios').locator('ol')).toHaveCSS(
    'list-style-type',
    'myanmar',
  );
  const button = page.getByRole('button', { name: 'အက်ပ်ကို ထည့်သွင်းမည်' });
  await expect(button).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, { path: `${shotDir}/2-button-my.png`, fullPage: true });
  await button.click();
  await expect(page.getByTestId('install-status')).toHaveText(
    'MyanTopup ကို ထည့်သွင်းပြီးပါပြီ။ ပင်မမျက်နှာပြင်မှ ဖွင့်ပါ။',
  );
  await expect(button).toHaveCount(0);
  await keepScreenshot(page, { path: `${shotDir}/3-installed-my.png`, fullPage: true });
});

test('the menu opens the install page; running as the installed app, it goes home', async ({
  page,
  isMobile,
}) => {
  await page.goto('/?lang=en');
  if (isMobile) await page.getByRole('button', { name: 'More options' }).click();
  else await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByText('WebApp Install', { exact: true }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/webapp\/install$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Install MyanTopup' })).toBeVisible();

  await page.addInitScript(() => {
    const original = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => {
      const list = original(query);
      if (query !== '(display-mode: standalone)') return list;
      return Object.create(list, { matches: { value: true } }) as MediaQueryList;
    };
  });
  await page.goto('/webapp/install');
  await expect(page).toHaveURL(/\/$/);
});
