// Renders the app icons (apps/web/public/icons/*.png) from public/favicon.svg with Debian's
// Chromium: `node apps/web/scripts/make-icons.mjs`. The PNGs are committed; run it after changing
// the logo. Also the icons of the manifest's shortcuts (src/features/install/web-app-manifest.ts)
// and the iPhone's home-screen icon.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const svg = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
/** The Orders shortcut: a receipt with lines on the logo's tile. */
const ordersSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0b2a5b"/>' +
  '<path d="M20 12h24a3 3 0 0 1 3 3v37l-5-3-5 3-5-3-5 3-5-3-5 3V15a3 3 0 0 1 3-3z" fill="#fff"/>' +
  '<path d="M24 22h16M24 30h16M24 38h10" stroke="#0b2a5b" stroke-width="3" stroke-linecap="round"/>' +
  '<circle cx="41" cy="38" r="3" fill="#f5a623"/></svg>';
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
  // iOS draws no transparency (a black backdrop): the tile fills the square, the system rounds it.
  { file: 'apple-touch-icon.png', size: 180, padding: 0, background: '#0b2a5b' },
  // Launchers crop shortcut icons (Android to a circle): the logo inside the safe zone, opaque.
  { file: 'shortcut-top-up-96.png', size: 96, padding: 0.12, background: '#0b2a5b' },
  {
    file: 'shortcut-orders-96.png',
    size: 96,
    padding: 0.12,
    background: '#0b2a5b',
    source: ordersSvg,
  },
];
for (const { file, size, padding, background, source = svg } of icons) {
  await page.setViewportSize({ width: size, height: size });
  const inner = Math.round(size * (1 - 2 * padding));
  await page.setContent(
    `<html><body style="margin:0;background:${background};display:grid;place-items:center;height:${String(size)}px">` +
      `<div style="width:${String(inner)}px;height:${String(inner)}px">${source.replace('<svg ', `<svg width="${String(inner)}" height="${String(inner)}" `)}</div></body></html>`,
  );
  await page.screenshot({
    path: path.join(publicDir, 'icons', file),
    omitBackground: background === 'transparent',
  });
}
await browser.close();
