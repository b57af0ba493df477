#!/usr/bin/env node
/**
 * A real slow network, not Lighthouse's simulation (issue 14): Chromium with its own network
 * emulation (400 kbit/s each way, 400 ms round trip) and CPU ×4 slowdown, timing a listing opened
 * from a link, from the navigation's start:
 *   prices visible        — until the first product price is on screen (the English listing)
 *       first visit  (nothing cached, no service worker)         budget ≤ 5 s
 *       repeat visit (same browser, the service worker in charge) budget ≤ 1 s
 *   Burmese text readable — the Burmese listing (?lang=my) until the regular Noto Sans Myanmar
 *       face has loaded and the page has painted with it (issue 29, ADR 0066)
 *       first visit  budget ≤ 2.5 s;  repeat visit printed (no budget of its own)
 * Each is the median of --runs (5) runs, each in a fresh browser profile. The browser sees no
 * Myanmar font of the machine's own (fontconfig rejects them), as on a phone without one: the
 * shop's font is downloaded. --local-myanmar-font lets it see them (a phone with its own font).
 *
 * Usage (after `npm run build`): node apps/web/scripts/slow-network.mjs [--runs=5] [--url=http://…]
 *   [--local-myanmar-font]
 * Environment: CHROME_PATH (default /usr/bin/chromium). Exits 1 when a budget is missed.
 */
/* global document, requestAnimationFrame -- in the functions run in the page */
import { chromium } from '@playwright/test';
import { startDemoShop } from '../../server/bench/server-process.mjs';
import { fontconfigWithoutMyanmar } from './without-myanmar-fonts.mjs';

const BUDGET_FIRST_MS = 5000;
const BUDGET_REPEAT_MS = 1000;
const BUDGET_BURMESE_FIRST_MS = 2500;
const args = process.argv.slice(2);
const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 5);
const urlArg = args.find((a) => a.startsWith('--url='))?.slice('--url='.length);
const localMyanmarFont = args.includes('--local-myanmar-font');
const LISTING = '/product/mobile-topup';
const BURMESE_LISTING = `${LISTING}?lang=my`;

const fontconfig = localMyanmarFont ? undefined : fontconfigWithoutMyanmar();
const fontconfigFile = fontconfig?.file;

/**
 * Milliseconds from the start of the navigation to the first product price on screen: when it is
 * laid out (in the DOM, visible) and the page has painted (first contentful paint: the styles it
 * waits for have arrived), whichever is later.
 */
async function timeToPrices(page, url) {
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await page.getByTestId('product-price').first().waitFor({ state: 'visible', timeout: 60_000 });
  const laidOut = Date.now() - started;
  const painted = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const poll = () => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
          if (fcp === undefined) setTimeout(poll, 20);
          else resolve(fcp);
        };
        poll();
      }),
  );
  return Math.round(Math.max(laidOut, painted));
}

/**
 * Milliseconds from the start of the navigation until Burmese text is readable: a regular
 * (400) Noto Sans Myanmar face has loaded, Burmese text is laid out, and the page has painted
 * (first contentful paint, and a frame after the font was found loaded), whichever is latest. Also
 * which font file the page downloaded for it, if any (a local font downloads nothing).
 */
async function timeToBurmese(page, url) {
  await page.goto(url, { waitUntil: 'commit' });
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const family = 'Noto Sans Myanmar';
        const loaded = () =>
          [...document.fonts].some(
            (face) =>
              face.family.replace(/["']/g, '') === family &&
              face.weight === '400' &&
              face.status === 'loaded',
          );
        const burmeseShown = () => /[\u1000-\u109f]/.test(document.body?.innerText ?? '');
        const poll = () => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
          if (fcp === undefined || !loaded() || !burmeseShown()) {
            setTimeout(poll, 20);
            return;
          }
          // The next frame after the font is in: the text is painted with it.
          requestAnimationFrame(() =>
            setTimeout(() => {
              const fonts = performance
                .getEntriesByType('resource')
                .filter((entry) => entry.name.endsWith('.woff2'))
                .map(
                  (entry) =>
                    `${entry.name.split('/').pop()} ${String(Math.round(entry.responseEnd))} ms`,
                );
              resolve({ ms: Math.round(Math.max(fcp, performance.now())), fonts });
            }, 0),
          );
        };
        poll();
      }),
  );
}

