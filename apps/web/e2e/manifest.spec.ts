import type { APIRequestContext, Page } from '@playwright/test';
import type { WebAppManifest } from '../src/features/install/web-app-manifest.ts';
import { expect, test } from './fixtures.ts';

/**
 * The installable app in each language (issue 16): the page links the web app manifest of its
 * language; each manifest names the app, its icons, screenshots and shortcuts (Top-up, Orders) in
 * that language, and every file it names is there, of the size it says. The server's choice of
 * the manifest is in apps/server (app.test.ts, server-render.test.ts).
 */

/** An icon or a screenshot the manifest names (the build writes it: web-app-manifest.ts). */
type ManifestImage = WebAppManifest['icons'][number];

const manifestOf = { en: '/manifest.webmanifest', my: '/manifest.my.webmanifest' } as const;

/** A PNG's size and whether it has an alpha channel, from its header (IHDR after the signature). */
function pngHeader(bytes: Buffer) {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  const colourType = bytes.readUInt8(25);
  return {
    sizes: `${String(bytes.readUInt32BE(16))}x${String(bytes.readUInt32BE(20))}`,
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
    // 4: grey + alpha, 6: RGBA; a palette (3) may carry transparency in a tRNS chunk.
    alpha: colourType === 4 || colourType === 6 || bytes.includes('tRNS'),
  };
}

/** Fetches an image the manifest names: it answers 200 as a PNG of the size the manifest says. */
async function expectImage(request: APIRequestContext, image: ManifestImage) {
  const response = await request.get(image.src);
  expect(response.status(), image.src).toBe(200);
  expect(response.headers()['content-type'], image.src).toBe('image/png');
  expect(image.type, image.src).toBe('image/png');
  const header = pngHeader(await response.body());
  expect(header.sizes, `${image.src} is ${header.sizes}`).toBe(image.sizes);
  return header;
}

async function linkedManifest(page: Page) {
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  if (!href) throw new Error('the page links no manifest');
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json\b/);
  return { href, manifest: (await response.json()) as WebAppManifest };
}

/** The texts a person reads in the install sheet, the launcher and the shortcuts menu. */
const visibleTexts = (manifest: WebAppManifest) => [
  manifest.name,
  manifest.short_name,
  manifest.description,
  ...manifest.shortcuts.flatMap((s) => [s.name, s.short_name, s.description]),
  ...manifest.screenshots.map((s) => s.label),
];

for (const language of ['en', 'my'] as const) {
  test(`the ${language} page links the ${language} manifest: names, icons, screenshots and shortcuts that open @desktop-only`, async ({
    page,
  }) => {
    await page.goto(`/?lang=${language}`);
    const { href, manifest } = await linkedManifest(page);
    expect(href).toBe(manifestOf[language]);

    expect(manifest.lang).toBe(language);
    expect(manifest.dir).toBe('ltr');
    // One app, whatever the language it was installed in.
    expect(manifest.id).toBe('/');
    expect(manifest.scope).toBe('/');
    expect(manifest.display).toBe('standalone');
    for (const text of visibleTexts(manifest)) expect(text.trim().length).toBeGreaterThan(1);
    if (language === 'my') {
      for (const text of visibleTexts(manifest)) {
        // Burmese throughout: no Latin letter, and numbers (if any) in Burmese digits.
        expect(text, text).toMatch(/[\u1000-\u109f]/);
        expect(text, text).not.toMatch(/[A-Za-z0-9]/);
      }
    } else {
      expect(manifest.name).toBe('MyanTopup');
    }
    // iOS suggests this name for the home screen: the manifest's, in the page's language.
    await expect(page.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute(
      'content',
      manifest.short_name,
    );

    // Icons: 192 and 512 px for installing, a maskable one for Android's shapes.
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) await expectImage(page.request, icon);

    // Screenshots for the richer install sheet: phones (narrow) and computers (wide).
    expect(manifest.screenshots.map((s) => s.form_factor)).toEqual(
      expect.arrayContaining(['narrow', 'wide']),
    );
    for (const screenshot of manifest.screenshots) {
      expect(screenshot.src).toContain(`.${language}.png`);
      const { width, height } = await expectImage(page.request, screenshot);
      if (screenshot.form_factor === 'narrow') expect(height).toBeGreaterThan(width);
      else expect(width).toBeGreaterThan(height);
      // Chromium shows none outside 320–3840 px or longer than 2.3 times their width.
      expect(Math.min(width, height)).toBeGreaterThanOrEqual(320);
      expect(Math.max(width, height) / Math.min(width, height)).toBeLessThanOrEqual(2.3);
    }

    // Shortcuts: Top-up (the mobile top-up listing) and Orders, each opening in this language.
    expect(manifest.shortcuts.map((s) => s.url.split('?')[0])).toEqual([
      '/product/mobile-topup',
      '/orders',
    ]);
    for (const shortcut of manifest.shortcuts) {
      for (const icon of shortcut.icons) await expectImage(page.request, icon);
      const opened = await page.request.get(shortcut.url);
      expect(opened.status(), shortcut.url).toBe(200);
      expect(opened.headers()['content-type'], shortcut.url).toMatch(/^text\/html/);
      await page.goto(shortcut.url);
      await expect(page.locator('html'), shortcut.url).toHaveAttribute('lang', language);
    }
    // The installed app starts in the language it was installed in.
    await page.goto(manifest.start_url);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      manifestOf[language],
    );
  });
}

test('the iPhone home-screen icon is an opaque 180 px PNG @desktop-only', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(href).toBe('/icons/apple-touch-icon.png');
  const header = await expectImage(page.request, {
    src: href ?? '',
    sizes: '180x180',
    type: 'image/png',
  });
  // iOS paints transparency black.
  expect(header.alpha).toBe(false);
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute(
    'content',
    'yes',
  );
});

test('a page the browser renders links the manifest of the language it is read in', async ({
  page,
}) => {
  // /orders is not rendered on the server: the app page, sent for the reader's stored language.
  const sent = await page.request.get('/orders', { headers: { cookie: 'lang=my' } });
  expect(await sent.text()).toContain('<link rel="manifest" href="/manifest.my.webmanifest"');
  await page.goto('/orders?lang=my');
  await expect(page.locator('html')).toHaveAttribute('lang', 'my');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', manifestOf.my);
});

test('changing the language in the page links the other manifest', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', manifestOf.en);
  await page.locator('.language-toggle').first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'my');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', manifestOf.my, {
    timeout: 10_000,
  });
  await page.locator('.language-toggle').first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', manifestOf.en);
});

test.describe('service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('precaches both manifests, not the screenshots @desktop-only', async ({ page }) => {
    await page.goto('/');
    const cached = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      const has = async (url: string) => !!(await caches.match(url, { ignoreSearch: true }));
      return {
        en: await has('/manifest.webmanifest'),
        my: await has('/manifest.my.webmanifest'),
        screenshot: await has('/screenshots/home-narrow.en.png'),
      };
    });
    expect(cached).toEqual({ en: true, my: true, screenshot: false });
  });
});
