import fs from 'node:fs';
import { adminOrderMessages } from '@shop/contracts/admin-orders-messages';
import {
  startReloadlyGiftCardsStandin,
  type ReloadlyGiftCardsStandin,
} from '../../server/src/test/standins/reloadly-giftcards.ts';
import { expect, newPersonPage, test, keepScreenshot } from './fixtures.ts';
import { startOwnShop, type OwnShop } from './own-shop.ts';
import { signInToBackOffice } from './admin-support.ts';
import { readMessages } from './auth-support.ts';
import { expectAccessible, newCustomerOrder, productId, signInFromHome } from './shop-support.ts';

/**
 * Issue 28 (ADR 0063 addendum): a gift card bought on demand from Reloadly whose purchase never
 * answered (the stand-in's product id ending 8888) ends `unconfirmed`; Reloadly made the order
 * after all (pushed into the stand-in's report under the line's key); in the back-office the
 * admin presses "Check with Reloadly" on that line: its codes go to the order, the refund goes,
 * the order is completed and the customer sees the cards delivered and gets them by e-mail.
 *
 * The suite's shop has no Reloadly: this spec starts a shop of its own (E2E_PORT + 23) with the
 * gift-cards stand-in's settings, the sandbox bank, and jobs given up after 3 attempts with a
 * 1 s Reloadly timeout (so the never-answered order ends unconfirmed in seconds). The back-office
 * helpers read that shop's data folder (its demo admin) while this spec runs. Screenshots go to
 * /tmp/admin/reloadly-cards-*.png.
 */

const GIFT_CARD = 'Netflix Gift Card US$25';
/** Reloadly's product id for it: …8888, an order the stand-in never answers. */
const RELOADLY_PRODUCT_ID = 5_818_888;
const CODES = [
  { cardNumber: '4000111122223333', pinCode: '1234' },
  { cardNumber: '4000444455556666', pinCode: '5678' },
];
const port = Number(process.env.E2E_PORT ?? 4173) + 23;
const url = `http://localhost:${String(port)}`;

