import { expect, test, type Page, keepScreenshot } from './fixtures.ts';
import { expectAccessible } from './shop-support.ts';

/**
 * Carousel timings of shopping spec §4 with a controllable clock: 5 s auto-advance with wrap,
 * hover pauses, resume 8 s after an arrow, 5 s after the mouse leaves, 3 s after a dot
 * ("resume" restarts auto-play, so the next slide follows 5 s later).
 */
async function openHome(page: Page) {
  // The fake clock is paused, so no time passes unless the test runs it; the page loads while
  // it is stepped in 50 ms slices until the first slide shows (auto-play starts at that moment).
  const start = new Date('2025-08-20T03:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1_000));
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Promotions' });
  const first = carousel.getByRole('group', { name: /^1 of \d+$/ });
  for (let step = 0; step < 400 && !(await first.isVisible()); step += 1) {
    await page.clock.runFor(50);
  }
  await expect(first).toBeVisible();
  const total = await carousel.getByRole('button', { name: /^Go to slide/ }).count();
  expect(total).toBeGreaterThanOrEqual(3);
  /** The visible slide, by its label "n of total". */
  const slide = (n: number) =>
    carousel.getByRole('group', { name: `${String(n)} of ${String(total)}` });
  return { carousel, slide, total };
}

// Timings are the same on every device; hover needs a mouse.
test.describe('banner carousel', { tag: '@desktop-only' }, () => {
  // The page loads under a stepped fake clock: slow on a busy machine.
  test.describe.configure({ timeout: 90_000 });
  test('advances every 5 seconds and wraps after the last slide', async ({ page }) => {
    const { slide, total } = await openHome(page);
    await page.clock.runFor(4_800);
    await expect(slide(1)).toBeVisible();
    await page.clock.runFor(400);
    await expect(slide(2)).toBeVisible();
    for (let n = 3; n <= total; n += 1) {
      await page.clock.runFor(5_000);
      await expect(slide(n)).toBeVisible();
    }
    await page.clock.runFor(5_000);
    await expect(slide(1)).toBeVisible();
  });

  test('the pause button stops auto-play for good (WCAG 2.2.2) until it is pressed again', async ({
    page,
  }) => {
    const { carousel, slide } = await openHome(page);
    // Keyboard, so no hover is involved.
    await carousel.getByRole('button', { name: 'Pause slides' }).focus();
    await page.keyboard.press('Enter');
    await carousel.getByRole('button', { name: 'Next slide' }).focus();
    await page.keyboard.press('Enter');
    await expect(slide(2)).toBeVisible();
    // Well past the arrow's 8 s resume and two 5 s periods: still slide 2. (A longer run only
    // fires more timers, slowly on a busy machine, and proves nothing more.)
    await page.clock.runFor(30_000);
    await expect(slide(2)).toBeVisible();
    await carousel.getByRole('button', { name: 'Play slides' }).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(10_400);
    await expect(slide(2)).not.toBeVisible();
  });

  test('hover pauses; it resumes 5 seconds after the mouse leaves', async ({ page }) => {
    const { carousel, slide } = await openHome(page);
    const box = await carousel.boundingBox();
    if (!box) throw new Error('carousel has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.clock.runFor(20_000);
    await expect(slide(1)).toBeVisible();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height + 150);
    // 5 s until auto-play resumes, then one 5 s period.
    await page.clock.runFor(9_800);
    await expect(slide(1)).toBeVisible();
    await page.clock.runFor(400);
    await expect(slide(2)).toBeVisible();
  });

  test('an arrow (or arrow key) moves one slide and pauses for 8 seconds', async ({ page }) => {
    const { carousel, slide } = await openHome(page);
    await carousel.getByRole('button', { name: 'Next slide' }).focus();
    await page.keyboard.press('Enter');
    await expect(slide(2)).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(slide(3)).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(slide(2)).toBeVisible();
    await page.clock.runFor(12_800);
    await expect(slide(2)).toBeVisible();
    await page.clock.runFor(400);
    await expect(slide(3)).toBeVisible();
  });

  test('a dot jumps to its slide and auto-play resumes 3 seconds later', async ({ page }) => {
    const { carousel, slide } = await openHome(page);
    await carousel.getByRole('button', { name: 'Go to slide 3' }).focus();
    await page.keyboard.press('Enter');
    await expect(slide(3)).toBeVisible();
    await expect(carousel.getByRole('button', { name: 'Go to slide 3' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await page.clock.runFor(7_800);
    await expect(slide(3)).toBeVisible();
    await page.clock.runFor(400);
    await expect(slide(4)).toBeVisible();
  });

  test('a swipe over 50 px changes the slide, a shorter one does not', async ({ page }) => {
    const { carousel, slide } = await openHome(page);
    const swipe = async (fromX: number, toX: number) => {
      await carousel.dispatchEvent('touchstart', {
        touches: [{ identifier: 1, clientX: fromX, clientY: 200 }],
        changedTouches: [{ identifier: 1, clientX: fromX, clientY: 200 }],
      });
      await carousel.dispatchEvent('touchend', {
        touches: [],
        changedTouches: [{ identifier: 1, clientX: toX, clientY: 200 }],
      });
    };
    await swipe(400, 360);
    await expect(slide(1)).toBeVisible();
    await swipe(400, 300);
    await expect(slide(2)).toBeVisible();
    await swipe(300, 400);
    await expect(slide(1)).toBeVisible();
  });

  test('the header takes its colour from the current banner', async ({ page }) => {
    const { carousel } = await openHome(page);
    const header = page.locator('header.site-header');
    await expect(header).not.toHaveCSS('background-color', 'rgb(11, 42, 91)');
    const first = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
    await carousel.getByRole('button', { name: 'Go to slide 3' }).click();
    await expect
      .poll(async () => header.evaluate((el) => getComputedStyle(el).backgroundColor))
      .not.toBe(first);
  });
});

/** Marks the document, so a test sees whether a later page is the same one (no reload). */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { sameDocument?: boolean }).sameDocument = true;
  });
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

/** What the demo's first and fourth banners say in each language (demo-data.ts). */
const BANNER_WORDS = {
  en: {
    carousel: 'Promotions',
    headline: 'Instant Mobile Top-up',
    cta: 'Top up now',
    listing: 'Mobile Top-up',
    offers: 'See offers',
    leaving: 'Leaving MyanTopup',
    cancel: 'Cancel',
  },
  my: {
    carousel: 'ပရိုမိုးရှင်းများ',
    headline: 'ချက်ချင်း ဖုန်းငွေဖြည့်',
    cta: 'ငွေဖြည့်ရန်',
    listing: 'ဖုန်းငွေဖြည့်',
    offers: 'အစီအစဉ်များ ကြည့်ရန်',
    leaving: 'MyanTopup မှ ထွက်ခွာမည်',
    cancel: 'မလုပ်တော့ပါ',
  },
} as const;

// Issue 26: "Banners go where they say in one tap", in both languages, on the phone and desktop.
for (const lang of ['en', 'my'] as const) {
  test(`a banner's words are text and its button goes where it says in one tap (${lang})`, async ({
    page,
    context,
  }, testInfo) => {
    const words = BANNER_WORDS[lang];
    const device = testInfo.project.name;
    await page.goto(`/?lang=${lang}`);
    const carousel = page.getByRole('region', { name: words.carousel });
    await carousel.getByTestId('carousel-pause').click();
    const first = carousel.getByRole('group').first();
    // The headline is the page's text (its fonts draw Burmese), not words drawn in the picture.
    await expect(first.locator('p', { hasText: words.headline })).toBeVisible();
    const cta = first.getByRole('link', { name: words.cta });
    await expect(cta).toBeVisible();
    await expect(cta).toHaveAttribute('href', '/product/mobile-topup');
    await expectAccessible(page, '[data-testid="banner-carousel"]');
    await keepScreenshot(page, { path: `/tmp/shots-banners/home-${lang}-${device}.png` });

    // A page of the shop: there at once, in this tab, without a reload or a question.
    await markDocument(page);
    const pages = context.pages().length;
    await cta.click();
    await expect(page).toHaveURL(/\/product\/mobile-topup$/);
    await expect(page.getByRole('heading', { level: 1, name: words.listing })).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
    expect(context.pages()).toHaveLength(pages);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Another site asks first.
    await page.goBack();
    await carousel.getByTestId('carousel-pause').click();
    await carousel.locator('.banner-carousel__dot').nth(3).click();
    const offers = carousel.getByRole('link', { name: words.offers });
    await offers.click();
    const leaving = page.getByRole('dialog', { name: words.leaving });
    await expect(leaving).toContainText('myantopup.example');
    await expectAccessible(page, '[role="dialog"]');
    await keepScreenshot(page, { path: `/tmp/shots-banners/leaving-${lang}-${device}.png` });
    await leaving.getByRole('button', { name: words.cancel }).click();
    await expect(leaving).toBeHidden();
    expect(context.pages()).toHaveLength(pages);
  });
}

test.describe('banner dialog', () => {
  test('opens with title and description; Visit Link opens a page of the shop in this tab', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Promotions' })
      .getByRole('button', { name: 'Instant Mobile Top-up' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Instant Mobile Top-up' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/Top up any MPT/)).toBeVisible();
    await markDocument(page);
    await dialog.getByRole('button', { name: 'Visit Link' }).click();
    await expect(page).toHaveURL(/\/product\/mobile-topup$/);
    await expect(dialog).toBeHidden();
    expect(await sameDocument(page)).toBe(true);
    expect(context.pages()).toHaveLength(1);
  });

  test('an external link asks first; an unsafe one is refused with "Invalid or unsafe URL"', async ({
    page,
  }) => {
    await page.route('**/api/v1/ads/banner', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { ads: { linkUrl: string }[] };
      const [first, second] = body.ads;
      if (first) first.linkUrl = 'javascript:alert(1)';
      if (second) second.linkUrl = 'https://example.org/promo';
      await route.fulfill({ response, json: body });
    });
    // Home arrives with the server's banners; these are the app's, fetched on the way to Home.
    await page.goto('/about-us');
    await page.getByRole('banner').getByRole('link', { name: 'MyanTopup' }).click();
    const carousel = page.getByRole('region', { name: 'Promotions' });
    await carousel
      .getByRole('group', { name: /^1 of / })
      .getByRole('button')
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Visit Link' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Invalid or unsafe URL');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await carousel.getByRole('button', { name: 'Go to slide 2' }).click();
    await carousel
      .getByRole('group', { name: /^2 of / })
      .getByRole('button')
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Visit Link' }).click();
    const leaving = page.getByRole('dialog', { name: 'Leaving MyanTopup' });
    await expect(leaving).toContainText('example.org');
    await leaving.getByRole('button', { name: 'Cancel' }).click();
    await expect(leaving).toBeHidden();
  });
});
