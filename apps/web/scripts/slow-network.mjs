#!/usr/bin/env node
/**
 * A real slow network, not Lighthouse's simulation (issue 14): Chromium with its own network
 * emulation (400 kbit/s each way, 400 ms round trip) and CPU ×4 slowdown, timing "prices visible
 * on a listing opened from a link" — from the navigation's start until the first product price is
 * on screen:
 *   first visit  (nothing cached, no service worker)         budget ≤ 5 s
 *   repeat visit (same browser, the service worker in charge) budget ≤ 1 s
 * Each is the median of --runs (5) runs, each in a fresh browser profile.
 *
 * Usage (after `npm run build`): node apps/web/scripts/slow-network.mjs [--runs=5] [--url=http://…]
 * Environment: CHROME_PATH (default /usr/bin/chromium). Exits 1 when a budget is missed.
 */
import { chromium } from '@playwright/test';
import { startDemoShop } from '../../server/bench/server-process.mjs';

const BUDGET_FIRST_MS = 5000;
const BUDGET_REPEAT_MS = 1000;
const args = process.argv.slice(2);
const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 5);
const urlArg = args.find((a) => a.startsWith('--url='))?.slice('--url='.length);
const LISTING = '/product/mobile-topup';

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

async function oneRun(base) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
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
    `Slow network (400 kbit/s, 400 ms RTT, CPU ×4): prices visible on ${LISTING}, ${String(runs)} runs`,
  );
  const results = [];
  for (let run = 0; run < runs; run += 1) {
    const result = await oneRun(base);
    results.push(result);
    console.log(
      `  run ${String(run + 1)}: first visit ${String(result.first)} ms, repeat visit ${String(result.repeat)} ms${result.controlled ? '' : ' (service worker not in charge)'}`,
    );
  }
  const first = median(results.map((r) => r.first));
  const repeat = median(results.map((r) => r.repeat));
  const firstOk = first <= BUDGET_FIRST_MS;
  const repeatOk = repeat <= BUDGET_REPEAT_MS;
  failed = !firstOk || !repeatOk;
  console.log(
    `first visit:  median ${String(first)} ms (budget ≤ ${String(BUDGET_FIRST_MS)} ms) ${firstOk ? 'OK' : 'MISSED'}`,
  );
  console.log(
    `repeat visit: median ${String(repeat)} ms (budget ≤ ${String(BUDGET_REPEAT_MS)} ms) ${repeatOk ? 'OK' : 'MISSED'}`,
  );
} finally {
  await server?.stop();
}
process.exit(failed ? 1 : 0);
