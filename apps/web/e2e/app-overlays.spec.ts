import { APP_VERSION } from '@shop/contracts/app-version';
import { localDigits } from '@shop/contracts/languages';
import fs from 'node:fs';
import { expect, holdRequests, test, type Page, keepScreenshot } from './fixtures.ts';
import { expectAccessible, offerInstall } from './shop-support.ts';

/**
 * Issue 16, the app around the pages: the crash screen (spec §4 "Crash screen": auto-retry up to
 * 3 times, each after 3 seconds; then manual options only), the Thadingyut overlay (§9 "closes
 * after 10 s; message after 1 s"; once a day) and the install banner (§4 "Install banner"), in
 * English and Burmese. `?crash-test` breaks a page in the production build (page-error-boundary).
 * Screenshots (390 px) go to /tmp/overlays/.
 */

test.use({ viewport: { width: 390, height: 844 } });

const shotDir = '/tmp/overlays';
fs.mkdirSync(shotDir, { recursive: true });
const shot = (page: Page, name: string) =>
  keepScreenshot(page, { path: `${shotDir}/${name}-${test.info().project.name}.png` });

const languages = [
  {
    lang: 'en',
    query: 'lang=en',
    title: 'Oops! Something went wrong',
    usedUp: /Tried 3 times without success/,
    off: 'Automatic retry is off.',
    autoRetry: 'Try again automatically',
    tryAgain: 'Try Again',
    reload: 'Reload Page',
    goHome: 'Go Home',
    reportBug: 'Report Bug',
    festivalButton: 'Festival greeting',
    festivalTitle: 'Happy Thadingyut!',
    close: 'Close',
    install: 'Install',
    banner: 'Install the app',
    dismiss: 'Close the install banner',
    howTo: 'Show me how',
  },
  {
    lang: 'my',
    query: 'lang=my',
    title: 'တောင်းပန်ပါသည်။ တစ်ခုခု မှားယွင်းသွားပါသည်',
    usedUp: /၃ ကြိမ် ကြိုးစားပြီးပါပြီ/,
    off: 'အလိုအလျောက် ထပ်ကြိုးစားခြင်း ပိတ်ထားပါသည်။',
    autoRetry: 'အလိုအလျောက် ထပ်ကြိုးစားရန်',
    tryAgain: 'ထပ်ကြိုးစားရန်',
    reload: 'စာမျက်နှာ ပြန်ဖွင့်ရန်',
    goHome: 'ပင်မစာမျက်နှာသို့',
    reportBug: 'ချို့ယွင်းချက် တိုင်ကြားရန်',
    festivalButton: 'ပွဲတော် နှုတ်ခွန်းဆက်သ',
    festivalTitle: 'သီတင်းကျွတ် မီးထွန်းပွဲတော် မင်္ဂလာပါ',
    close: 'ပိတ်ရန်',
    install: 'ထည့်သွင်းရန်',
    banner: 'အက်ပ် ထည့်သွင်းရန်',
    dismiss: 'ထည့်သွင်းရန် အကြောင်းကြားချက်ကို ပိတ်ရန်',
    howTo: 'လုပ်နည်း ကြည့်ရန်',
  },
] as const;

const digits = (lang: string, n: number) => (lang === 'my' ? '၀၁၂၃'[n] : String(n)) ?? '';

/** The countdown line of the crash screen: `seconds` left before automatic try `attempt`. */
const countdown = (lang: string, seconds: number, attempt: number) =>
  lang === 'my'
    ? `${digits(lang, seconds)} စက္ကန့်အတွင်း ထပ်ကြိုးစားပါမည် (၃ ကြိမ်အနက် ${digits(lang, attempt)} ကြိမ်မြောက်)`
    : `Trying again in ${seconds} s (attempt ${attempt} of 3)`;

/** A Yangon festival day of the server's default FESTIVAL_DATES (2026-10-24..27), 09:30. */
const festivalMorning = new Date('2026-10-25T03:00:00Z');
/** Outside the festival. */
const ordinaryDay = new Date('2026-03-10T03:00:00Z');

/** The page's (fake) clock now. */
const pageNow = async (page: Page) => new Date(await page.evaluate(() => Date.now()));

/**
 * Stops the page's running fake clock `ahead` ms from the page's now. The page's clock moves on
 * between reading it and pausing (a busy machine took more than 100 ms: "Cannot fast-forward to
 * the past"), so a pause that lands in the past is tried again further ahead.
 */
async function pauseClockSoon(page: Page, ahead: number) {
  for (let margin = ahead; ; margin *= 2) {
    try {
      await page.clock.pauseAt(new Date((await pageNow(page)).getTime() + margin));
      return;
    } catch (error) {
      if (margin >= ahead * 16 || !String(error).includes('fast-forward to the past')) throw error;
    }
  }
}

