import type {
  AdminCard,
  AdminProductCards,
  AdminStock,
  AdminStockImportResult,
} from '@shop/contracts/admin-catalogue';
import {
  adminCatalogueMessages,
  adminCatalogueSchemaMessages as sm,
  stockImportReasonText,
  stockRejectedText,
} from '@shop/contracts/admin-catalogue-messages';
import { adminMessages } from '@shop/contracts/admin-messages';
import type { Product } from '@shop/contracts/catalogue';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret } from '../../platform/crypto.ts';
import { errorOf } from '../../test/auth-kit.ts';
import { cards, products } from '../catalogue/catalogue.tables.ts';
import { addToCart, call, initialize, newCardProduct, signedIn } from '../../test/checkout-kit.ts';
import { orderCards } from '../fulfilment/fulfilment.tables.ts';
import { paidOrder } from '../../test/fulfilment-kit.ts';
import { auditLogAs, openBackOffice, signedInStaff } from '../../test/admin-kit.ts';

/*
 * Issue 17's card stock: POST /api/v1/admin/stock/import runs the importer of
 * `npm run stock:import` (check only, or all rows or none), GET /api/v1/admin/stock counts the
 * cards, POST /api/v1/admin/stock/cards/{id}/void takes an unsold card out for good. PGlite here;
 * PostgreSQL with TEST_DATABASE_URL.
 */

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const DAY_MS = 24 * 60 * 60 * 1000;

