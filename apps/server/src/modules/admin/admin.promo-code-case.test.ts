import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AdminPromoCode } from '@shop/contracts/admin-promo';
import type { CheckoutInitializeResponse } from '@shop/contracts/checkout';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addToCart, call, openShopTest, MPT_PHONE, signedIn } from '../../test/checkout-kit.ts';
import { promoCodes } from '../promotions/promotions.tables.ts';
import { signedInStaff, type SignedInStaff } from '../../test/admin-kit.ts';

/*
 * Issue 26 (Owner): promo codes are stored in one case, upper, however they were typed, and found
 * in any case (back-office search, checkout). Migration 0024 writes the codes already stored in
 * upper case and adds a CHECK. PGlite here; PostgreSQL with TEST_DATABASE_URL.
 */

const migration = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../drizzle/0024_promo_codes_upper_case.sql',
);

describe('promo codes in one case', () => {
  let admin: SignedInStaff;
  const stamp = Date.now().toString(36);

  const s = openShopTest();
  beforeAll(async () => {
    admin = await signedInStaff(s.t, s.clock, 'admin');
  });

  const storedCodes = async () =>
    (await s.t.database.db.select({ code: promoCodes.code }).from(promoCodes)).map((r) => r.code);

  it('stores a code typed in mixed case in upper case, and finds it in any case', async () => {
    const typed = `Diwali${stamp}x`;
    const res = await call(s, 'POST', '/api/v1/admin/promo-codes', admin.headers, {
      code: typed,
      kind: 'fixed',
      value: 500,
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<{ data: AdminPromoCode }>().data;
    expect(made.code).toBe(typed.toUpperCase());
    const [row] = await s.t.database.db
      .select({ code: promoCodes.code })
      .from(promoCodes)
      .where(eq(promoCodes.id, made.id));
    expect(row?.code).toBe(typed.toUpperCase());

    // The back-office finds it by a part in lower case.
    const found = await call(
      s,
      'GET',
      `/api/v1/admin/promo-codes?q=${typed.slice(0, 6).toLowerCase()}`,
      admin.headers,
    );
    expect(found.json<{ data: AdminPromoCode[] }>().data.map((c) => c.id)).toContain(made.id);

    // A customer typing it in lower case gets the discount; the order records the stored code.
    const user = await signedIn(s);
    await addToCart(s, user.headers, {
      productId: s.catalogue.productId('T-MPT-1000'),
      quantity: 2,
      phoneNumber: MPT_PHONE,
    });
    const order = await call(s, 'POST', '/api/v1/checkout/initialize', user.headers, {
      promoCode: typed.toLowerCase(),
    });
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json<CheckoutInitializeResponse>().data.promoDiscount).toBe(500);
  });

  it('migration 0024 writes the codes stored before in upper case and keeps them so', async () => {
    const db = s.t.database.db;
    // As the table was before 0024: codes kept as typed.
    await db.execute(sql`alter table promo_codes drop constraint promo_codes_code_upper`);
    const old = [`summer${stamp}`, `Tet${stamp}Mix`, `NEW${stamp}YEAR`];
    await db
      .insert(promoCodes)
      .values(old.map((code) => ({ code, kind: 'percent' as const, value: 5 })));
    for (const statement of fs.readFileSync(migration, 'utf8').split('--> statement-breakpoint'))
      await db.execute(sql.raw(statement));
    const codes = await storedCodes();
    for (const code of old) expect(codes).toContain(code.toUpperCase());
    expect(codes.every((code) => code === code.toUpperCase())).toBe(true);
    // Nothing can store a code in lower case afterwards.
    await expect(
      db.insert(promoCodes).values({ code: `late${stamp}`, kind: 'fixed', value: 100 }),
    ).rejects.toThrow();
  });
});
