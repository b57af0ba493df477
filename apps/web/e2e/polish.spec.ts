import fs from 'node:fs';
import { expect, test, type Page, keepScreenshot } from './fixtures.ts';
import { expectAccessible } from './shop-support.ts';

/**
 * Issue 26's polish list: each page's own <title> in both languages (also in the HTML the server
 * renders); a mistyped category is the 404 page (404 status); Burmese breadcrumbs and steppers
 * show no list numbers; the exchange rates fit a phone; the help button covers nothing at the end
 * of a page; cart pictures are not cropped and the cart's quantity is in the page's digits.
 * Screenshots go to /tmp/shots-polish/.
 */

const shotDir = '/tmp/shots-polish';
const shot = async (page: Page, name: string, fullPage = false) => {
  fs.mkdirSync(shotDir, { recursive: true });
  await keepScreenshot(page, { path: `${shotDir}/${name}.png`, fullPage });
};
const languages = ['en', 'my'] as const;

const titles = {
  en: {
    home: 'Top up and buy digital goods in seconds · MyanTopup',
    category: 'Mobile Top-up · MyanTopup',
    about: 'About Us · MyanTopup',
    status: 'Service status · MyanTopup',
    orders: 'Order History · MyanTopup',
    notFound: 'Page Not Found · MyanTopup',
  },
  my: {
    home: 'စက္ကန့်ပိုင်းအတွင်း ငွေဖြည့်ပြီး ဒစ်ဂျစ်တယ်ပစ္စည်းများ ဝယ်ယူပါ · MyanTopup',
    category: 'ဖုန်းငွေဖြည့် · MyanTopup',
    about: 'ကျွန်ုပ်တို့အကြောင်း · MyanTopup',
    status: 'ဝန်ဆောင်မှု အခြေအနေ · MyanTopup',
    orders: 'အော်ဒါ မှတ်တမ်း · MyanTopup',
    notFound: 'စာမျက်နှာ မတွေ့ပါ · MyanTopup',
  },
};

test('every page has its own title in English and Burmese; a mistyped category is the 404 page', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  for (const lang of languages) {
    const title = titles[lang];
    // The server's HTML carries the page's title before any script runs.
    const html = await (await request.get(`/product/mobile-topup?lang=${lang}`)).text();
    expect(html).toContain(`<title>${title.category}</title>`);

    await page.goto(`/?lang=${lang}`);
    await expect(page).toHaveTitle(title.home);
    // Moving within the app changes the title too.
    await page.locator('a[href="/product/mobile-topup"]').filter({ visible: true }).first().click();
    await expect(page).toHaveTitle(title.category);
    await page.goto('/about-us');
    await expect(page).toHaveTitle(title.about);
    await page.goto('/status');
    await expect(page).toHaveTitle(title.status);
    await page.goto('/orders');
    await expect(page).toHaveTitle(title.orders);
    // A path the shop does not have: the server renders the 404 page with a 404 status (it
    // answered 200 with the app page before), and the app takes it over.
    const unknown = await page.goto('/no-such-page');
    expect(unknown?.status()).toBe(404);
    expect(await unknown?.text()).toContain(`<title>${title.notFound}</title>`);
    await expect(page).toHaveTitle(title.notFound);
    await expect(page.locator('html')).toHaveAttribute('data-page-ready', '');

    // A mistyped category: the 404 page, with a 404 status, in the page's language.
    const answer = await page.goto('/product/no-such-thing');
    expect(answer?.status()).toBe(404);
    await expect(page).toHaveTitle(title.notFound);
    await expect(page.locator('.not-found__code')).toHaveText('404');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      title.notFound.replace(' · MyanTopup', ''),
    );
    await expect(page.getByTestId('product-card')).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, `404-category-${lang}`);
    // Reached inside the app, too (no server render): the same 404 page.
    await page.goto('/product/mobile-topup');
    await page.evaluate(() => {
      history.pushState(null, '', '/product/no-such-thing');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.locator('.not-found__code')).toBeVisible();
    await expect(page).toHaveTitle(title.notFound);
  }
  // A real category still answers 200, and so do the pages the browser renders.
  expect((await request.get('/product/data-package')).status()).toBe(200);
  for (const path of [
    '/orders',
    '/orders/5b1c2f3e-7d1a-4c55-9c0e-0d6f1c8e2a11',
    '/status/',
    '/admin',
    '/admin/orders',
  ])
    expect((await request.get(path)).status(), path).toBe(200);
  expect((await request.get('/orders/1/2')).status()).toBe(404);
});

test('Burmese breadcrumbs and the sign-up stepper show no list numbers (390 px)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const markers = (selector: string) =>
    page
      .locator(selector)
      .evaluateAll((items) => items.map((item) => getComputedStyle(item).listStyleType));

  await page.goto('/product/mobile-topup?lang=my');
  await expect(page.locator('.breadcrumbs li')).toHaveCount(3);
  expect(await markers('.breadcrumbs li')).toEqual(['none', 'none', 'none']);
  await shot(page, 'breadcrumbs-my-390');

  await page.getByRole('button', { name: /အကောင့်မီနူး/ }).click();
  await page.getByRole('menuitem').nth(1).click();
  await page.locator('.auth-form__switch button').click();
  await expect(page.locator('.auth-steps__bar li')).toHaveCount(3);
  expect(await markers('.auth-steps__bar li')).toEqual(['none', 'none', 'none']);
  await shot(page, 'stepper-my-390');
  // A plain numbered list still counts in Burmese digits.
  await page.goto('/webapp/install?lang=my');
  const steps = page.locator('.install-card ol > li').first();
  await expect(steps).toBeAttached();
  expect(await steps.evaluate((item) => getComputedStyle(item).listStyleType)).toBe('myanmar');
});

