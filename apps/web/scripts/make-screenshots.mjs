// Takes the screenshots of the web app manifests (apps/web/public/screenshots/*.png, listed in
// src/features/install/web-app-manifest.ts) from the demo shop, in English and Burmese, and
// compresses them to palette PNGs with pngquant (Debian: apt-get install pngquant). The PNGs are
// committed; run it after a visible change to Home or the top-up listing:
//   npm run build && node apps/web/scripts/make-screenshots.mjs
// (The build reads the sizes of the screenshots: the first time, any PNG at those paths does.)
/* global document, window -- in the functions run in the page */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { startDemoShop } from '../../server/bench/server-process.mjs';

const screenshotsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../public/screenshots',
);
/** Install sheets show a few screenshots at once: each is kept small (issue 16). */
const MAX_BYTES = 150 * 1024;

const narrow = {
  // A large phone, at 1 CSS pixel per pixel: sharp enough at the install sheet's size.
  viewport: { width: 450, height: 975 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
};
const wide = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };
const shots = [
  { name: 'home-narrow', device: narrow, url: '/' },
  {
    name: 'top-up-narrow',
    device: narrow,
    url: '/product/mobile-topup',
    // A number entered (its operator detected), scrolled to the form and the top-ups below it.
    prepare: async (page) => {
      const phone = page.getByPlaceholder('09xxxxxxxx');
      await phone.fill('09421234567');
      await page.getByTestId('product-price').first().waitFor();
      await phone.blur();
      await phone.evaluate((input) => {
        window.scrollTo(0, input.getBoundingClientRect().top + window.scrollY - 120);
      });
    },
  },
  { name: 'home-wide', device: wide, url: '/' },
];

const shop = await startDemoShop('screenshots');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
let failed = false;
try {
  for (const language of ['en', 'my']) {
    for (const { name, device, url, prepare } of shots) {
      const context = await browser.newContext({ ...device, serviceWorkers: 'block' });
      // On a festival day the greeting would cover the shop: it has been seen today
      // (src/features/festival/festival-day.ts FESTIVAL_SHOWN_KEY, a day in Yangon).
      await context.addInitScript(() => {
        const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Yangon' }).format(
          new Date(),
        );
        localStorage.setItem('festival-greeting-shown', today);
      });
      const page = await context.newPage();
      await page.goto(`${shop.base}${url}?lang=${language}`, { waitUntil: 'networkidle' });
      await page.locator('html[data-page-ready]').waitFor({ state: 'attached' });
      await prepare?.(page);
      await page.evaluate(() => document.fonts.ready);
      const file = path.join(screenshotsDir, `${name}.${language}.png`);
      await page.screenshot({ path: file, animations: 'disabled' });
      await context.close();
      execFileSync('pngquant', [
        '--quality=65-90',
        '--speed=1',
        '--strip',
        '--force',
        '--output',
        file,
        file,
      ]);
      const bytes = fs.statSync(file).size;
      const over = bytes > MAX_BYTES;
      failed ||= over;
      console.log(
        `${path.basename(file).padEnd(24)} ${(bytes / 1024).toFixed(1).padStart(6)} KiB${over ? ' OVER' : ''}`,
      );
    }
  }
} finally {
  await browser.close();
  await shop.stop();
}
if (failed) process.exitCode = 1;
