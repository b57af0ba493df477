import { adminMessages } from '@shop/contracts/admin-messages';
import { adminSchemaMessages } from '@shop/contracts/admin-schema-messages';
import type { Product } from '@shop/contracts/catalogue';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sharedCacheInstances, type TestApp } from '../../test/app-kit.ts';
import { errorOf, movableClock } from '../../test/auth-kit.ts';
import { products } from '../catalogue/catalogue.tables.ts';
import { insertTestCatalogue } from '../../test/catalogue-kit.ts';
import { createProductAdminRepo } from '../catalogue/product-admin.repo.ts';
import { createProductAdminService } from '../catalogue/product-admin.service.ts';
import { auditLog } from './admin.tables.ts';
import { auditLogAs, signedInStaff, type SignedInStaff } from '../../test/admin-kit.ts';

/*
 * The staff write of issue 17's access part: PATCH /api/v1/admin/products/{id}, audited with
 * before and after in the write's transaction, the catalogue caches dropped on every instance; and
 * the audit log itself, which the database keeps append-only (PGlite here; PostgreSQL with
 * TEST_DATABASE_URL).
 */

describe('audited product edits and the append-only audit log', () => {
  let t: TestApp;
  // A second instance sharing the cache through Redis, when the machine has one (as CI does).
  const instances = sharedCacheInstances();
  let other: FastifyInstance | null = null;
  let admin: SignedInStaff;
  let mptId: string;
  const clock = movableClock(new Date());

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      env: instances.env,
    });
    mptId = (await insertTestCatalogue(t.database.db)).productId('T-MPT-1000');
    admin = await signedInStaff(t, clock);
    other = await instances.start(t);
  });
  afterAll(() => instances.close(t));

  const patch = (id: string, payload: object, headers: Record<string, string> = admin.headers) =>
    t.app.inject({ method: 'PATCH', url: `/api/v1/admin/products/${id}`, headers, payload });
  const shopPrice = async (app: FastifyInstance) => {
    const res = await app.inject({
      url: `/api/v1/products/${mptId}`,
      headers: { 'accept-language': 'en' },
    });
    return res.json<{ data: Product }>().data.price;
  };
  const auditEntries = (query = '') => auditLogAs(t, admin, query);

  it('changes a price: the shop shows it at once, and the audit log has before and after', async () => {
    expect(await shopPrice(t.app)).toBe(1000);
    if (other) expect(await shopPrice(other)).toBe(1000);
    const res = await patch(mptId, { priceMmk: 1200 });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { priceMmk: number } }>().data.priceMmk).toBe(1200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await shopPrice(t.app)).toBe(1200);
    if (other) {
      const otherApp = other;
      const deadline = Date.now() + 5000;
      while ((await shopPrice(otherApp)) !== 1200) {
        if (Date.now() > deadline) throw new Error('the other instance still shows the old price');
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    const { data } = await auditEntries('action=product.update');
    const entry = data.find((e) => e.targetId === mptId);
    expect(entry).toMatchObject({
      actorEmail: admin.email,
      action: 'product.update',
      targetType: 'product',
      before: { priceMmk: 1000, discountPriceMmk: null, status: 'active' },
      after: { priceMmk: 1200, discountPriceMmk: null, status: 'active' },
    });
    expect(entry?.address).toBeTruthy();
  });

  it('takes a product off sale and back', async () => {
    expect((await patch(mptId, { status: 'archived' })).statusCode).toBe(200);
    const gone = await t.app.inject({
      url: `/api/v1/products/${mptId}`,
      headers: { 'accept-language': 'en' },
    });
    expect(gone.statusCode).toBe(404);
    expect((await patch(mptId, { status: 'active' })).statusCode).toBe(200);
    expect(await shopPrice(t.app)).toBe(1200);
  });

  it('refuses bad edits with a translated 4xx, changing nothing and recording nothing', async () => {
    const before = (await auditEntries()).meta.total;
    const my = { ...admin.headers, 'accept-language': 'my' };
    const negative = await patch(mptId, { priceMmk: -5 }, my);
    expect(negative.statusCode).toBe(400);
    expect(errorOf(negative).message).toBe(adminSchemaMessages.price.my);
    const empty = await patch(mptId, {});
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toBe(adminSchemaMessages.nothingToChange.en);
    const discount = await patch(mptId, { discountPriceMmk: 5000 });
    expect(discount.statusCode).toBe(400);
    expect(errorOf(discount).message).toBe(adminMessages.discountNotBelowPrice.en);
    const unknown = await patch('00000000-0000-4000-8000-000000000000', { priceMmk: 900 });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(adminMessages.productNotFound.en);
    const badId = await patch('not-an-id', { priceMmk: 900 });
    expect(badId.statusCode).toBe(400);
    const status = await patch(mptId, { status: 'gone' });
    expect(status.statusCode).toBe(400);
    expect(errorOf(status).message).toBe(adminSchemaMessages.productStatus.en);
    expect(await shopPrice(t.app)).toBe(1200);
    expect((await auditEntries()).meta.total).toBe(before);
  });

  it('writes the product and its record together: a failed record undoes the edit', async () => {
    const service = createProductAdminService({
      repo: createProductAdminRepo(t.database.db),
      clock,
      catalogueChanged: () => Promise.resolve(),
    });
    await expect(
      service.editProduct(mptId, { priceMmk: 4321 }, () => Promise.reject(new Error('no record'))),
    ).rejects.toThrow('no record');
    const [row] = await t.database.db.select().from(products).where(eq(products.id, mptId));
    expect(row?.priceMmk).toBe(1200);
  });

  it('filters the audit log by actor, action and date', async () => {
    const byActor = await auditEntries(`actor=${encodeURIComponent(admin.email)}`);
    expect(byActor.data.length).toBeGreaterThan(0);
    expect(byActor.data.every((e) => e.actorEmail === admin.email)).toBe(true);
    expect((await auditEntries('actor=nobody@shop.example.com')).data).toHaveLength(0);
    const signIns = await auditEntries('action=staff.sign_in');
    expect(signIns.data.length).toBeGreaterThan(0);
    expect(signIns.data.every((e) => e.action === 'staff.sign_in')).toBe(true);
    expect(signIns.data.find((e) => e.actorEmail === admin.email)?.after).toEqual({
      method: 'totp_enrolment',
    });
    const today = clock().toISOString().slice(0, 10);
    const yesterdayYangon = new Date(clock().getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await auditEntries(`from=${yesterdayYangon}&action=product.update`)).data.length).toBe(
      3,
    );
    expect((await auditEntries(`to=${yesterdayYangon}`)).data).toHaveLength(0);
    const backwards = await t.app.inject({
      url: `/api/v1/admin/audit-log?from=${today}&to=${yesterdayYangon}`,
      headers: admin.headers,
    });
    expect(backwards.statusCode).toBe(400);
    expect(errorOf(backwards).message).toBe(adminMessages.dateRange.en);
    const badDate = await t.app.inject({
      url: '/api/v1/admin/audit-log?from=2030-02-30',
      headers: admin.headers,
    });
    expect(badDate.statusCode).toBe(400);
    expect(errorOf(badDate).message).toBe(adminSchemaMessages.date.en);
  });

  it('is append-only in the database: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const db = t.database.db;
    const [first] = await db.select().from(auditLog).limit(1);
    expect(first).toBeDefined();
    // The trigger's own words, whichever driver wraps them.
    const refused = async (attempt: Promise<unknown>, operation: string) => {
      const error: unknown = await attempt.then(
        () => null,
        (e: unknown) => e,
      );
      const messages: string[] = [];
      for (let e = error; e instanceof Error; e = e.cause) messages.push(e.message);
      expect(messages.join(' | ')).toContain(`audit_log is append-only: ${operation} refused`);
    };
    await refused(
      db
        .update(auditLog)
        .set({ action: 'rewritten' })
        .where(eq(auditLog.id, first?.id ?? 0)),
      'UPDATE',
    );
    await refused(db.delete(auditLog).where(eq(auditLog.id, first?.id ?? 0)), 'DELETE');
    await refused(db.execute(sql`truncate audit_log`), 'TRUNCATE');
    const [still] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, first?.id ?? 0));
    expect(still).toEqual(first);
    // Appending still works.
    await db.insert(auditLog).values({
      actorId: first?.actorId ?? '',
      actorEmail: 'test',
      action: 'test.append',
      targetType: 'test',
      targetId: 'x',
      address: '127.0.0.1',
    });
  });
});
