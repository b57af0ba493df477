import type { AdminSettings } from '@shop/contracts/admin-settings';
import {
  adminSettingsMessages,
  adminSettingsSchemaMessages as sm,
} from '@shop/contracts/admin-settings-messages';
import type { CallCentreContact, ExchangeRate } from '@shop/contracts/catalogue';
import type { FestivalWindow } from '@shop/contracts/festivals';
import type { ShopClaim } from '@shop/contracts/shop-claims';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app-kit.ts';
import { errorOf, login, movableClock, verifiedPerson } from '../../test/auth-kit.ts';
import { insertTestCatalogue } from '../../test/catalogue-kit.ts';
import { siteSettings } from '../site/site.tables.ts';
import { auditLogAs, signedInStaff, type SignedInStaff } from '../../test/admin-kit.ts';

/*
 * Issue 17's shop settings: GET /api/v1/admin/settings, PATCH …/exchange-rates and
 * …/call-centre, PUT …/festivals, PUT and DELETE …/claims — validated in both languages, admin
 * only, audited with before and after, and answered by the shop's own calls
 * (GET /api/v1/exchange-rates, /site/contact, /site/festivals, /site/claims) at once. PGlite here; PostgreSQL with TEST_DATABASE_URL.
 */

const CONTACT = {
  phone: '+95 9 111 222 333',
  email: 'help@shop.example',
  viber: '+95 9 111 222 333',
  hours: { start: '09:00', end: '17:00', workingDays: [1, 2, 3, 4, 5], timezone: 'Asia/Yangon' },
};
const FESTIVAL_DATES = '2026-10-24..2026-10-27,2027-10-13..2027-10-16';

