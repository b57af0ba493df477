import { expect, test, keepScreenshot } from './fixtures.ts';

/**
 * Screenshots of Home and a product listing at phone widths (390, a 412 px Android and a 430 px
 * iPhone) and 1280 px in English and Burmese (to /tmp/catalogue-screens/), with the checks that
 * each screen is really there and nothing spills sideways on a phone.
 */
const widths = [390, 412, 430, 1280] as const;
const languages = [
  { lang: 'en', categories: 'Categories', listing: 'Mobile Top-up' },
  { lang: 'my', categories: 'အမျိုးအစားများ', listing: 'ဖုန်းငွေဖြည့်' },
] as const;

for (const width of widths) {
  for (const { lang, categories, listing } of languages) {
    test(`home and listing at ${String(width)} px in ${lang}`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      const shot = (name: string) =>
        keepScreenshot(page, {
          path: `/tmp/catalogue-screens/${testInfo.project.name}-${String(width)}-${lang}-${name}.png`,
        });
      const noSidewaysScroll = async () => {
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        ).toBe(true);
      };

      await page.goto(`/?lang=${lang}`);
      await expect(page.getByRole('heading', { level: 2, name: categories })).toBeVisible();
      await expect(page.locator('.category-tile').first()).toBeVisible();
      await noSidewaysScroll();
      await shot('home');

      await page.goto(`/product/mobile-topup?lang=${lang}`);
      await expect(page.getByRole('heading', { level: 1, name: listing })).toBeVisible();
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      await noSidewaysScroll();
      await shot('listing');
    });
  }
}