async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
    env: fontconfigFile ? { ...process.env, FONTCONFIG_FILE: fontconfigFile } : process.env,
  });
}

/** A page on the throttled phone: 400 kbit/s each way, 400 ms round trip, CPU ×4. */
async function throttledPage(browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1000) / 8,
    uploadThroughput: (400 * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return page;
}

/** The Burmese listing opened from a link, then again once the service worker is in charge. */
async function burmeseRun(base) {
  const browser = await launch();
  try {
    const page = await throttledPage(browser);
    const first = await timeToBurmese(page, `${base}${BURMESE_LISTING}`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.goto(`${base}/?lang=my`, { waitUntil: 'load' });
    const repeat = await timeToBurmese(page, `${base}${BURMESE_LISTING}`);
    return { first: first.ms, repeat: repeat.ms, fonts: first.fonts };
  } finally {
    await browser.close();
  }
}

async function oneRun(base) {
  const browser = await launch();
  try {
    const page = await throttledPage(browser);
    // "Opened from a link": the customer taps it in a chat; the shop has never been opened here.
    const first = await timeToPrices(page, `${base}${LISTING}`);
    // The service worker installs after the first load and controls the next navigation.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.goto(`${base}/`, { waitUntil: 'load' });
    const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
    const repeat = await timeToPrices(page, `${base}${LISTING}`);
    return { first, repeat, controlled };
  } finally {
    await browser.close();
  }
}

const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

const server = urlArg ? null : await startDemoShop('slow-network');
let failed = false;
try {
  const base = urlArg?.replace(/\/$/, '') ?? server?.base ?? '';
  console.log(
    `Slow network (400 kbit/s, 400 ms RTT, CPU ×4): prices visible on ${LISTING}, Burmese text readable on ${BURMESE_LISTING} (${localMyanmarFont ? "the machine's Myanmar fonts visible" : 'no Myanmar font of its own'}), ${String(runs)} runs`,
  );
  const results = [];
  for (let run = 0; run < runs; run += 1) {
    const result = await oneRun(base);
    const burmese = await burmeseRun(base);
    results.push({ ...result, burmese });
    console.log(
      `  run ${String(run + 1)}: prices first visit ${String(result.first)} ms, repeat visit ${String(result.repeat)} ms${result.controlled ? '' : ' (service worker not in charge)'}; ` +
        `Burmese readable first visit ${String(burmese.first)} ms, repeat visit ${String(burmese.repeat)} ms (fonts: ${burmese.fonts.join(', ') || 'none downloaded'})`,
    );
  }
  const first = median(results.map((r) => r.first));
  const repeat = median(results.map((r) => r.repeat));
  const burmeseFirst = median(results.map((r) => r.burmese.first));
  const burmeseRepeat = median(results.map((r) => r.burmese.repeat));
  const firstOk = first <= BUDGET_FIRST_MS;
  const repeatOk = repeat <= BUDGET_REPEAT_MS;
  const burmeseOk = burmeseFirst <= BUDGET_BURMESE_FIRST_MS;
  failed = !firstOk || !repeatOk || !burmeseOk;
  console.log(
    `prices visible, first visit:          median ${String(first)} ms (budget ≤ ${String(BUDGET_FIRST_MS)} ms) ${firstOk ? 'OK' : 'MISSED'}`,
  );
  console.log(
    `prices visible, repeat visit:         median ${String(repeat)} ms (budget ≤ ${String(BUDGET_REPEAT_MS)} ms) ${repeatOk ? 'OK' : 'MISSED'}`,
  );
  console.log(
    `Burmese text readable, first visit:   median ${String(burmeseFirst)} ms (budget ≤ ${String(BUDGET_BURMESE_FIRST_MS)} ms) ${burmeseOk ? 'OK' : 'MISSED'}`,
  );
  console.log(`Burmese text readable, repeat visit:  median ${String(burmeseRepeat)} ms`);
} finally {
  await server?.stop();
  fontconfig?.remove();
}
process.exit(failed ? 1 : 0);