describe('back-office shop settings', () => {
  let t: TestApp;
  let admin: SignedInStaff;
  let support: SignedInStaff;
  const clock = movableClock(new Date());

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { FESTIVAL_DATES } });
    await insertTestCatalogue(t.database.db);
    await t.database.db.insert(siteSettings).values({ key: 'call_centre', value: CONTACT });
    admin = await signedInStaff(t, clock, 'admin');
    support = await signedInStaff(t, clock, 'support');
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { 'accept-language': 'en', ...headers } });
  const write = (
    method: 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload: unknown,
    headers: Record<string, string> = admin.headers,
  ) => t.app.inject({ method, url, headers, payload: payload as object });
  const settings = async () => {
    const res = await get('/api/v1/admin/settings', support.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json<{ data: AdminSettings }>().data;
  };
  const shopRates = async () =>
    (await get('/api/v1/exchange-rates')).json<{ data: ExchangeRate[] }>().data;
  const shopContact = async () =>
    (await get('/api/v1/site/contact')).json<{ data: CallCentreContact }>().data;
  const shopFestivals = async () =>
    (await get('/api/v1/site/festivals')).json<{ data: FestivalWindow[] }>().data;
  const shopClaims = async () => {
    const res = await get('/api/v1/site/claims');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    return res.json<{ data: ShopClaim[] | null }>().data;
  };
  const auditOf = async (action: string) => (await auditLogAs(t, admin, `action=${action}`)).data;
  const expect400 = async (
    method: 'PATCH' | 'PUT',
    url: string,
    payload: unknown,
    message: { en: string; my: string },
  ) => {
    const en = await write(method, url, payload);
    expect(en.statusCode, en.body).toBe(400);
    expect(JSON.stringify(errorOf(en))).toContain(message.en);
    const my = await write(method, url, payload, { ...admin.headers, 'accept-language': 'my' });
    expect(my.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(my))).toContain(message.my);
  };

  it('answers all three settings to support staff, as the shop answers them', async () => {
    const data = await settings();
    expect(data.exchangeRates.map((r) => [r.currency, r.rate, r.active])).toEqual([
      ['THB', 125, false],
      ['USD', 4500.25, true],
    ]);
    expect(data.callCentre).toEqual(CONTACT);
    // Nothing stored yet: the server's FESTIVAL_DATES, as before there was a setting.
    expect(data.festivals).toEqual([
      { name: 'thadingyut', start: '2026-10-24', end: '2026-10-27' },
      { name: 'thadingyut', start: '2027-10-13', end: '2027-10-16' },
    ]);
    expect(await shopFestivals()).toEqual(data.festivals);
    // No claims of the owner's yet: Home shows its built-in ones.
    expect(data.claims).toBeNull();
    expect(await shopClaims()).toBeNull();
  });

  it('changes exchange rates: the shop answers them at once, audited before and after', async () => {
    expect((await shopRates()).find((r) => r.currency === 'USD')?.rate).toBe(4500.25); // cached
    const res = await write('PATCH', '/api/v1/admin/settings/exchange-rates', {
      rates: [
        { currency: 'usd', rate: 4612.5 },
        { currency: 'THB', active: true, rate: 131.1234 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; data: AdminSettings }>();
    expect(body.message).toBe(adminSettingsMessages.ratesUpdated.en);
    expect(body.data.exchangeRates.map((r) => [r.currency, r.rate, r.active])).toEqual([
      ['THB', 131.1234, true],
      ['USD', 4612.5, true],
    ]);
    const shop = await shopRates();
    expect(shop.map((r) => [r.currency, r.rate, r.status])).toEqual([
      ['THB', 131.1234, 'active'],
      ['USD', 4612.5, 'active'],
    ]);
    const [entry] = await auditOf('settings.exchange_rates');
    expect(entry).toMatchObject({
      actorEmail: admin.email,
      targetType: 'settings',
      targetId: 'exchange_rates',
      before: [
        { currency: 'USD', rate: 4500.25, active: true },
        { currency: 'THB', rate: 125, active: false },
      ],
      after: [
        { currency: 'USD', rate: 4612.5, active: true },
        { currency: 'THB', rate: 131.1234, active: true },
      ],
    });
  });

  it('refuses bad rates in both languages, and changes nothing', async () => {
    const url = '/api/v1/admin/settings/exchange-rates';
    const refusals: [unknown[], { en: string; my: string }][] = [
      [[{ currency: 'USD', rate: 0 }], sm.rate],
      [[{ currency: 'USD', rate: -5 }], sm.rate],
      [[{ currency: 'USD', rate: 1.23456 }], sm.rate],
      [[{ currency: 'USD', rate: '4500' }], sm.rate],
      [[{ currency: 'US', rate: 1 }], sm.currency],
      [[], sm.rates],
      [
        [
          { currency: 'USD', rate: 1 },
          { currency: 'usd', rate: 2 },
        ],
        sm.rates,
      ],
      [[{ currency: 'USD' }], sm.rateNothingToChange],
      [
        [
          { currency: 'USD', rate: 1 },
          { currency: 'XYZ', rate: 2 },
        ],
        {
          en: adminSettingsMessages.unknownCurrency.en.replace('{currency}', 'XYZ'),
          my: adminSettingsMessages.unknownCurrency.my.replace('{currency}', 'XYZ'),
        },
      ],
    ];
    for (const [rates, message] of refusals) await expect400('PATCH', url, { rates }, message);
    expect((await shopRates()).find((r) => r.currency === 'USD')?.rate).toBe(4612.5);
  });

  it('changes the call-centre contact and hours: the shop answers them at once', async () => {
    const res = await write('PATCH', '/api/v1/admin/settings/call-centre', {
      phone: ' +95 9 444 555 666 ',
      viber: null,
      hours: { start: '08:30', end: '20:00', workingDays: [6, 1, 2, 3, 4, 5] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; data: AdminSettings }>();
    expect(body.message).toBe(adminSettingsMessages.callCentreUpdated.en);
    const expected = {
      phone: '+95 9 444 555 666',
      email: CONTACT.email,
      hours: {
        start: '08:30',
        end: '20:00',
        workingDays: [1, 2, 3, 4, 5, 6],
        timezone: 'Asia/Yangon',
      },
    };
    expect(body.data.callCentre).toEqual({ ...expected, viber: null });
    expect(await shopContact()).toEqual(expected);
    const [entry] = await auditOf('settings.call_centre');
    expect(entry).toMatchObject({
      actorEmail: admin.email,
      targetId: 'call_centre',
      before: { phone: CONTACT.phone, viber: CONTACT.viber, hours: { start: '09:00' } },
      after: { phone: '+95 9 444 555 666', viber: null, hours: { start: '08:30' } },
    });
    const email = await write('PATCH', '/api/v1/admin/settings/call-centre', {
      email: 'care@shop.example',
      viber: '09 777 888 999',
    });
    expect(email.statusCode).toBe(200);
    expect(await shopContact()).toMatchObject({
      phone: '+95 9 444 555 666',
      email: 'care@shop.example',
      viber: '09 777 888 999',
    });
  });

  it('refuses a bad contact in both languages', async () => {
    const url = '/api/v1/admin/settings/call-centre';
    const hours = (start: string, end: string, workingDays: number[]) => ({
      hours: { start, end, workingDays },
    });
    const refusals: [object, { en: string; my: string }][] = [
      [{ phone: 'call us' }, sm.phone],
      [{ phone: '123' }, sm.phone],
      [{ viber: 'x' }, sm.viber],
      [{ email: 'not-an-address' }, sm.email],
      [hours('18:00', '09:00', [1]), sm.time],
      [hours('9:00', '17:00', [1]), sm.time],
      [hours('09:00', '17:00', [0, 8]), sm.workingDays],
      [hours('09:00', '17:00', []), sm.workingDays],
      [hours('09:00', '17:00', [1, 1]), sm.workingDays],
      [{}, sm.callCentreNothingToChange],
    ];
    for (const [contact, message] of refusals) await expect400('PATCH', url, contact, message);
    expect((await shopContact()).phone).toBe('+95 9 444 555 666');
  });

  it('replaces the festival windows: the shop answers them at once, audited', async () => {
    const res = await write('PUT', '/api/v1/admin/settings/festivals', {
      festivals: [
        { name: 'thadingyut', start: '2028-10-01', end: '2028-10-04' },
        { start: '2026-10-20', end: '2026-10-22' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; data: AdminSettings }>();
    expect(body.message).toBe(adminSettingsMessages.festivalsUpdated.en);
    const expected = [
      { name: 'thadingyut', start: '2026-10-20', end: '2026-10-22' },
      { name: 'thadingyut', start: '2028-10-01', end: '2028-10-04' },
    ];
    expect(body.data.festivals).toEqual(expected);
    expect(await shopFestivals()).toEqual(expected);
    const [entry] = await auditOf('settings.festivals');
    expect(entry).toMatchObject({
      actorEmail: admin.email,
      targetId: 'festivals',
      before: [
        { start: '2026-10-24', end: '2026-10-27' },
        { start: '2027-10-13', end: '2027-10-16' },
      ],
      after: expected,
    });
    // An empty list is kept as such: no festival (not the configured dates).
    const none = await write('PUT', '/api/v1/admin/settings/festivals', { festivals: [] });
    expect(none.statusCode).toBe(200);
    expect(await shopFestivals()).toEqual([]);
    const back = await write('PUT', '/api/v1/admin/settings/festivals', { festivals: expected });
    expect(back.statusCode).toBe(200);
  });

  it('refuses bad festival windows in both languages', async () => {
    const url = '/api/v1/admin/settings/festivals';
    const one = (w: object) => ({ festivals: [w] });
    await expect400('PUT', url, one({ start: '2026-02-30', end: '2026-03-01' }), sm.festivalDate);
    await expect400('PUT', url, one({ start: '2026-10-05', end: '2026-10-01' }), sm.festivalDate);
    await expect400('PUT', url, one({ start: '26-10-01', end: '2026-10-02' }), sm.festivalDate);
    await expect400(
      'PUT',
      url,
      one({ name: 'thingyan', start: '2026-04-13', end: '2026-04-16' }),
      sm.festivalName,
    );
    await expect400(
      'PUT',
      url,
      {
        festivals: [
          { start: '2026-10-01', end: '2026-10-05' },
          { start: '2026-10-05', end: '2026-10-07' },
        ],
      },
      sm.festivalOverlap,
    );
    await expect400(
      'PUT',
      url,
      {
        festivals: Array.from({ length: 21 }, (_, i) => ({
          start: `${2030 + i}-10-01`,
          end: `${2030 + i}-10-02`,
        })),
      },
      sm.festivals,
    );
    await expect400('PUT', url, {}, sm.festivals);
    expect(await shopFestivals()).toHaveLength(2);
  });

  it('lets support staff read but not write; anonymous callers get 401', async () => {
    for (const [method, url, payload] of [
      ['PATCH', '/api/v1/admin/settings/exchange-rates', { rates: [{ currency: 'USD', rate: 1 }] }],
      ['PATCH', '/api/v1/admin/settings/call-centre', { phone: '+95 9 000 000 000' }],
      ['PUT', '/api/v1/admin/settings/festivals', { festivals: [] }],
    ] as const) {
      const res = await write(method, url, payload, support.headers);
      expect(res.statusCode).toBe(403);
      const anonymous = await write(method, url, payload, { 'accept-language': 'en' });
      expect(anonymous.statusCode).toBe(401);
    }
    expect((await get('/api/v1/admin/settings')).statusCode).toBe(401);
    expect((await shopRates()).find((r) => r.currency === 'USD')?.rate).toBe(4612.5);
    expect((await shopContact()).phone).toBe('+95 9 444 555 666');
    expect(await shopFestivals()).toHaveLength(2);
  });

  describe('shop claims', () => {
    const CLAIMS: ShopClaim[] = [
      {
        titleEn: 'Instant top-ups',
        titleMy: 'ချက်ချင်း ငွေဖြည့်',
        textEn: 'Credit arrives within seconds.',
        textMy: 'စက္ကန့်ပိုင်းအတွင်း ရောက်ရှိပါသည်။',
      },
      {
        titleEn: 'Transparent pricing',
        titleMy: 'ပွင့်လင်းသော ဈေးနှုန်း',
        textEn: 'A 0 Ks service fee.',
        textMy: 'ဝန်ဆောင်ခ ၀ ကျပ်။',
      },
    ];
    const url = '/api/v1/admin/settings/claims';

    it('saves the claims (trimmed, in order): the shop answers them at once, audited', async () => {
      const res = await write('PUT', url, {
        claims: CLAIMS.map((c, i) => (i === 0 ? { ...c, titleEn: `  ${c.titleEn} ` } : c)),
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ message: string; data: AdminSettings }>();
      expect(body.message).toBe(adminSettingsMessages.claimsUpdated.en);
      expect(body.data.claims).toEqual(CLAIMS);
      expect(await shopClaims()).toEqual(CLAIMS);
      expect((await settings()).claims).toEqual(CLAIMS);
      const [entry] = await auditOf('settings.claims');
      expect(entry).toMatchObject({
        actorEmail: admin.email,
        targetType: 'settings',
        targetId: 'claims',
        before: null,
        after: CLAIMS,
      });
      const my = await write(
        'PUT',
        url,
        { claims: [CLAIMS[1]] },
        {
          ...admin.headers,
          'accept-language': 'my',
        },
      );
      expect(my.statusCode).toBe(200);
      expect(my.json<{ message: string }>().message).toBe(adminSettingsMessages.claimsUpdated.my);
      const [second] = await auditOf('settings.claims');
      expect(second).toMatchObject({ before: CLAIMS, after: [CLAIMS[1]] });
      const back = await write('PUT', url, { claims: CLAIMS });
      expect(back.statusCode).toBe(200);
    });

    it('refuses bad claims in both languages, and changes nothing', async () => {
      const entries = (await auditOf('settings.claims')).length;
      const one = (change: Partial<Record<keyof ShopClaim, unknown>>) => ({
        claims: [{ ...CLAIMS[0], ...change }],
      });
      await expect400('PUT', url, one({ titleMy: '' }), sm.claimTitle);
      await expect400('PUT', url, one({ titleMy: '   ' }), sm.claimTitle);
      await expect400('PUT', url, one({ titleEn: 'x'.repeat(61) }), sm.claimTitle);
      await expect400('PUT', url, one({ titleEn: 7 }), sm.claimTitle);
      await expect400('PUT', url, one({ textMy: '' }), sm.claimText);
      await expect400('PUT', url, one({ textEn: 'x'.repeat(201) }), sm.claimText);
      await expect400('PUT', url, { claims: [{ titleEn: 'Only English' }] }, sm.claimTitle);
      await expect400('PUT', url, { claims: [] }, sm.claims);
      await expect400(
        'PUT',
        url,
        { claims: Array.from({ length: 9 }, () => CLAIMS[0]) },
        sm.claims,
      );
      await expect400('PUT', url, {}, sm.claims);
      // At the limits: accepted.
      const longest = one({ titleEn: 'x'.repeat(60), textMy: 'က'.repeat(200) });
      const atLimit = await write('PUT', url, {
        claims: Array.from({ length: 8 }, () => longest.claims[0]),
      });
      expect(atLimit.statusCode, atLimit.body).toBe(200);
      expect(await shopClaims()).toHaveLength(8);
      const back = await write('PUT', url, { claims: CLAIMS });
      expect(back.statusCode).toBe(200);
      expect(await shopClaims()).toEqual(CLAIMS);
      // The refused calls wrote no audit record: only the two accepted ones.
      expect(await auditOf('settings.claims')).toHaveLength(entries + 2);
    });

    it('lets support staff read but not write; customers get 403, anonymous callers 401', async () => {
      const customer = await verifiedPerson(t);
      const { accessToken } = await login(t, customer);
      for (const [method, payload] of [
        ['PUT', { claims: [CLAIMS[1]] }],
        ['DELETE', undefined],
      ] as const) {
        expect((await write(method, url, payload, support.headers)).statusCode).toBe(403);
        const asCustomer = await write(method, url, payload, {
          'accept-language': 'en',
          authorization: `Bearer ${accessToken}`,
        });
        expect(asCustomer.statusCode).toBe(403);
        const anonymous = await write(method, url, payload, { 'accept-language': 'en' });
        expect(anonymous.statusCode).toBe(401);
      }
      expect((await settings()).claims).toEqual(CLAIMS);
      expect(await shopClaims()).toEqual(CLAIMS);
    });

    it('removes the claims: the shop answers null (its built-in ones) again, audited', async () => {
      const res = await write('DELETE', url, undefined);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ message: string; data: AdminSettings }>();
      expect(body.message).toBe(adminSettingsMessages.claimsCleared.en);
      expect(body.data.claims).toBeNull();
      expect(await shopClaims()).toBeNull();
      const [entry] = await auditOf('settings.claims');
      expect(entry).toMatchObject({ targetId: 'claims', before: CLAIMS, after: null });
      // Nothing left to remove: nothing changes, no audit record.
      const entries = (await auditOf('settings.claims')).length;
      expect((await write('DELETE', url, undefined)).statusCode).toBe(200);
      expect(await auditOf('settings.claims')).toHaveLength(entries);
    });
  });
});
