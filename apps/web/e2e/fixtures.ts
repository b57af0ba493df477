import {
  test as base,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type LocatorScreenshotOptions,
  type Page,
  type PageScreenshotOptions,
  type Request,
} from '@playwright/test';

export * from '@playwright/test';

/**
 * A page the server rendered shows its content before the app has taken it over (hydration);
 * a person does not type that fast, a test does. After every load, when the page was server
 * rendered and JavaScript is on, wait for the app (<html data-page-ready>, src/app/router.tsx).
 */
async function waitForApp(page: Page) {
  const html = page.locator('html');
  if ((await html.getAttribute('data-server-language')) === null) return;
  await page.locator('html[data-page-ready]').waitFor({ state: 'attached' });
}

/** The key and answers of the cookie banner (src/features/privacy/track.ts). */
const ANALYTICS_CONSENT_KEY = 'analytics-consent';

/** A project's shop (playwright.config.ts): the back-office specs have one of their own. */
export interface ShopOptions {
  /** The DATA_DIR of the project's shop: its outbox and its demo admin's login. */
  shopDataDir: string;
}

export const test = base.extend<
  {
    /**
     * The cookie banner's answer a test starts with (kept unless the test changes it): 'denied'
     * by default, so the banner does not cover what a test clicks on a phone and no events are
     * sent while the suite runs; null starts unanswered (e2e/privacy.spec.ts tests the banner).
     */
    analyticsConsent: 'granted' | 'denied' | null;
  },
  ShopOptions & { useShopDataDir: undefined }
>({
  shopDataDir: [process.env.E2E_DATA_DIR ?? '', { option: true, scope: 'worker' }],
  // A worker runs one project's tests: the kits read the shop's folder from E2E_DATA_DIR.
  useShopDataDir: [
    async ({ shopDataDir }, use) => {
      if (shopDataDir) process.env.E2E_DATA_DIR = shopDataDir;
      await use(undefined);
    },
    { scope: 'worker', auto: true },
  ],
  analyticsConsent: ['denied', { option: true }],
  context: async ({ context, analyticsConsent }, use) => {
    if (analyticsConsent) {
      await context.addInitScript(
        ([key, answer]) => {
          try {
            if (localStorage.getItem(key) === null) localStorage.setItem(key, answer);
          } catch {
            // A page without storage (about:blank, a data: URL) has no banner either.
          }
        },
        [ANALYTICS_CONSENT_KEY, analyticsConsent] as const,
      );
    }
    await use(context);
    // A route handler still answering a request when its test ends ("route.fetch: Test ended")
    // is an error outside any test, which fails the whole run (once, in order-page-asks): every
    // page of the test's context lets its routes go, and so does the context (a service worker's
    // requests are routed there).
    await Promise.all(context.pages().map((page) => page.unrouteAll({ behavior: 'ignoreErrors' })));
    await context.unrouteAll({ behavior: 'ignoreErrors' });
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) waitForAppOnLoad(page);
    await use(page);
  },
});

/** Makes page.goto and page.reload return only once the app has taken the page over. */
function waitForAppOnLoad(page: Page) {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForApp(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForApp(page);
    return response;
  };
}

/**
 * A second person's page beside the test's own (a customer watching what the back-office
 * changes): like `page`, its loads wait for the app, so a click never lands on a page the app
 * has not taken over yet (that click would be lost: a flaky test on a busy machine). `options`: its
 * device (a phone's viewport, touch).
 */
export async function newPersonPage(browser: Browser, options?: BrowserContextOptions) {
  const page = await browser.newPage(options);
  waitForAppOnLoad(page);
  return page;
}

/**
 * Holds the requests to `url` of a page (or of a whole context: a service worker's requests are
 * its context's) until the answer (release) is called: the test looks at the page while they wait
 * (an upload's progress, a part of the app not loaded yet). `which` sees every such request and
 * says whether to hold it; the others go on at once.
 */
export async function holdRequests(
  target: Page | BrowserContext,
  url: Parameters<Page['route']>[0],
  which: (request: Request) => boolean = () => true,
) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await target.route(url, async (route) => {
    if (which(route.request())) await held;
    await route.continue();
  });
  return release;
}

/**
 * Saves a picture of a page or an element for a person to look at, when the run asks for them
 * (`E2E_SCREENSHOTS=1`): a developer building a screen looks at its pictures. No
 * test reads them back, so a run without the variable (CI, `npm test`) skips them: at a phone's
 * pixel ratio each cost the browser about a second of CPU, 140 of them a run (ADR 0082).
 */
export async function keepScreenshot(
  target: Page | Locator,
  options: PageScreenshotOptions & LocatorScreenshotOptions & { path: string },
): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  await target.screenshot(options);
}

/** A spec's full-page pictures, kept (keepScreenshot) as `${dir}/${name}.png`. */
export const fullPageShots = (dir: string) => (page: Page, name: string) =>
  keepScreenshot(page, { path: `${dir}/${name}.png`, fullPage: true });