for (const l of languages) {
  test.describe(l.lang, () => {
    test(`crash screen: 3 automatic tries 3 s apart, then manual options (${l.lang})`, async ({
      page,
    }) => {
      await page.clock.install({ time: ordinaryDay });
      await page.goto(`/?${l.query}&crash-test`);
      await expect(page.getByTestId('crash-retry-status')).toBeVisible();
      // axe waits on timers: checked before the clock stops.
      await shot(page, `crash-${l.lang}`);
      await expectAccessible(page, '[data-testid="crash-screen"]');
      // From here the test moves time (the first countdown has run a moment already).
      await pauseClockSoon(page, 100);
      const screen = page.getByTestId('crash-screen');
      await expect(screen.getByRole('heading', { level: 1, name: l.title })).toBeFocused();
      // The header stays usable.
      await expect(page.getByRole('button', { name: l.festivalButton })).toBeVisible();
      const status = page.getByTestId('crash-retry-status');
      // The page may have taken a try or two while loading: step to the start of the next one.
      let attempt = 0;
      await expect
        .poll(async () => {
          await page.clock.runFor(1000);
          const text = (await status.textContent()) ?? '';
          attempt = [1, 2, 3].find((a) => text === countdown(l.lang, 3, a)) ?? 0;
          return attempt > 1 || l.usedUp.test(text);
        })
        .toBe(true);
      // From a fresh countdown: 3, 2, 1, and the next try; after the third, manual options only.
      for (; attempt > 0 && attempt <= 3; attempt += 1) {
        await expect(status).toHaveText(countdown(l.lang, 3, attempt));
        await page.clock.runFor(1000);
        await expect(status).toHaveText(countdown(l.lang, 2, attempt));
        await page.clock.runFor(1000);
        await expect(status).toHaveText(countdown(l.lang, 1, attempt));
        await page.clock.runFor(1000);
      }
      await expect(status).toHaveText(l.usedUp);
      await page.clock.runFor(6000);
      await expect(status).toHaveText(l.usedUp);
      for (const name of [l.tryAgain, l.reload]) {
        await expect(screen.getByRole('button', { name })).toBeVisible();
      }
      const report = screen.getByRole('link', { name: l.reportBug });
      const href = decodeURIComponent((await report.getAttribute('href')) ?? '');
      expect(href).toMatch(/^mailto:[^?]+@[^?]+\?subject=/);
      expect(href).toContain('Error: Crash test');
      expect(href).toContain(`Page: /?${l.query}&crash-test`);
      // Shopping spec §9 "App version string" (issue 31), in the report and on the screen.
      expect(href).toContain(`App version: ${APP_VERSION}`);
      await expect(screen.locator('.crash-screen__version [translate="no"]')).toHaveText(
        localDigits(APP_VERSION, l.lang),
      );
      // The details and the version, in a closed disclosure and plain text.
      await screen.locator('summary').click();
      await expect(screen.locator('pre')).toContainText('Error: Crash test');
      await screen.getByRole('link', { name: l.goHome }).click();
      await expect(screen).toHaveCount(0);
      await expect(page).toHaveURL(/\/$/);
    });

    test(`crash screen: the toggle stops the automatic tries (${l.lang})`, async ({ page }) => {
      await page.clock.install({ time: ordinaryDay });
      await page.goto(`/?${l.query}&crash-test`);
      await expect(page.getByTestId('crash-retry-status')).toBeVisible();
      // From here the test moves time (the first countdown has run a moment already).
      await pauseClockSoon(page, 100);
      const status = page.getByTestId('crash-retry-status');
      await page.getByRole('switch', { name: l.autoRetry }).uncheck();
      await expect(status).toHaveText(l.off);
      await page.clock.runFor(10_000);
      await expect(status).toHaveText(l.off);
      await page.getByRole('button', { name: l.tryAgain }).click();
      await expect(status).toHaveText(l.off);
    });

    test(`festival overlay: message after 1 s, closed after 10 s, once a day; the header icon opens it (${l.lang})`, async ({
      page,
    }) => {
      // About 45 s on a quiet CI machine, stepping a fake clock: room for a busy one.
      test.setTimeout(120_000);
      await page.clock.install({ time: festivalMorning });
      // The festival days are held back until the clock is paused: the overlay opens on them.
      const release = await holdRequests(page, '**/api/v1/site/festivals');
      await page.goto(`/?${l.query}`);
      const overlay = page.getByRole('dialog', { name: l.festivalTitle });
      await expect(overlay).toHaveCount(0);
      await pauseClockSoon(page, 2000);
      release();
      // React shows a lazily loaded part on a (paused) timer: step until the overlay is there, in
      // steps of 50 ms so the message's 1 s below is measured from within 50 ms of its opening, and
      // polled every 100 ms (not the growing default intervals, which left too few steps in 5 s).
      const overlayOpens = () =>
        expect
          .poll(
            async () => {
              await page.clock.runFor(50);
              return overlay.count();
            },
            { intervals: [100], timeout: 10_000 },
          )
          .toBe(1);
      await overlayOpens();
      await expect(overlay.getByRole('button', { name: l.close })).toBeFocused();
      const message = page.getByTestId('festival-message');
      await expect(message).toBeEmpty();
      await page.clock.runFor(900);
      await expect(message).toBeEmpty();
      await page.clock.runFor(150);
      await expect(message.locator('p[lang="my"]')).toBeVisible();
      await page.clock.runFor(8800);
      await expect(overlay).toBeVisible();
      await page.clock.runFor(200);
      await expect(overlay).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('festival-greeting-shown'))).toBe(
        '2026-10-25',
      );

      // Once a day: not again today by itself.
      await page.clock.resume();
      await page.reload();
      await page.waitForTimeout(2500);
      await expect(overlay).toHaveCount(0);

      // The header's lantern opens it; Escape closes it and focus goes back to the lantern.
      // (It swings for its first 9 s, so it is pressed from the keyboard: a pointer click waits for
      // it to stop.)
      // The clock is held while the overlay is looked at: on a busy machine the screenshot and
      // axe took longer than its 10 s, and it closed under them (CI, 2026-12-02).
      const lantern = page.getByRole('button', { name: l.festivalButton });
      await lantern.focus();
      await pauseClockSoon(page, 500);
      await page.keyboard.press('Enter');
      await overlayOpens();
      await page.clock.runFor(1100);
      await expect(page.getByTestId('festival-message').locator('p[lang="my"]')).toBeVisible();
      await shot(page, `festival-${l.lang}`);
      // axe may wait on the page's timers: the held clock creeps on (5 ms per step, well inside
      // the 8.9 s left however slowly axe runs) while it checks, then runs again.
      const checked = new AbortController();
      const creep = (async () => {
        while (!checked.signal.aborted) {
          await page.clock.runFor(5);
          await page.waitForTimeout(50);
        }
      })();
      try {
        await expectAccessible(page, '[data-testid="festival-overlay"]');
      } finally {
        checked.abort();
        await creep;
      }
      await page.clock.resume();
      await page.keyboard.press('Escape');
      await expect(overlay).toHaveCount(0);
      await expect(lantern).toBeFocused();
      // A click anywhere closes it too.
      await page.keyboard.press('Enter');
      await expect(overlay).toBeVisible();
      await page.mouse.click(20, 400);
      await expect(overlay).toHaveCount(0);
    });

    test(`festival overlay does not open by itself outside the festival, nor is anything about it fetched (${l.lang})`, async ({
      page,
    }) => {
      await page.clock.install({ time: ordinaryDay });
      const fetched: string[] = [];
      page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
      await page.goto(`/?${l.query}`);
      await page.clock.runFor(3000);
      await expect(page.getByTestId('festival-overlay')).toHaveCount(0);
      // The server-rendered page came with the festival days (issue 29): outside them neither the
      // check's code, nor the days, nor the overlay's code is fetched, before idle or after.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            requestIdleCallback(() => {
              resolve();
            });
          }),
      );
      await page.clock.runFor(3000);
      await page.waitForTimeout(1000);
      expect(
        fetched.filter(
          (path) =>
            path === '/api/v1/site/festivals' || /\/assets\/festival-(check|overlay)-/.test(path),
        ),
      ).toEqual([]);
    });

    test(`install banner on the browser's install prompt; dismissed for good (${l.lang})`, async ({
      page,
    }) => {
      await page.goto(`/?${l.query}`);
      await offerInstall(page, 'dismissed');
      const banner = page.getByRole('complementary', { name: l.banner });
      await expect(banner).toBeVisible();
      await shot(page, `install-banner-${l.lang}`);
      await expectAccessible(page, '[data-testid="install-banner"]');
      // Fixed over the page: the page does not move.
      expect(await banner.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
      await banner.getByRole('button', { name: l.install, exact: true }).click();
      await expect(page.locator('html')).toHaveAttribute('data-install-prompted', 'yes');
      await expect(banner).toHaveCount(0);

      // Offered again in a new visit: closing it is remembered (pwa-install-dismissed).
      await page.evaluate(() => {
        localStorage.removeItem('pwa-install-dismissed');
      });
      await page.reload();
      await offerInstall(page, 'dismissed');
      await expect(banner).toBeVisible();
      await banner.getByRole('button', { name: l.dismiss }).click();
      await expect(banner).toHaveCount(0);
      expect(await page.evaluate(() => localStorage.getItem('pwa-install-dismissed'))).toBe('true');
      await page.reload();
      await offerInstall(page, 'dismissed');
      await page.waitForTimeout(2000);
      await expect(banner).toHaveCount(0);
    });

    test(`no install banner on the install page (${l.lang})`, async ({ page }) => {
      await page.goto(`/webapp/install?${l.query}`);
      await offerInstall(page, 'dismissed');
      await page.waitForTimeout(2000);
      await expect(page.getByTestId('install-banner')).toHaveCount(0);
    });
  });
}

test.describe('iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  });

  for (const l of languages) {
    test(`the install banner shows after 3 s and points to the install steps (${l.lang})`, async ({
      page,
    }) => {
      await page.goto(`/?${l.query}`);
      const banner = page.getByRole('complementary', { name: l.banner });
      await expect(banner).toBeVisible({ timeout: 8000 });
      await shot(page, `install-banner-ios-${l.lang}`);
      await banner.getByRole('link', { name: l.howTo }).click();
      await expect(page).toHaveURL(/\/webapp\/install/);
      await expect(banner).toHaveCount(0);
    });
  }
});
