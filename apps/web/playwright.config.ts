import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import type { ShopOptions } from './e2e/fixtures.ts';

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://localhost:${port}`;
// A fresh DATA_DIR for every run: the server migrates and seeds the demo shop into it.
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
// Workers inherit it, so tests can read the server's outbox (e-mailed and texted codes).
process.env.E2E_DATA_DIR = dataDir;
// The back-office specs have a shop of their own (the next port, its own DATA_DIR): what they
// change (prices, banners, operators' names, the call-centre number) no customer test sees, so
// they run beside the customer projects instead of before them (ADR 0041, 2026-12-03 addendum).
const backOfficePort = port + 1;
const backOfficeURL = `http://localhost:${backOfficePort}`;
const backOfficeDataDir =
  process.env.E2E_BACK_OFFICE_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-bo-'));
process.env.E2E_BACK_OFFICE_DATA_DIR = backOfficeDataDir;

/**
 * Debian's Chromium; Playwright never downloads a browser here. Its headless shell (Debian's
 * chromium-headless-shell, the same build without the browser's window layer, which Playwright
 * itself runs headless tests in) when installed: phone flows cost about a quarter less CPU there, and CPU
 * is what the suite waits on on two cores (ADR 0082).
 */
const headlessShell = '/usr/bin/chromium-headless-shell';
const fullBrowser = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromium = {
  executablePath:
    process.env.CHROMIUM_PATH ?? (fs.existsSync(headlessShell) ? headlessShell : fullBrowser),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** Specs of what only the browser has, not its headless shell: notifications and installing. */
const browserOnlySpecs = [
  '**/notifications.spec.ts',
  '**/overlays-over-dialogs.spec.ts',
  '**/pwa.spec.ts',
];

/** The built shop on `shopPort` over `shopDataDir`, as the browser tests run it. */
function shop(shopPort: number, shopURL: string, shopDataDir: string) {
  return {
    command: 'node ../server/dist/main.js',
    url: `${shopURL}/readyz`,
    // 2026-12-02: flows took about twice as long on this machine class as on 11-29 (a checkout
    // 1–1.6 min, the orders flow 1.8 min), so 120 s (and 150 s where a spec asked for 90 s).
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(shopPort),
      HOST: '127.0.0.1',
      DATA_DIR: shopDataDir,
      PUBLIC_URL: shopURL,
      LOG_LEVEL: 'warn',
      // The browser tests pay with the sandbox bank, enabled by name (NODE_ENV is production here).
      PAYMENT_PROVIDER: 'sandbox',
      ALLOW_SANDBOX: 'true',
      // Every browser test calls from 127.0.0.1: the request limits (ADR 0026) still run, 100 times
      // higher than a shop's, so no test is refused by them.
      REQUEST_LIMIT_FACTOR: '100',
      // Lets one test count login failures against an address of its own (X-Forwarded-For).
      TRUST_PROXY: 'true',
      // One E-PIN bought by QR earns enough points to pay for the next by points (orders.spec.ts).
      LOYALTY_POINTS_PER_1000_MMK: '200',
      // A top-up to a number ending 8888 never answers: its job gives up after about 3 s instead
      // of 8½ minutes, so admin-order-lines.spec.ts gets an unconfirmed line to resolve.
      JOB_MAX_ATTEMPTS: '3',
      // notifications.spec.ts's stand-in push subscriptions name this host (ADR 0042).
      PUSH_ALLOWED_HOSTS: 'push.example.test',
      // Every test's unpaid orders come from 127.0.0.1: the cap on cards one network holds (ADR
      // 0043) would count the whole run's as one neighbourhood's.
      CARD_HOLD_MAX_PER_ADDRESS: '100000',
    },
  };
}

export default defineConfig<object, ShopOptions>({
  testDir: './e2e',
  outputDir: '../../test-results/e2e',
  fullyParallel: true,
  // Three at once on two cores: with two, the whole suite kept the machine's CPU busy 58 % of the
  // time (a test waits on the server, timers and the network as much as it computes); with three,
  // the same suite took 820 s instead of 932, CPU seconds unchanged (issue 30, 2026-12-04).
  workers: Math.max(3, Math.floor(os.availableParallelism() / 2)),
  retries: 0,
  reporter: [['list']],
  // A test walks a whole flow (sign-up, codes, checkout…); with two at once on CI's two cores the
  // longest need more than 30 s (auth.spec's phone verification took 31.9 s). Each step's own
  // wait stays 5 s (expect), so a real failure is still seen at once.
  // 2026-12-02: flows took about twice as long on this machine class as on 11-29 (a checkout
  // 1–1.6 min, the orders flow 1.8 min), so 120 s (and 150 s where a spec asked for 90 s).
  timeout: 120_000,
  // The service worker is blocked except in e2e/pwa.spec.ts, so a test's page.route() always sees
  // the page's requests and no test depends on what an earlier one precached.
  // A trace is recorded on a failed test's retry only (CI retries once): recording one for every
  // test (retain-on-failure) cost 40 % of the suite's CPU — screencast frames and DOM snapshots in
  // the browser and GPU processes — and made every step 1.5–4 s on CI's two cores (ADR 0041,
  // 2026-12-02 addendum: auth.spec 9 tests, 115 → 74 s on one worker, CPU 181 → 117 s).
  use: { baseURL, launchOptions: chromium, trace: 'on-first-retry', serviceWorkers: 'block' },
  projects: [
    // The back-office specs change what every customer of their shop sees: they run one at a time
    // on their own shop, while the customer projects take the other worker (CI's machine has two
    // cores; a test waits on the server and the browser more than it computes).
    {
      name: 'back-office',
      testMatch: '**/admin*.spec.ts',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: chromium,
        baseURL: backOfficeURL,
        shopDataDir: backOfficeDataDir,
      },
      workers: 1,
    },
    // A test that needs one kind of device only is tagged, not skipped at run time.
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      grepInvert: /@mobile-only/,
      // Our customers buy on phones: every customer flow runs on the phone project. The desktop
      // project runs only what differs at 1280 px: the screens specs (auth, cart, catalogue, the
      // carousel, Home, orders), the manifest's wide screenshots, keyboard focus, and the specs
      // tagged @desktop-only. Flows on both cost half the suite's time and timed CI out (ADR 0041,
      // 2026-12-02 addendum).
      testMatch: [
        '**/auth-screens.spec.ts',
        '**/cart-screens.spec.ts',
        '**/catalogue-screens.spec.ts',
        '**/catalogue-carousel.spec.ts',
        '**/home.spec.ts',
        '**/orders.spec.ts',
        '**/manifest.spec.ts',
        '**/focus.spec.ts',
        '**/sharing.spec.ts',
        '**/stock-hold.spec.ts',
      ],
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], launchOptions: chromium },
      grepInvert: /@desktop-only/,
      testIgnore: ['**/admin*.spec.ts', ...browserOnlySpecs],
    },
    // What the headless shell lacks (the Notification API, installing the app) runs in the
    // browser itself, on the phone.
    {
      name: 'mobile-browser',
      use: { ...devices['Pixel 7'], launchOptions: { ...chromium, executablePath: fullBrowser } },
      grepInvert: /@desktop-only/,
      testMatch: browserOnlySpecs,
    },
  ],
  webServer: [shop(port, baseURL, dataDir), shop(backOfficePort, backOfficeURL, backOfficeDataDir)],
});
