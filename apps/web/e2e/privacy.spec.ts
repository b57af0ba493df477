import fs from 'node:fs';
import { expect, test, type Page, type Request, keepScreenshot } from './fixtures.ts';
import { verifiedIdentity } from './auth-support.ts';
import {
  addFromListing,
  checkOutWithQr,
  expectAccessible,
  productCard,
  saveRecipientNumber,
  signInFromHome,
} from './shop-support.ts';

/**
 * Cookie consent, first-party analytics and the help assistant (issue 16; shopping spec §2
 * "Cookie consent: accept or decline", account settings' "bot, privacy/analytics settings", §9
 * "Currency MMK (also in analytics events)"; ADR 0031). Screenshots go to /tmp/privacy/.
 */

// The other specs start with the banner answered (fixtures.ts); these are about the banner.
test.use({ analyticsConsent: null });

const shots = '/tmp/privacy';
fs.mkdirSync(shots, { recursive: true });

const ANALYTICS_PATH = '/api/v1/analytics/events';
const mpt1000 = /^MPT Top-up 1,000 Ks$/;

const copy = {
  en: {
    query: '',
    banner: 'Cookie consent',
    accept: 'Accept',
    decline: 'Decline',
    declined: 'Usage statistics are off. Nothing is sent; you can change this in Account settings.',
    accepted: 'Thank you. Usage statistics are on; you can turn them off in Account settings.',
    privacy: 'Privacy',
    analytics: 'Usage statistics',
    off: 'Usage statistics are off. Nothing is sent.',
    on: 'Usage statistics are on.',
    assistant: 'Help assistant',
    helpButton: 'Open the help assistant',
    showHelp: 'Show the help button',
    payQuestion: 'How do I pay?',
    payAnswer: /MM QR needs an order of at least 1,000 MMK/,
    typed: 'Can I get my money back?',
    refundAnswer: /All sales are final/,
    unknown: 'What is the weather in Yangon?',
    noAnswer: /Sorry, I don't have an answer to that/,
    supportLink: 'Open the Support page',
    empty: 'Please type a question.',
    ask: 'Ask',
    question: 'Your question',
  },
  my: {
    query: '?lang=my',
    banner: 'ကွတ်ကီး သဘောတူညီချက်',
    accept: 'လက်ခံမည်',
    decline: 'ငြင်းပယ်မည်',
    declined: 'အသုံးပြုမှု စာရင်းအင်းများ ပိတ်ထားပါသည်။ ဘာမှ မပို့ပါ။ အကောင့်ဆက်တင်များတွင် ပြောင်းနိုင်ပါသည်။',
    accepted: 'ကျေးဇူးတင်ပါသည်။ အသုံးပြုမှု စာရင်းအင်းများ ဖွင့်ထားပါသည်။ အကောင့်ဆက်တင်များတွင် ပိတ်နိုင်ပါသည်။',
    privacy: 'ကိုယ်ရေးအချက်အလက်',
    analytics: 'အသုံးပြုမှု စာရင်းအင်းများ',
    off: 'အသုံးပြုမှု စာရင်းအင်းများ ပိတ်ထားပါသည်။ ဘာမှ မပို့ပါ။',
    on: 'အသုံးပြုမှု စာရင်းအင်းများ ဖွင့်ထားပါသည်။',
    assistant: 'အကူအညီပေးသူ',
    helpButton: 'အကူအညီပေးသူကို ဖွင့်ရန်',
    showHelp: 'အကူအညီခလုတ်ကို ပြရန်',
    payQuestion: 'မည်သို့ ငွေပေးချေရမလဲ။',
    payAnswer: /အနည်းဆုံး ၁,၀၀၀ ကျပ်/,
    typed: 'ငွေပြန်ရနိုင်မလား',
    refundAnswer: /ရောင်းချပြီးသမျှ အပြီးသတ်ဖြစ်သဖြင့်/,
    unknown: 'မိုးလေဝသ ဘယ်လိုလဲ',
    noAnswer: /ထိုမေးခွန်းအတွက် အဖြေ မရှိပါ/,
    supportLink: 'အကူအညီ စာမျက်နှာကို ဖွင့်ရန်',
    empty: 'မေးခွန်းတစ်ခု ရိုက်ထည့်ပါ။',
    ask: 'မေးမည်',
    question: 'သင့်မေးခွန်း',
  },
} as const;

