import subset from '../src/assets/fonts/noto-sans-myanmar-shop.json' with { type: 'json' };
import { fontconfigWithoutMyanmar } from '../scripts/without-myanmar-fonts.mjs';
import { expect, test as base, type Page, keepScreenshot } from './fixtures.ts';

/**
 * Issue 29, ADR 0066: Burmese text readable as soon as the prices are. A Burmese page the server
 * renders preloads the regular weight of the shop's Noto Sans Myanmar subset, and the text is set
 * in that subset, not in the full @fontsource face; an English page preloads no font and downloads
 * only the face of its one Burmese word. The browser here sees no Myanmar font of the machine's (fontconfig rejects them), as on a
 * phone without one — with its own, local() takes it and the subset is not used.
 */
const test = base.extend<object, { fontconfigFile: string }>({
  fontconfigFile: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other
    async ({}, use) => {
      const fontconfig = fontconfigWithoutMyanmar();
      await use(fontconfig.file);
      fontconfig.remove();
    },
    { scope: 'worker' },
  ],
  launchOptions: [
    async ({ launchOptions, fontconfigFile }, use) => {
      await use({
        ...launchOptions,
        env: { ...process.env, FONTCONFIG_FILE: fontconfigFile },
      });
    },
    { scope: 'worker' },
  ],
});

/** The font files the page asks for, by file name. */
function fontRequests(page: Page) {
  const fonts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.woff2')) fonts.push(url.pathname.split('/').pop() ?? '');
  });
  return fonts;
}

/** The Noto Sans Myanmar faces the page has loaded: weight and unicode-range. */
const loadedMyanmarFaces = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts]
      .filter(
        (face) =>
          face.family.replace(/["']/g, '') === 'Noto Sans Myanmar' && face.status === 'loaded',
      )
      .map((face) => ({ weight: face.weight, unicodeRange: face.unicodeRange }));
  });

const SUBSET_REGULAR = /^noto-sans-myanmar-shop-400-[\w-]+\.woff2$/;
const FULL_FACE = /noto-sans-myanmar-myanmar-/;

test('a Burmese page preloads the regular subset and sets its text in it', async ({
  page,
}, testInfo) => {
  const fonts = fontRequests(page);
  await page.goto('/product/mobile-topup?lang=my');
  await expect(page.getByTestId('product-price').first()).toHaveText(/^[၀-၉,]+ ကျပ်$/);

  const preload = page.locator('head link[rel="preload"][as="font"]');
  await expect(preload).toHaveCount(1);
  await expect(preload).toHaveAttribute('type', 'font/woff2');
  await expect(preload).toHaveAttribute('crossorigin', '');
  const href = (await preload.getAttribute('href')) ?? '';
  expect(href.split('/').pop()).toMatch(SUBSET_REGULAR);

  // The regular face that loaded is the subset (its unicode-range), fetched once (the preload's
  // request is the one the face uses: same URL, same CORS mode); the full face is never fetched.
  const faces = await loadedMyanmarFaces(page);
  expect(faces).toContainEqual({ weight: '400', unicodeRange: subset.unicodeRange });
  for (const face of faces) expect(face.unicodeRange).toBe(subset.unicodeRange);
  expect(fonts.filter((file) => SUBSET_REGULAR.test(file))).toHaveLength(1);
  expect(fonts.filter((file) => FULL_FACE.test(file))).toEqual([]);

  // To look at: no tofu, vowel signs and stacked consonants in place (ADR 0066).
  await keepScreenshot(page, { path: testInfo.outputPath('burmese-listing.png') });
  await page.getByTestId('product-card').first().scrollIntoViewIfNeeded();
  await keepScreenshot(page, { path: testInfo.outputPath('burmese-listing-card.png') });
  await page.goto('/?lang=my');
  await expect(page.getByRole('heading', { level: 2, name: 'အမျိုးအစားများ' })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  await keepScreenshot(page, { path: testInfo.outputPath('burmese-home.png'), fullPage: true });
  expect(fonts.filter((file) => FULL_FACE.test(file))).toEqual([]);
});

test('an English page preloads no font; its one Burmese word takes a face of its own', async ({
  page,
}, testInfo) => {
  const fonts = fontRequests(page);
  for (const url of ['/', '/product/mobile-topup']) {
    await page.goto(url);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(0);
    await page.evaluate(() => document.fonts.ready);
  }
  // The language toggle says မြန်မာ, in a face of those letters (1.5 KB), not the subset (23 KB).
  expect([...new Set(fonts)]).toEqual([
    expect.stringMatching(/^noto-sans-myanmar-word-400-[\w-]+\.woff2$/),
  ]);
  const toggle = page.locator('.language-toggle [lang="my"]');
  await expect(toggle).toHaveText(subset.word.text);
  expect(await toggle.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(
    /^"Noto Sans Myanmar Word"/,
  );
  await keepScreenshot(page.locator('header'), { path: testInfo.outputPath('english-header.png') });
});