for (const lang of languages) {
  test(`the exchange-rate table fits the screen without scrolling sideways (${lang})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const phone = testInfo.project.name === 'mobile';
    if (phone) await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/?lang=${lang}`);
    await page.locator('.site-footer button[aria-haspopup="dialog"]').click();
    const dialog = page.getByRole('dialog');
    const table = dialog.getByRole('table');
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const fits = await page.evaluate(() => {
      const box = document.querySelector('.rates-dialog')?.getBoundingClientRect();
      const cells = [...document.querySelectorAll('.rates-table th, .rates-table td')].filter(
        (cell) => cell.checkVisibility(),
      );
      // Anything inside that scrolls sideways (a box that hides its overflow does not scroll).
      const scrollers = [...document.querySelectorAll('.rates-dialog *')].filter(
        (element) =>
          ['auto', 'scroll'].includes(getComputedStyle(element).overflowX) &&
          element.scrollWidth > element.clientWidth + 1,
      );
      return {
        page: document.documentElement.scrollWidth <= window.innerWidth,
        cellsInside: cells.every(
          (cell) => box !== undefined && cell.getBoundingClientRect().right <= box.right + 0.5,
        ),
        scrollers: scrollers.map((element) => element.className),
      };
    });
    expect(fits).toEqual({ page: true, cellsInside: true, scrollers: [] });
    // Still a table for screen readers: a header per column, a row per currency.
    await expect(table.getByRole('columnheader')).toHaveCount(6);
    await expectAccessible(page, '.rates-dialog');
    await shot(page, `rates-${lang}-${phone ? '390' : 'desktop'}`);
  });

  test(`the help button covers nothing at the end of a page (${lang})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const phone = testInfo.project.name === 'mobile';
    if (phone) await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/product/mobile-topup', '/about-us']) {
      await page.goto(`${path}?lang=${lang}`);
      const help = page.locator('.help-button');
      await expect(help).toBeVisible();
      await page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
      });
      await page.waitForFunction(
        () =>
          Math.ceil(window.scrollY + window.innerHeight) >=
          document.documentElement.scrollHeight - 1,
      );
      // What a reader sees or taps under the button: text, links, buttons, pictures, fields.
      const covered = await page.evaluate(() => {
        const button = document.querySelector('.help-button');
        if (!button) return ['no help button'];
        const b = button.getBoundingClientRect();
        const hits: string[] = [];
        for (const element of document.querySelectorAll<HTMLElement>('body *')) {
          if (button.contains(element) || element.contains(button)) continue;
          if (!element.checkVisibility({ visibilityProperty: true })) continue;
          const ownText = [...element.childNodes].some(
            (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
          );
          if (!ownText && !element.matches('a, button, input, img, svg, select, textarea'))
            continue;
          if (element.closest('.bottom-tab-bar')) continue;
          const r = element.getBoundingClientRect();
          if (r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top)
            hits.push(`${element.tagName.toLowerCase()}.${element.className}`);
        }
        return hits;
      });
      expect(covered, path).toEqual([]);
      await shot(
        page,
        `help-end-${path.slice(1).replace('/', '-')}-${lang}-${phone ? '390' : 'desktop'}`,
      );
    }
  });

  test(`cart pictures are whole and quantities use the page's digits (${lang})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const phone = testInfo.project.name === 'mobile';
    if (phone) await page.setViewportSize({ width: 390, height: 844 });
    const digit = (n: number) => (lang === 'my' ? String.fromCharCode(0x1040 + n) : String(n));
    await page.goto(`/product/egift-cards?lang=${lang}`);
    // A card in stock: other specs buy the listing's first cards, which may be sold out by now.
    await page.getByTestId('add-to-cart').and(page.locator(':enabled')).first().click();
    await expect(page.getByTestId('cart-badge')).toHaveText(digit(1));
    await page.getByTestId('cart-button').click();
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await expect(line.locator('.cart-line__image')).toHaveCSS('object-fit', 'contain');

    const quantity = line.getByTestId('cart-quantity');
    await expect(quantity).toHaveValue(digit(1));
    // Typed in Burmese digits or in Latin ones: both are read, and shown in the page's digits.
    await quantity.fill(lang === 'my' ? '၂' : '2');
    await quantity.press('Enter');
    await expect(page.getByTestId('cart-badge')).toHaveText(digit(2));
    await expect(quantity).toHaveValue(digit(2));
    await quantity.fill('3');
    await quantity.press('Enter');
    await expect(page.getByTestId('cart-badge')).toHaveText(digit(3));
    await expect(quantity).toHaveValue(digit(3));
    await line.getByRole('button').first().click();
    await expect(quantity).toHaveValue(digit(2));
    await expectAccessible(page, '[role="dialog"]');
    await shot(page, `cart-${lang}-${phone ? '390' : 'desktop'}`);
  });
}