interface SentEvent {
  name: string;
  params: Record<string, string | number | boolean>;
  at: string;
}

/** Every analytics call the page makes, with what it sent and the status the server answered. */
function watchAnalytics(page: Page) {
  const requests: Request[] = [];
  const statuses: number[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === ANALYTICS_PATH) requests.push(request);
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === ANALYTICS_PATH) statuses.push(response.status());
  });
  const events = () =>
    requests.flatMap((request) => {
      const body = request.postDataJSON() as { consent: boolean; events: SentEvent[] };
      expect(body.consent).toBe(true);
      return body.events;
    });
  return { requests, statuses, events };
}

/** MPT Top-up 1,000 Ks into the cart from its listing, in the page's language. */
async function addTopUp(page: Page, language: 'en' | 'my') {
  await page.goto(`/product/mobile-topup${copy[language].query}`);
  const name = language === 'my' ? /^MPT ဖုန်းငွေဖြည့် ၁,၀၀၀ ကျပ်$/ : mpt1000;
  await productCard(page, name).getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-badge')).toHaveText(language === 'my' ? '၁' : '1');
}

const banner = (page: Page, language: 'en' | 'my') =>
  page.getByRole('region', { name: copy[language].banner });

/** A wait longer than the client's batching (2 s), so anything kept would have been sent. */
const longerThanABatch = (page: Page) => page.waitForTimeout(3000);

