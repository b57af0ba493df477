import { adminMessages } from '@shop/contracts/admin-messages';
import type { AdminPromoCode } from '@shop/contracts/admin-promo';
import { adminSchemaMessages } from '@shop/contracts/admin-schema-messages';
import type { CheckoutInitializeResponse } from '@shop/contracts/checkout';
import type { Language } from '@shop/contracts/languages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorOf } from '../../test/auth-kit.ts';
import { call, customerWithMptCart } from '../../test/checkout-kit.ts';
import { createPromotionsService } from '../promotions/promotions.service.ts';
import { promoCodes } from '../promotions/promotions.tables.ts';
import { auditLogAs, openBackOffice, type SignedInStaff } from '../../test/admin-kit.ts';

/*
 * The back-office side of promo codes (issue 17, ADR 0035): the list (support), creation and the
 * changes a live code allows (admin), each write audited in its transaction; a code made here works
 * at checkout; every refusal is a translated 4xx that changes nothing.
 */

const DAY = 24 * 60 * 60 * 1000;

describe('back-office promo codes', () => {
  let serial = 0;
  const unique = (stem: string) => `${stem}${++serial}${Date.now().toString(36).toUpperCase()}`;

  const { s, admin, support } = openBackOffice();

  const as = (staff: SignedInStaff, lang: Language = 'en') => ({
    ...staff.headers,
    'accept-language': lang,
  });
  const create = (payload: unknown, lang: Language = 'en') =>
    s.t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/promo-codes',
      headers: as(admin, lang),
      payload: payload as object,
    });
  const patch = (id: string, payload: unknown, lang: Language = 'en') =>
    s.t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/promo-codes/${id}`,
      headers: as(admin, lang),
      payload: payload as object,
    });
  const list = async (query = '', staff = support) => {
    const res = await s.t.app.inject({
      url: `/api/v1/admin/promo-codes${query}`,
      headers: as(staff),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: AdminPromoCode[]; meta: { total: number; totalPages: number } }>();
  };
  const created = async (payload: Record<string, unknown>) => {
    const res = await create(payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: AdminPromoCode }>().data;
  };
  const auditOf = async (targetId: string) =>
    (await auditLogAs(s.t, admin, 'action=promo_code&limit=100')).data
      .filter((e) => e.targetId === targetId)
      .reverse();
  const auditTotal = async () => (await auditLogAs(s.t, admin, '')).meta.total;
  const codeCount = async () => (await s.t.database.db.select().from(promoCodes)).length;
  const rowOf = async (id: string) => {
    const [row] = await s.t.database.db.select().from(promoCodes).where(eq(promoCodes.id, id));
    return row;
  };

  /** A customer with 3 × 1,000 Ks MPT top-ups and 1 × 1,500 Ks data (4,500 Ks). */
  const customerWithCart = () => customerWithMptCart(s);
  const checkout = (headers: Record<string, string>, promoCode: string) =>
    call(s, 'POST', '/api/v1/checkout/initialize', headers, { promoCode });

  it('creates a code that then works at checkout, audited with what was made', async () => {
    const code = unique('SHOP');
    const starts = new Date(s.clock().getTime() - DAY);
    const ends = new Date(s.clock().getTime() + 30 * DAY);
    const made = await created({
      code,
      kind: 'percent',
      value: 20,
      minimumSpendMmk: 1000,
      // Given with the Yangon offset: kept as the same instant.
      startsAt: starts.toISOString().replace('Z', '+00:00'),
      endsAt: ends.toISOString(),
      totalLimit: 5,
      perCustomerLimit: 1,
      categoryIds: [s.catalogue.data.id],
    });
    // What was made, as the answer and the audit entry give it back.
    const asMade = {
      code,
      kind: 'percent',
      value: 20,
      minimumSpendMmk: 1000,
      startsAt: starts.toISOString(),
      endsAt: ends.toISOString(),
      totalLimit: 5,
      perCustomerLimit: 1,
      active: true,
    };
    expect(made).toMatchObject({ ...asMade, state: 'active', redeemedCount: 0 });
    expect(made.categories).toEqual([{ id: s.catalogue.data.id, name: s.catalogue.data.name }]);

    // At checkout: 20 % of the data line only (1,500 Ks) → 300 Ks.
    const user = await customerWithCart();
    const res = await checkout(user.headers, code.toLowerCase());
    expect([200, 201], res.body).toContain(res.statusCode);
    const order = res.json<CheckoutInitializeResponse>().data;
    expect(order.promoCode).toBe(code);
    expect(order.promoDiscount).toBe(300);
    expect((await list(`?q=${code}`)).data[0]?.redeemedCount).toBe(1);

    const [entry, ...more] = await auditOf(made.id);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actorEmail: admin.email,
      action: 'promo_code.create',
      targetType: 'promo_code',
      before: null,
      after: { ...asMade, categoryIds: [s.catalogue.data.id] },
    });
  });

  it('takes the defaults: no minimum, no window, no limits, every category, switched on', async () => {
    const code = unique('PLAIN');
    const made = await created({ code, kind: 'fixed', value: 500 });
    expect(made).toMatchObject({
      minimumSpendMmk: 0,
      startsAt: null,
      endsAt: null,
      totalLimit: null,
      perCustomerLimit: null,
      categories: null,
      active: true,
      state: 'active',
    });
    const user = await customerWithCart();
    const order = (await checkout(user.headers, code)).json<CheckoutInitializeResponse>().data;
    expect(order.promoDiscount).toBe(500);
  });

  it('answers 409 for a code that exists in any letter case, in both languages', async () => {
    const code = unique('Twice');
    await created({ code, kind: 'fixed', value: 100 });
    const before = { codes: await codeCount(), audit: await auditTotal() };
    for (const lang of ['en', 'my'] as const) {
      const res = await create({ code: code.toUpperCase(), kind: 'percent', value: 5 }, lang);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).message).toBe(adminMessages.promoCodeTaken[lang]);
      expect(errorOf(res).fields?.code).toBe(adminMessages.promoCodeTaken[lang]);
    }
    expect(await codeCount()).toBe(before.codes);
    expect(await auditTotal()).toBe(before.audit);
  });

  it('answers 409 also when the unique index decides (a creation that raced)', async () => {
    const promotions = createPromotionsService({ db: s.t.database.db, clock: s.clock });
    const code = unique('RACE');
    await promotions.createCode({ code, kind: 'fixed', value: 100 });
    // Without the back-office's check first: the unique index on upper(code) refuses the insert.
    const error: unknown = await promotions
      .createCode({ code: code.toLowerCase(), kind: 'fixed', value: 100 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'CONFLICT', statusCode: 409 });
  });

  it('refuses bad input with a clear 400 in English and Burmese, creating nothing', async () => {
    const before = { codes: await codeCount(), audit: await auditTotal() };
    const now = s.clock().getTime();
    const cases: [unknown, { en: string; my: string }][] = [
      [{ code: 'has space', kind: 'fixed', value: 100 }, adminSchemaMessages.promoCode],
      [{ code: 'X'.repeat(33), kind: 'fixed', value: 100 }, adminSchemaMessages.promoCode],
      [{ kind: 'fixed', value: 100 }, adminSchemaMessages.promoCode],
      [{ code: unique('K'), kind: 'half', value: 100 }, adminSchemaMessages.promoKind],
      [{ code: unique('V'), kind: 'fixed', value: 0 }, adminSchemaMessages.promoValue],
      [{ code: unique('V'), kind: 'fixed', value: 12.5 }, adminSchemaMessages.promoValue],
      [{ code: unique('P'), kind: 'percent', value: 101 }, adminSchemaMessages.promoPercent],
      [
        { code: unique('M'), kind: 'fixed', value: 100, minimumSpendMmk: -1 },
        adminSchemaMessages.minimumSpend,
      ],
      [
        { code: unique('T'), kind: 'fixed', value: 100, endsAt: '2030-13-01' },
        adminSchemaMessages.promoTime,
      ],
      [
        // No time zone: which instant it means would be a guess.
        { code: unique('T'), kind: 'fixed', value: 100, startsAt: '2030-01-01T00:00:00' },
        adminSchemaMessages.promoTime,
      ],
      [
        {
          code: unique('W'),
          kind: 'fixed',
          value: 100,
          startsAt: new Date(now + DAY).toISOString(),
          endsAt: new Date(now).toISOString(),
        },
        adminSchemaMessages.promoEndAfterStart,
      ],
      [
        { code: unique('L'), kind: 'fixed', value: 100, totalLimit: 0 },
        adminSchemaMessages.promoLimit,
      ],
      [
        { code: unique('L'), kind: 'fixed', value: 100, perCustomerLimit: 'two' },
        adminSchemaMessages.promoLimit,
      ],
      [
        { code: unique('C'), kind: 'fixed', value: 100, categoryIds: [] },
        adminSchemaMessages.promoCategories,
      ],
      [
        { code: unique('C'), kind: 'fixed', value: 100, categoryIds: ['data'] },
        adminSchemaMessages.promoCategories,
      ],
      [
        {
          code: unique('C'),
          kind: 'fixed',
          value: 100,
          categoryIds: ['00000000-0000-4000-8000-000000000000'],
        },
        adminMessages.promoUnknownCategory,
      ],
      [
        { code: unique('A'), kind: 'fixed', value: 100, active: 'yes' },
        adminSchemaMessages.promoActive,
      ],
    ];
    for (const [payload, message] of cases)
      for (const lang of ['en', 'my'] as const) {
        const res = await create(payload, lang);
        expect(res.statusCode, `${JSON.stringify(payload)} ${lang}`).toBe(400);
        expect(errorOf(res).message, JSON.stringify(payload)).toBe(message[lang]);
      }
    expect(await codeCount()).toBe(before.codes);
    expect(await auditTotal()).toBe(before.audit);
  });

  it('writes Burmese messages with Burmese digits', () => {
    for (const message of [
      adminSchemaMessages.promoCode,
      adminSchemaMessages.promoValue,
      adminSchemaMessages.promoPercent,
      adminSchemaMessages.promoLimit,
      adminSchemaMessages.promoCategories,
      adminSchemaMessages.minimumSpend,
    ]) {
      expect(message.my).toMatch(/[\u1000-\u109F]/);
      expect(message.my, message.my).not.toMatch(/[0-9]/);
    }
  });

  it('lists codes newest first, searches the code, filters by state and pages', async () => {
    const stem = unique('LIST');
    const now = s.clock().getTime();
    const expired = await created({
      code: `${stem}_OLD`,
      kind: 'fixed',
      value: 100,
      startsAt: new Date(now - 10 * DAY).toISOString(),
      endsAt: new Date(now - DAY).toISOString(),
    });
    const scheduled = await created({
      code: `${stem}_SOON`,
      kind: 'fixed',
      value: 100,
      startsAt: new Date(now + DAY).toISOString(),
    });
    const off = await created({ code: `${stem}_OFF`, kind: 'fixed', value: 100, active: false });
    const live = await created({ code: `${stem}_LIVE`, kind: 'percent', value: 10 });

    const all = await list(`?q=${stem.toLowerCase()}`);
    expect(all.data.map((c) => c.code)).toEqual([
      `${stem}_LIVE`,
      `${stem}_OFF`,
      `${stem}_SOON`,
      `${stem}_OLD`,
    ]);
    expect(all.data.map((c) => c.state)).toEqual(['active', 'inactive', 'scheduled', 'expired']);
    expect(all.meta.total).toBe(4);
    for (const [state, id] of [
      ['active', live.id],
      ['expired', expired.id],
      ['scheduled', scheduled.id],
      ['inactive', off.id],
    ] as const) {
      const { data } = await list(`?q=${stem}&status=${state}`);
      expect(
        data.map((c) => c.id),
        state,
      ).toEqual([id]);
    }
    expect((await list(`?q=${stem}&status=all`)).meta.total).toBe(4);
    // "_" is a character of codes here, not a LIKE wildcard.
    expect((await list(`?q=${stem}_O`)).data.map((c) => c.code).sort()).toEqual([
      `${stem}_OFF`,
      `${stem}_OLD`,
    ]);
    // The stem with its last character changed (the stem ends in a time in base 36, which can
    // itself end in X): matches none of the four.
    const other = stem.endsWith('X') ? 'Y' : 'X';
    expect((await list(`?q=${stem.slice(0, -1)}${other}_`)).data).toHaveLength(0);
    const page2 = await list(`?q=${stem}&limit=3&page=2`);
    expect(page2.data.map((c) => c.code)).toEqual([`${stem}_OLD`]);
    expect(page2.meta).toMatchObject({ total: 4, totalPages: 2, page: 2, limit: 3 });

    const bad = await s.t.app.inject({
      url: '/api/v1/admin/promo-codes?status=gone',
      headers: as(support, 'my'),
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe(adminSchemaMessages.promoStatus.my);
  });

  it('lets support read the list but not create or change a code', async () => {
    const code = unique('ROLE');
    const made = await created({ code, kind: 'fixed', value: 100 });
    const write = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/promo-codes',
      headers: as(support),
      payload: { code: unique('NOPE'), kind: 'fixed', value: 100 },
    });
    expect(write.statusCode).toBe(403);
    expect(errorOf(write).message).toBe(adminMessages.roleTooLow.en);
    const change = await s.t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/promo-codes/${made.id}`,
      headers: as(support),
      payload: { active: false },
    });
    expect(change.statusCode).toBe(403);
    expect((await rowOf(made.id))?.active).toBe(true);
  });

  it('switches a code off and on, moves its end, changes its limit, each audited', async () => {
    const code = unique('EDIT');
    const made = await created({ code, kind: 'fixed', value: 200, totalLimit: 3 });

    const off = await patch(made.id, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<{ message: string; data: AdminPromoCode }>()).toMatchObject({
      message: adminMessages.promoUpdated.en,
      data: { active: false, state: 'inactive' },
    });
    // Switched off: the checkout does not know it.
    const user = await customerWithCart();
    expect((await checkout(user.headers, code)).statusCode).toBe(400);

    expect((await patch(made.id, { active: true })).statusCode).toBe(200);
    expect((await checkout(user.headers, code)).statusCode).toBe(201);
    expect((await rowOf(made.id))?.redeemedCount).toBe(1);

    const ends = new Date(s.clock().getTime() + 7 * DAY).toISOString();
    const moved = await patch(made.id, { endsAt: ends, totalLimit: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ data: AdminPromoCode }>().data).toMatchObject({
      endsAt: ends,
      totalLimit: 1,
      redeemedCount: 1,
    });
    const unlimited = await patch(made.id, { endsAt: null, totalLimit: null });
    expect(unlimited.json<{ data: AdminPromoCode }>().data).toMatchObject({
      endsAt: null,
      totalLimit: null,
    });

    const entries = await auditOf(made.id);
    expect(entries.map((e) => e.action)).toEqual([
      'promo_code.create',
      'promo_code.update',
      'promo_code.update',
      'promo_code.update',
      'promo_code.update',
    ]);
    expect(entries.slice(1).map((e) => [e.before, e.after])).toEqual([
      [
        { active: true, endsAt: null, totalLimit: 3 },
        { active: false, endsAt: null, totalLimit: 3 },
      ],
      [
        { active: false, endsAt: null, totalLimit: 3 },
        { active: true, endsAt: null, totalLimit: 3 },
      ],
      [
        { active: true, endsAt: null, totalLimit: 3 },
        { active: true, endsAt: ends, totalLimit: 1 },
      ],
      [
        { active: true, endsAt: ends, totalLimit: 1 },
        { active: true, endsAt: null, totalLimit: null },
      ],
    ]);
    expect(
      entries.every((e) => e.actorEmail === admin.email && e.targetType === 'promo_code'),
    ).toBe(true);
  });

  it('ends a code now: the checkout then calls it expired', async () => {
    const code = unique('ENDNOW');
    const made = await created({ code, kind: 'fixed', value: 200 });
    const res = await patch(made.id, { endsAt: s.clock().toISOString() });
    expect(res.json<{ data: AdminPromoCode }>().data.state).toBe('expired');
    const user = await customerWithCart();
    const refused = await checkout(user.headers, code);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toBe('This promo code has expired.');
  });

  it('refuses bad changes with a translated 4xx, changing and recording nothing', async () => {
    const code = unique('RULES');
    const now = s.clock().getTime();
    const made = await created({
      code,
      kind: 'fixed',
      value: 200,
      totalLimit: 5,
      startsAt: new Date(now - DAY).toISOString(),
    });
    // Two customers hold the code.
    for (let i = 0; i < 2; i++) {
      const user = await customerWithCart();
      expect((await checkout(user.headers, code)).statusCode).toBe(201);
    }
    const row = await rowOf(made.id);
    expect(row?.redeemedCount).toBe(2);
    const audit = await auditTotal();

    for (const lang of ['en', 'my'] as const) {
      const below = await patch(made.id, { totalLimit: 1 }, lang);
      expect(below.statusCode).toBe(409);
      expect(errorOf(below).message).toBe(
        {
          en: 'The total limit cannot be below the 2 uses the code already has',
          my: 'စုစုပေါင်း အကန့်အသတ်သည် ဤကုဒ်ကို အသုံးပြုပြီးသော အကြိမ်ရေ ၂ ထက် နည်း၍ မရပါ',
        }[lang],
      );
      expect(errorOf(below).fields?.totalLimit).toBe(errorOf(below).message);

      const cases: [unknown, { en: string; my: string }, number][] = [
        [{}, adminSchemaMessages.promoNothingToChange, 400],
        [{ totalLimit: 0 }, adminSchemaMessages.promoLimit, 400],
        [{ active: 'no' }, adminSchemaMessages.promoActive, 400],
        [{ endsAt: 'tomorrow' }, adminSchemaMessages.promoTime, 400],
        // Before the stored start.
        [
          { endsAt: new Date(now - 2 * DAY).toISOString() },
          adminSchemaMessages.promoEndAfterStart,
          400,
        ],
      ];
      for (const [payload, message, status] of cases) {
        const res = await patch(made.id, payload, lang);
        expect(res.statusCode, JSON.stringify(payload)).toBe(status);
        expect(errorOf(res).message, JSON.stringify(payload)).toBe(message[lang]);
      }
      const unknown = await patch('00000000-0000-4000-8000-000000000000', { active: false }, lang);
      expect(unknown.statusCode).toBe(404);
      expect(errorOf(unknown).message).toBe(adminMessages.promoNotFound[lang]);
      const badId = await patch('not-an-id', { active: false }, lang);
      expect(badId.statusCode).toBe(400);
      expect(errorOf(badId).message).toBe(adminSchemaMessages.promoId[lang]);
    }
    // The limit may go down to the uses it has, not below.
    expect(await rowOf(made.id)).toEqual(row);
    expect(await auditTotal()).toBe(audit);
    expect((await patch(made.id, { totalLimit: 2 })).statusCode).toBe(200);
    const third = await customerWithCart();
    const usedUp = await checkout(third.headers, code);
    expect(usedUp.statusCode).toBe(409);
    expect(errorOf(usedUp).message).toBe('This promo code has been used up.');
  });

  it('undoes the change when its audit record fails (one transaction)', async () => {
    const promotions = createPromotionsService({ db: s.t.database.db, clock: s.clock });
    const made = await created({ code: unique('ATOMIC'), kind: 'fixed', value: 100 });
    await expect(
      promotions.editCode(made.id, { active: false }, () => Promise.reject(new Error('no record'))),
    ).rejects.toThrow('no record');
    expect((await rowOf(made.id))?.active).toBe(true);
    const code = unique('ATOMIC');
    await expect(
      promotions.createCode({ code, kind: 'fixed', value: 100 }, () =>
        Promise.reject(new Error('no record')),
      ),
    ).rejects.toThrow('no record');
    expect(await promotions.findCode(code)).toBeNull();
  });
});