describe('back-office card stock', () => {
  let netflixId: string;
  let steamId: string;
  const run = Date.now().toString(36);
  const serials = { a: `NF-${run}-A`, b: `NF-${run}-B`, steam: `ST-${run}-1` };
  const pins = { a: 'PIN-AAAA-1111', b: 'PIN-BBBB-2222', steam: 'PIN-CCCC-3333' };
  let file: string;

  const { s, admin, support } = openBackOffice();
  beforeAll(() => {
    netflixId = s.catalogue.productId('G-NETFLIX-15');
    steamId = s.catalogue.productId('G-STEAM-10');
    const soon = new Date(s.clock().getTime() + 10 * DAY_MS).toISOString().slice(0, 10);
    file = [
      'product,serial,pin,expiry',
      `G-NETFLIX-15,${serials.a},${pins.a},${soon}`,
      `${netflixId},${serials.b},${pins.b},2031-12-31`,
      `G-STEAM-10,${serials.steam},${pins.steam},`,
    ].join('\r\n');
  });

  const importCsv = (
    csv: unknown,
    commit: unknown,
    headers: Record<string, string> = admin.headers,
  ) =>
    s.t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/stock/import',
      headers,
      payload: { csv, commit },
    });
  const voidCard = (id: string, reason: unknown, headers: Record<string, string> = admin.headers) =>
    s.t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/stock/cards/${id}/void`,
      headers,
      payload: { reason },
    });
  const stockOf = async (productId: string) => {
    const res = await s.t.app.inject({
      url: '/api/v1/admin/stock?limit=100',
      headers: support.headers,
    });
    expect(res.statusCode).toBe(200);
    const found = res.json<{ data: AdminStock[] }>().data.find((r) => r.productId === productId);
    if (!found) throw new Error(`no stock row for ${productId}`);
    return found;
  };
  const listCards = (
    productId: string,
    query = '',
    headers: Record<string, string> = support.headers,
  ) => s.t.app.inject({ url: `/api/v1/admin/stock/${productId}/cards${query}`, headers });
  const cardsOf = (productId: string) =>
    s.t.database.db.select().from(cards).where(eq(cards.productId, productId));
  const cardBySerial = async (serial: string) => {
    const [card] = await s.t.database.db.select().from(cards).where(eq(cards.serial, serial));
    if (!card) throw new Error(`no card ${serial}`);
    return card;
  };
  const auditOf = async (action: string) => (await auditLogAs(s.t, admin, `action=${action}`)).data;
  const netflixOutOfStock = async () => {
    const res = await s.t.app.inject({
      url: `/api/v1/products/${netflixId}`,
      headers: { 'accept-language': 'en' },
    });
    return res.json<{ data: Product }>().data.outOfStock;
  };

  it('counts the cards of every card product for support staff', async () => {
    expect(await stockOf(netflixId)).toMatchObject({
      sku: 'G-NETFLIX-15',
      name: { en: 'Netflix US$15' },
      available: 0,
      held: 0,
      sold: 1,
      voided: 0,
      expiringSoon: 0,
    });
    expect(await stockOf(steamId)).toMatchObject({ available: 1, sold: 0 });
  });

  it('checks a file without writing anything (commit false)', async () => {
    const res = await importCsv(file, false);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ message: string; data: AdminStockImportResult }>();
    expect(body.message).toBe(adminCatalogueMessages.stockChecked.en);
    expect(body.data).toEqual({
      committed: false,
      accepted: 3,
      rejected: [],
      byProduct: [
        {
          productId: netflixId,
          sku: 'G-NETFLIX-15',
          name: { en: 'Netflix US$15', my: 'Netflix ၁၅ ဒေါ်လာ' },
          cards: 2,
        },
        { productId: steamId, sku: 'G-STEAM-10', name: expect.anything() as unknown, cards: 1 },
      ],
    });
    expect(await cardsOf(netflixId)).toHaveLength(1);
    expect(await auditOf('stock.import')).toHaveLength(0);
  });

  it('names each refused row in the request’s language when checking', async () => {
    const res = await importCsv(
      'product,serial,pin,expiry\nNOPE,X-1,PIN-1234,\nG-NETFLIX-15,,PIN-1234,\nT-MPT-1000,X-2,PIN-1234,',
      false,
      { ...admin.headers, 'accept-language': 'my' },
    );
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{ data: AdminStockImportResult }>();
    expect(data).toMatchObject({ committed: false, accepted: 0 });
    expect(data.rejected).toEqual([
      { line: 2, reason: stockImportReasonText('unknownProduct', { product: 'NOPE' }).my },
      { line: 3, reason: stockImportReasonText('serialEmpty').my },
      {
        line: 4,
        reason: stockImportReasonText('notCardProduct', { sku: 'T-MPT-1000', kind: 'topup' }).my,
      },
    ]);
    expect(data.rejected[0]?.reason).toMatch(/[\u1000-\u109F]/);
  });

  it('imports all rows or none: one bad row is a 409 naming it, and nothing is written', async () => {
    const res = await importCsv(`${file}\nG-NETFLIX-15,NF-${run}-C,PIN-DDDD-4444,2020-01-01`, true);
    expect(res.statusCode).toBe(409);
    const error = errorOf(res);
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(stockRejectedText(1).en);
    expect(error.fields).toEqual({
      'line.5': stockImportReasonText('expiryPassed', { expiry: '2020-01-01' }).en,
    });
    expect(await cardsOf(netflixId)).toHaveLength(1);
    expect(await cardsOf(steamId)).toHaveLength(1);
    expect(await auditOf('stock.import')).toHaveLength(0);
  });

  it('imports: PINs encrypted as the command does, the shop in stock at once, audited by counts', async () => {
    expect(await netflixOutOfStock()).toBe(true); // and cached
    const res = await importCsv(file, true);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ message: string; data: AdminStockImportResult }>();
    expect(body.message).toBe(adminCatalogueMessages.stockImported.en);
    expect(body.data).toMatchObject({ committed: true, accepted: 3, rejected: [] });
    for (const key of ['a', 'b', 'steam'] as const) {
      const card = await cardBySerial(serials[key]);
      expect(card.status).toBe('available');
      expect(card.pinEncrypted).not.toContain(pins[key]);
      expect(decryptSecret(card.pinEncrypted, s.t.secrets.pinEncryptionKey)).toBe(pins[key]);
    }
    expect((await cardBySerial(serials.steam)).expiresAt).toBeNull();
    expect(await netflixOutOfStock()).toBe(false);
    expect(await stockOf(netflixId)).toMatchObject({
      available: 2,
      held: 0,
      sold: 1,
      voided: 0,
      expiringSoon: 1,
    });
    const [entry, ...more] = await auditOf('stock.import');
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actorEmail: admin.email,
      targetType: 'card_stock',
      after: {
        cards: 3,
        byProduct: [
          { productId: netflixId, sku: 'G-NETFLIX-15', cards: 2 },
          { productId: steamId, sku: 'G-STEAM-10', cards: 1 },
        ],
      },
    });
    const recorded = JSON.stringify(entry);
    for (const secret of [...Object.values(pins), ...Object.values(serials)])
      expect(recorded).not.toContain(secret);
  });

  it('refuses the same file again, row by row (409), writing nothing', async () => {
    const res = await importCsv(file, true);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(stockRejectedText(3).en);
    expect(errorOf(res).fields?.['line.2']).toBe(
      stockImportReasonText('inStock', { serial: serials.a, sku: 'G-NETFLIX-15' }).en,
    );
    expect(await cardsOf(netflixId)).toHaveLength(3);
  });

  it('sells an imported card: checkout, payment and delivery take it from the new stock', async () => {
    const { order } = await paidOrder(s, [{ sku: 'G-NETFLIX-15', quantity: 1 }]);
    await s.t.app.runPendingJobs();
    const delivered = await s.t.database.db
      .select()
      .from(orderCards)
      .where(eq(orderCards.orderId, order.orderId));
    expect(delivered).toHaveLength(1);
    // Oldest expiry first: the card expiring soon.
    const sold = await cardBySerial(serials.a);
    expect(delivered[0]?.cardId).toBe(sold.id);
    expect(sold.status).toBe('sold');
    expect(await stockOf(netflixId)).toMatchObject({ available: 1, sold: 2, expiringSoon: 0 });
    const voided = await voidCard(sold.id, 'printed twice');
    expect(voided.statusCode).toBe(409);
    expect(errorOf(voided).message).toBe(adminCatalogueMessages.cardSold.en);
    expect((await cardBySerial(serials.a)).status).toBe('sold');
  });

  it('voids an unsold card: audited, out of the shop at once, never sold afterwards', async () => {
    const card = await cardBySerial(serials.b);
    expect(await netflixOutOfStock()).toBe(false);
    const res = await voidCard(card.id, '  scratched off, unreadable  ');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ message: string; data: AdminCard }>();
    expect(body.message).toBe(adminCatalogueMessages.cardVoided.en);
    expect(body.data).toMatchObject({
      id: card.id,
      productId: netflixId,
      sku: 'G-NETFLIX-15',
      serial: serials.b,
      status: 'void',
    });
    expect(await netflixOutOfStock()).toBe(true);
    expect(await stockOf(netflixId)).toMatchObject({ available: 0, sold: 2, voided: 1 });
    const [entry] = (await auditOf('card.void')).filter((e) => e.targetId === card.id);
    expect(entry).toMatchObject({
      actorEmail: admin.email,
      targetType: 'card',
      before: { status: 'available' },
      after: { status: 'void', reason: 'scratched off, unreadable' },
    });
    // Nobody can buy it: the shop has no Netflix card left.
    const buyer = await signedIn(s);
    const add = await call(s, 'POST', '/api/v1/cart/add', buyer.headers, {
      productId: netflixId,
      quantity: 1,
    });
    expect(add.statusCode).toBe(409);
    const again = await voidCard(card.id, 'again please');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(adminCatalogueMessages.cardAlreadyVoid.en);
    expect((await cardBySerial(serials.b)).status).toBe('void');
  });

  it('lists a product’s cards for support staff, by state, paged, never with a PIN', async () => {
    const all = await listCards(netflixId);
    expect(all.statusCode).toBe(200);
    expect(all.headers['cache-control']).toBe('no-store');
    const body = all.json<AdminProductCards>();
    expect(body.product).toMatchObject({ id: netflixId, sku: 'G-NETFLIX-15' });
    const rows = await cardsOf(netflixId);
    expect(body.meta.total).toBe(rows.length);
    for (const pin of Object.values(pins)) expect(all.body).not.toContain(pin);
    expect(all.body).not.toMatch(/pin/i);
    const voided = (await listCards(netflixId, '?status=void')).json<AdminProductCards>();
    expect(voided.data).toEqual([
      expect.objectContaining({ serial: serials.b, status: 'void', held: false, expired: false }),
    ]);
    expect(voided.data[0]?.expiresAt).toMatch(/^2031-12-31/);
    const sold = (await listCards(netflixId, '?status=SOLD')).json<AdminProductCards>();
    expect(sold.data.every((c) => c.status === 'sold')).toBe(true);
    expect(sold.data.map((c) => c.serial)).toContain(serials.a);
    const paged = (await listCards(netflixId, '?limit=1&page=2')).json<AdminProductCards>();
    expect(paged.data).toHaveLength(1);
    expect(paged.meta).toMatchObject({ page: 2, limit: 1, total: rows.length });
    // A top-up has no cards: an empty list, not an error.
    const topup = (await listCards(s.catalogue.productId('T-MPT-1000'))).json<AdminProductCards>();
    expect(topup.data).toEqual([]);
    const my = { ...support.headers, 'accept-language': 'my' };
    const unknown = await listCards(UNKNOWN, '', my);
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(adminCatalogueMessages.productNotFound.my);
    const badId = await listCards('not-an-id');
    expect(badId.statusCode).toBe(400);
    expect(errorOf(badId).message).toBe(sm.productId.en);
    const badStatus = await listCards(netflixId, '?status=lost', my);
    expect(badStatus.statusCode).toBe(400);
    expect(errorOf(badStatus).message).toBe(sm.cardStatus.my);
    const badPage = await listCards(netflixId, '?page=0');
    expect(badPage.statusCode).toBe(400);
  });

  it('refuses bad calls with a translated 4xx, never a 500', async () => {
    const my = { ...admin.headers, 'accept-language': 'my' };
    const cases: [() => Promise<{ statusCode: number; json(): unknown }>, number, string?][] = [
      [() => voidCard(UNKNOWN, 'lost in the post'), 404, adminCatalogueMessages.cardNotFound.en],
      [() => voidCard('not-a-card', 'lost in the post', my), 400, sm.cardId.my],
      [() => voidCard(UNKNOWN, 'ab', my), 400, sm.voidReason.my],
      [() => voidCard(UNKNOWN, '   a   '), 400, sm.voidReason.en],
      [() => voidCard(UNKNOWN, 'x'.repeat(201)), 400, sm.voidReason.en],
      [() => voidCard(UNKNOWN, 42), 400, sm.voidReason.en],
      [() => importCsv(undefined, true), 400, sm.stockCsv.en],
      [() => importCsv('', false), 400, sm.stockCsv.en],
      [() => importCsv(file, 'yes', my), 400, sm.stockCommit.my],
      [() => importCsv('a'.repeat(2 * 1024 * 1024 + 1), false), 400, sm.stockCsv.en],
      [() => importCsv('a'.repeat(3 * 1024 * 1024 + 1), false), 413],
      [() => importCsv('product,serial\n"open', false), 200],
      [() => importCsv(file, false, support.headers), 403, adminMessages.roleTooLow.en],
      [
        () => voidCard(UNKNOWN, 'lost in the post', support.headers),
        403,
        adminMessages.roleTooLow.en,
      ],
    ];
    for (const [pending, status, message] of cases) {
      const res = await pending();
      expect(res.statusCode, message).toBe(status);
      if (message) expect((res.json() as { message: string }).message).toBe(message);
    }
    const unreadable = await importCsv('product,serial,pin,expiry\n"open', false);
    expect(unreadable.json<{ data: AdminStockImportResult }>().data.rejected).toEqual([
      { line: 0, reason: stockImportReasonText('unreadable', { line: 2 }).en },
    ]);
  });

  it('refuses to void a card an unpaid order holds; once the hold has lapsed it may', async () => {
    const productId = await newCardProduct(s, 1);
    const [card] = await cardsOf(productId);
    if (!card) throw new Error('no card');
    const buyer = await signedIn(s);
    await addToCart(s, buyer.headers, { productId, quantity: 1 });
    await initialize(s, buyer.headers);
    expect((await cardsOf(productId))[0]?.reservedOrderId).not.toBeNull();
    expect(await stockOf(productId)).toMatchObject({ available: 0, held: 1 });
    expect((await listCards(productId)).json<AdminProductCards>().data).toEqual([
      expect.objectContaining({ id: card.id, status: 'available', held: true }),
    ]);
    const held = await voidCard(card.id, 'misprinted batch');
    expect(held.statusCode).toBe(409);
    expect(errorOf(held).message).toBe(adminCatalogueMessages.cardHeld.en);
    // A day later the payment window is long over: the hold no longer counts.
    s.clock.advance(DAY_MS);
    const later = await signedInStaff(s.t, s.clock, 'admin');
    const voided = await voidCard(card.id, 'misprinted batch', later.headers);
    expect(voided.statusCode).toBe(200);
    const [row] = await s.t.database.db
      .select({ status: cards.status, reservedOrderId: cards.reservedOrderId })
      .from(cards)
      .innerJoin(products, eq(products.id, cards.productId))
      .where(eq(cards.id, card.id));
    expect(row).toEqual({ status: 'void', reservedOrderId: null });
  });
});