for (const language of ['en', 'my'] as const) {
  const text = copy[language];

  test(`cookie banner (${language}, 390 px): at the bottom above the tab bar, accessible; Decline sends nothing, ever`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const analytics = watchAnalytics(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`/${text.query}`);

    const consent = banner(page, language);
    await expect(consent).toBeVisible();
    await expect(consent.getByRole('button', { name: text.accept })).toBeVisible();
    await expect(consent.getByRole('button', { name: text.decline })).toBeVisible();
    if (language === 'my') expect(await consent.innerText()).not.toMatch(/[A-Za-z0-9]/);

    // Not modal: the page behind it works, and the banner never covers the tab bar.
    const tabBar = page.getByTestId('bottom-tab-bar');
    // Measured once the page has settled (a CI run once caught the banner 0.3 px lower while the
    // page was still laying out): a banner that stays over the tab bar still fails.
    const overlap = async () => {
      const [bannerBox, tabBox] = [await consent.boundingBox(), await tabBar.boundingBox()];
      if (!bannerBox || !tabBox) return Number.POSITIVE_INFINITY;
      expect(bannerBox.x).toBeGreaterThanOrEqual(0);
      expect(bannerBox.x + bannerBox.width).toBeLessThanOrEqual(390);
      return bannerBox.y + bannerBox.height - tabBox.y;
    };
    await expect.poll(overlap).toBeLessThanOrEqual(0);
    // One thing at a time at the bottom: the help button waits until the banner is answered.
    const helpButton = page.getByRole('button', { name: text.helpButton });
    await expect(helpButton).toBeHidden();

    // The first stops of the Tab key: the banner comes before the page (focus is not taken).
    await expect(consent.locator(':focus')).toHaveCount(0);
    await page.keyboard.press('Tab');
    await expect(consent.getByRole('link')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(consent.getByRole('button', { name: text.accept })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(consent.getByRole('button', { name: text.decline })).toBeFocused();

    await expectAccessible(page, '[data-testid="consent-banner"]');
    await expectAccessible(page);
    await keepScreenshot(page, { path: `${shots}/banner-${language}-390.png` });

    // Decline (pressed with the keyboard): the banner goes, the toast says what it means.
    await page.keyboard.press('Enter');
    await expect(consent).toBeHidden();
    await expect(page.getByText(text.declined)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('analytics-consent'))).toBe('denied');
    await expect(helpButton).toBeVisible();
    // Focus went back to the page, not to nowhere.
    await expect(page.locator('#main')).toBeFocused();

    // Around the shop: pages, an add to cart, a reload. Nothing is sent, nor loaded to send it.
    await addTopUp(page, language);
    await page.getByTestId('bottom-tab-bar').getByRole('link').nth(1).click();
    await expect(page).toHaveURL(/\/orders/);
    await page.goto(`/about-us${text.query}`);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await longerThanABatch(page);
    await expect(consent).toBeHidden();
    expect(analytics.requests).toHaveLength(0);
    expect(scripts.filter((url) => url.includes('analytics-client'))).toEqual([]);
  });

  test(`Accept (${language}): events go to our own server and are accepted, money in MMK; the account-settings switch turns them off and on`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const analytics = watchAnalytics(page);
    const thirdParty: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).hostname !== 'localhost') thirdParty.push(request.url());
    });
    await page.goto(`/${text.query}`);
    const consent = banner(page, language);
    const firstPost = page.waitForResponse((r) => new URL(r.url()).pathname === ANALYTICS_PATH);
    await consent.getByRole('button', { name: text.accept }).click();
    await expect(consent).toBeHidden();
    await expect(page.getByText(text.accepted)).toBeVisible();

    // The page on which analytics were accepted is counted, in the page's language.
    expect((await firstPost).status()).toBe(202);
    expect(analytics.events()).toContainEqual(
      expect.objectContaining({
        name: 'page_view',
        params: { page_path: '/', language },
      }),
    );

    // A money event: the line's price in kyat, with currency MMK; the server takes it.
    await addTopUp(page, language);
    await expect
      .poll(() => analytics.events().find((event) => event.name === 'add_to_cart'), {
        timeout: 10_000,
      })
      .toMatchObject({
        params: { quantity: 1, value: 1000, currency: 'MMK', item_type: 'topup' },
      });
    await expect.poll(() => analytics.statuses.length).toBe(analytics.requests.length);
    expect(analytics.statuses.every((status) => status === 202)).toBe(true);
    expect(analytics.events()).toContainEqual(
      expect.objectContaining({
        name: 'page_view',
        params: { page_path: '/product/mobile-topup', language },
      }),
    );

    // Account settings: the switch shows the answer and changes it.
    await page.goto(`/account-settings${text.query}`);
    const section = page.getByRole('region', { name: text.privacy, exact: true });
    const toggle = section.getByRole('switch', { name: text.analytics });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    if (language === 'my') expect(await section.innerText()).not.toMatch(/[A-Za-z0-9]/);
    await expectAccessible(page, '[data-testid="privacy-settings"]');
    await keepScreenshot(section, { path: `${shots}/settings-privacy-${language}.png` });
    await expect
      .poll(() => analytics.events().some((e) => e.params.page_path === '/account-settings'))
      .toBe(true);
    await expect.poll(() => analytics.statuses.length).toBe(analytics.requests.length);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(section.getByRole('status')).toHaveText(text.off);
    expect(await page.evaluate(() => localStorage.getItem('analytics-consent'))).toBe('denied');
    const sentBefore = analytics.requests.length;
    await page.goto(`/${text.query}`);
    await page.goto(`/product/mobile-topup${text.query}`);
    await longerThanABatch(page);
    expect(analytics.requests).toHaveLength(sentBefore);
    // Off is an answer: the banner does not come back.
    await expect(banner(page, language)).toBeHidden();

    await page.goto(`/account-settings${text.query}`);
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(section.getByRole('status')).toHaveText(text.on);
    await expect.poll(() => analytics.requests.length, { timeout: 10_000 }).toBe(sentBefore + 1);
    expect(analytics.events().at(-1)).toMatchObject({
      name: 'page_view',
      params: { page_path: '/account-settings', language },
    });
    await expect.poll(() => analytics.statuses.at(-1)).toBe(202);

    // No third-party script or call, ever.
    expect(thirdParty).toEqual([]);
  });

  test(`the help assistant (${language}): answers from the device, and the account-settings switch hides its button`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.addInitScript(() => {
      if (localStorage.getItem('analytics-consent') === null)
        localStorage.setItem('analytics-consent', 'denied');
    });
    const analytics = watchAnalytics(page);
    await page.goto(`/${text.query}`);

    const helpButton = page.getByRole('button', { name: text.helpButton });
    await helpButton.click();
    const dialog = page.getByRole('dialog', { name: text.assistant });
    await expect(dialog).toBeVisible();

    // A listed question.
    await dialog.getByRole('button', { name: text.payQuestion }).click();
    const log = dialog.getByRole('log');
    await expect(log.getByTestId('help-answer').last()).toHaveText(text.payAnswer);
    // A typed one.
    const question = dialog.getByRole('textbox', { name: text.question });
    await question.fill(text.typed);
    await question.press('Enter');
    await expect(log.getByText(text.typed)).toBeVisible();
    await expect(log.getByTestId('help-answer').last()).toHaveText(text.refundAnswer);
    await expect(question).toHaveValue('');
    // Nothing typed: the form says so.
    await dialog.getByRole('button', { name: text.ask }).click();
    await expect(dialog.getByText(text.empty).last()).toBeVisible();
    // One it cannot answer goes to the support team.
    await question.fill(text.unknown);
    await dialog.getByRole('button', { name: text.ask }).click();
    const last = log.getByTestId('help-answer').last();
    await expect(last).toHaveText(text.noAnswer);
    await expectAccessible(page, '[role="dialog"]');
    await keepScreenshot(page, { path: `${shots}/assistant-${language}.png` });
    await last.getByRole('link', { name: text.supportLink }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/support/);
    // The Support page is the same help: no button there.
    await expect(helpButton).toHaveCount(0);

    // Account settings (a guest has them: they are kept on this device).
    await page.goto(`/account-settings${text.query}`);
    const section = page.getByRole('region', { name: text.assistant, exact: true });
    const toggle = section.getByRole('switch', { name: text.showHelp });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(helpButton).toBeVisible();
    if (language === 'my') expect(await section.innerText()).not.toMatch(/[A-Za-z0-9]/);
    await expectAccessible(page, '[data-testid="help-assistant-settings"]');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    // The button goes at once, and stays gone after a reload and on other pages.
    await expect(helpButton).toHaveCount(0);
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await page.goto(`/${text.query}`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(helpButton).toHaveCount(0);
    await page.goto(`/account-settings${text.query}`);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(helpButton).toBeVisible();
    await keepScreenshot(page, { path: `${shots}/settings-${language}.png`, fullPage: true });

    // What was asked stayed on the device.
    expect(analytics.requests).toHaveLength(0);
  });
}

