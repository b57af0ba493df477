// Renders the app icons (apps/web/public/icons/*.png) from public/favicon.svg with Debian's
// Chromium: `node apps/web/scripts/make-icons.mjs`. The PNGs are committed; run it after changing
// the logo.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const svg = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
const icons = [
  { file: 'icon-192.png', size: 192, padding: 0, background: 'transparent' },
  { file: 'icon-512.png', size: 512, padding: 0, background: 'transparent' },
  // Maskable: the logo inside the 80 % safe zone on the brand colour.
  { file: 'icon-maskable-512.png', size: 512, padding: 0.12, background: '#0b2a5b' },
];
for (const { file, size, padding, background } of icons) {
  await page.setViewportSize({ width: size, height: size });
  const inner = Math.round(size * (1 - 2 * padding));
  await page.setContent(
    `<html><body style="margin:0;background:${background};display:grid;place-items:center;height:${String(size)}px">` +
      `<div style="width:${String(inner)}px;height:${String(inner)}px">${svg.replace('<svg ', `<svg width="${String(inner)}" height="${String(inner)}" `)}</div></body></html>`,
  );
  await page.screenshot({
    path: path.join(publicDir, 'icons', file),
    omitBackground: background === 'transparent',
  });
}
await browser.close();