test.describe('an unconfirmed Reloadly gift card checked from the back-office', () => {
  test.use({ baseURL: url });
  let reloadly: ReloadlyGiftCardsStandin | undefined;
  let shop: OwnShop | undefined;
  const suiteDataDir = process.env.E2E_DATA_DIR;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    reloadly = await startReloadlyGiftCardsStandin();
    shop = await startOwnShop(
      port,
      {
        // The customer pays in the sandbox bank, as in the suite's shop.
        PAYMENT_PROVIDER: 'sandbox',
        ALLOW_SANDBOX: 'true',
        // The never-answered order: three tries of 1 s, then the line is left unconfirmed.
        JOB_MAX_ATTEMPTS: '3',
        RELOADLY_TIMEOUT_MS: '1000',
        ...reloadly.env,
      },
      'reloadly-cards',
    );
    // The back-office and outbox helpers read this shop's folder (its demo admin, its e-mails).
    process.env.E2E_DATA_DIR = shop.dataDir;
  });
  test.afterAll(async () => {
    process.env.E2E_DATA_DIR = suiteDataDir;
    await shop?.stop();
    await reloadly?.close();
    if (shop) fs.rmSync(shop.dataDir, { recursive: true, force: true });
  });

  test('found late at Reloadly: Check with Reloadly gives the codes to the order, completes it, and the customer sees them', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    const stand = reloadly;
    if (!stand || !shop) throw new Error('the shop did not start');
    fs.mkdirSync('/tmp/admin', { recursive: true });

    // The admin makes the gift card one bought on demand from Reloadly (…8888).
    await signInToBackOffice(page);
    const session = await page.evaluate(() => sessionStorage.getItem('backOfficeSession'));
    const { token } = JSON.parse(session ?? '{}') as { token: string };
    const product = await productId(request, 'egift-cards', GIFT_CARD);
    const edited = await request.patch(`/api/v1/admin/products/${product}`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        source: 'reloadly',
        reloadlyProductId: RELOADLY_PRODUCT_ID,
        reloadlyUnitPrice: '25.00',
      },
    });
    expect(edited.status(), await edited.text()).toBe(200);

    // A customer buys two and pays; Reloadly never answers: the order fails, the line unconfirmed.
    const {
      person,
      api: customer,
      orderId,
    } = await newCustomerOrder(request, [{ productId: product, quantity: 2 }], 'failed', {
      dataDir: shop.dataDir,
    });
    const bought = await request.get(`/api/v1/orders/${orderId}`, { headers: customer });
    const { data: order } = (await bought.json()) as {
      data: { items: { itemId: string; toCheck: boolean; status: string }[] };
    };
    expect(order.items).toHaveLength(1);
    const [line] = order.items;
    expect(line).toMatchObject({ toCheck: true });
    const itemId = line?.itemId ?? '';
    expect(stand.orders.filter((o) => o.customIdentifier === itemId)).toHaveLength(0);

    // Reloadly made the order after all: its report has it under the line's key.
    const transactionId = 990_000 + Math.floor(Math.random() * 9_000);
    stand.orders.push({
      transactionId,
      customIdentifier: itemId,
      productId: RELOADLY_PRODUCT_ID,
      quantity: 2,
      unitPrice: 25,
      senderName: 'Test Shop',
      recipientEmail: null,
      cards: CODES,
      createdAt: new Date(),
    });

    // The back-office order: the card line unconfirmed, checked with Reloadly (never typed).
    await page.goto(`/admin/orders/${orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Order / })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: GIFT_CARD });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('unconfirmed');
    const check = row.getByRole('button', { name: 'Check with Reloadly' });
    await expect(check).toBeVisible();
    await expect(row.getByRole('button', { name: 'Mark delivered' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Not delivered' })).toHaveCount(0);
    await expect(page.getByTestId('admin-refund')).toBeVisible();
    await expect(page.getByTestId('admin-order-status')).not.toHaveText('Completed');
    await expectAccessible(page);
    await keepScreenshot(page, {
      path: '/tmp/admin/reloadly-cards-1-unconfirmed-card-line.png',
      fullPage: true,
    });

    await check.click();
    const answer = page.getByRole('status').filter({
      hasText: adminOrderMessages.cardsFoundCompleted.en,
    });
    await expect(answer).toBeVisible();
    await expect(page.getByTestId('admin-order-status')).toHaveText('Completed');
    // The viewport, while the answer is shown at its foot (a full-page shot puts it mid-page).
    await keepScreenshot(page, { path: '/tmp/admin/reloadly-cards-2-checked-completed.png' });
    await expect(page.getByTestId('admin-refund')).toHaveCount(0);
    await expect(row).toContainText('Delivered');
    await expect(row).toContainText('2 delivered, 0 revealed');
    await expect(row).not.toContainText('unconfirmed');
    await expect(row.getByRole('button')).toHaveCount(0);
    // The pressed button is gone: the focus is on the line's status, not lost to the page.
    await expect(row.getByRole('cell', { name: 'Delivered', exact: true })).toBeFocused();
    await expectAccessible(page);
    // Checked, never ordered again: the one late order.
    expect(stand.orders.filter((o) => o.customIdentifier === itemId)).toHaveLength(1);

    // The customer's order page: completed, the two cards delivered, no refund.
    const shopper = await newPersonPage(browser);
    try {
      // The cookie banner answered, as the test's own page has it (fixtures.ts).
      await shopper.addInitScript(() => {
        localStorage.setItem('analytics-consent', 'denied');
      });
      await signInFromHome(shopper, person);
      await shopper.goto(`/orders/${orderId}?lang=en`);
      await expect(shopper.getByTestId('order-status')).toHaveText('Completed');
      const item = shopper.getByTestId('order-item');
      await expect(item).toHaveCount(1);
      await expect(item.getByTestId('card-serial')).toHaveText([
        `RLD-${String(transactionId)}-1`,
        `RLD-${String(transactionId)}-2`,
      ]);
      await expect(shopper.getByTestId('refund-outcome')).toHaveCount(0);
      await expect(item.locator('.order-error')).toHaveCount(0);
      await keepScreenshot(shopper, {
        path: '/tmp/admin/reloadly-cards-3-customer-order.png',
        fullPage: true,
      });
    } finally {
      await shopper.close();
    }
    // And the codes by e-mail.
    await expect
      .poll(() =>
        readMessages(person.email).some((m) => m.text.includes('4000111122223333 / PIN 1234')),
      )
      .toBe(true);
  });
});