test('checkout and payment are counted after Accept: begin_checkout and purchase in MMK', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const person = await verifiedIdentity(request);
  await page.addInitScript(() => {
    if (localStorage.getItem('analytics-consent') === null)
      localStorage.setItem('analytics-consent', 'granted');
  });
  const analytics = watchAnalytics(page);
  await signInFromHome(page, person);
  await addFromListing(page, 'mobile-topup', mpt1000, '1');
  await saveRecipientNumber(page, '09250000001');
  const payload = await checkOutWithQr(page);
  const paid = await request.post('/api/v1/sandbox/bank/pay', { data: { qrPayload: payload } });
  expect(paid.ok(), await paid.text()).toBe(true);
  await expect(page).toHaveURL(/status=success/, { timeout: 20_000 });

  await expect
    .poll(() => analytics.events().map((event) => event.name), { timeout: 10_000 })
    .toEqual(expect.arrayContaining(['begin_checkout', 'purchase']));
  const events = analytics.events();
  expect(events.find((event) => event.name === 'begin_checkout')?.params).toEqual({
    value: 1000,
    items: 1,
    currency: 'MMK',
  });
  expect(events.find((event) => event.name === 'purchase')?.params).toEqual({
    value: 1000,
    payment_method: 'mmqr',
    currency: 'MMK',
  });
  // The order page is named by its route, never by the order's id.
  expect(events.filter((e) => e.name === 'page_view').map((e) => e.params.page_path)).toContain(
    '/orders/{id}',
  );
  await expect.poll(() => analytics.statuses.length).toBe(analytics.requests.length);
  expect(analytics.statuses.every((status) => status === 202)).toBe(true);
});
