import type { AdminBanner } from '@shop/contracts/admin-catalogue';
import { adminCatalogueSchemaMessages as sm } from '@shop/contracts/admin-catalogue-messages';
import type { Banner } from '@shop/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app-kit.ts';
import { errorOf, MINUTE, movableClock } from '../../test/auth-kit.ts';
import { insertTestCatalogue } from '../../test/catalogue-kit.ts';
import { signedInStaff, type SignedInStaff } from '../../test/admin-kit.ts';

/*
 * Issue 26: a banner's headline and button words are text per language (never Burmese drawn in a
 * picture), and a banner can end on a date, the last Yangon day it shows, judged on the server's
 * clock (cached answers included). PGlite here; PostgreSQL with TEST_DATABASE_URL.
 */

describe('banner headline, button and end date', () => {
  let t: TestApp;
  let admin: SignedInStaff;
  // 23:57 on 1 January 2030 in Yangon (UTC+06:30); 17:27 on 1 January in UTC.
  const clock = movableClock(new Date('2030-01-01T17:27:00Z'));

  beforeAll(async () => {
    t = await createTestApp({ clock });
    await insertTestCatalogue(t.database.db);
    admin = await signedInStaff(t, clock, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const patch = (id: string, payload: unknown, lang = 'en') =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/banners/${id}`,
      headers: { ...admin.headers, 'accept-language': lang },
      payload: payload as object,
    });
  const home = async (lang = 'en') =>
    (await t.app.inject({ url: '/api/v1/ads/banner', headers: { 'accept-language': lang } })).json<{
      ads: Banner[];
    }>().ads;
  const adminBanner = async (en: string) => {
    const res = await t.app.inject({ url: '/api/v1/admin/banners', headers: admin.headers });
    const found = res.json<{ data: AdminBanner[] }>().data.find((b) => b.title.en === en);
    if (!found) throw new Error(`no banner ${en}`);
    return found;
  };

  it('keeps a headline and a button label per language, answered in the reader’s language', async () => {
    const first = await adminBanner('First');
    expect(first).toMatchObject({ headline: null, ctaLabel: null, endsOn: null });
    expect((await home())[0]).toMatchObject({ title: 'First', headline: null, ctaLabel: null });
    const res = await patch(first.id, {
      headline: { en: ' Top up in seconds ', my: 'စက္ကန့်ပိုင်းအတွင်း ငွေဖြည့်' },
      ctaLabel: { en: 'Top up now', my: 'ငွေဖြည့်ရန်' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: AdminBanner }>().data).toMatchObject({
      headline: { en: 'Top up in seconds', my: 'စက္ကန့်ပိုင်းအတွင်း ငွေဖြည့်' },
      ctaLabel: { en: 'Top up now', my: 'ငွေဖြည့်ရန်' },
    });
    expect((await home('en'))[0]).toMatchObject({
      headline: 'Top up in seconds',
      ctaLabel: 'Top up now',
    });
    expect((await home('my'))[0]).toMatchObject({
      headline: 'စက္ကန့်ပိုင်းအတွင်း ငွေဖြည့်',
      ctaLabel: 'ငွေဖြည့်ရန်',
    });
    // Both texts empty: no button.
    const cleared = await patch(first.id, { ctaLabel: { en: '', my: ' ' } });
    expect(cleared.json<{ data: AdminBanner }>().data.ctaLabel).toBeNull();
    expect((await home())[0]?.ctaLabel).toBeNull();
  });

  it('refuses words in one language only, long ones and days that do not exist', async () => {
    const first = await adminBanner('First');
    const refusals: [unknown, string, string?][] = [
      [{ headline: { en: 'English only', my: '' } }, sm.bannerHeadline.en],
      [{ headline: { en: 'x'.repeat(81), my: 'x' } }, sm.bannerHeadline.en],
      [{ ctaLabel: { en: '', my: 'ငွေဖြည့်ရန်' } }, sm.bannerCta.my, 'my'],
      [{ ctaLabel: { en: 'x'.repeat(31), my: 'x' } }, sm.bannerCta.en],
      [{ endsOn: '2030-02-30' }, sm.bannerEndsOn.en],
      [{ endsOn: '1/2/2030' }, sm.bannerEndsOn.my, 'my'],
    ];
    for (const [payload, message, lang] of refusals) {
      const res = await patch(first.id, payload, lang);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).message, JSON.stringify(payload)).toBe(message);
    }
  });

  it('shows a banner through its end date in Yangon and not a minute after, on the server’s clock', async () => {
    const first = await adminBanner('First');
    const titles = async () => (await home()).map((b) => b.title);
    expect(await titles()).toEqual(['First', 'Second']);

    // Ended yesterday (Yangon): gone at once.
    const ended = await patch(first.id, { endsOn: '2029-12-31' });
    expect(ended.statusCode).toBe(200);
    expect(await titles()).toEqual(['Second']);

    // Ends today: shown until midnight in Yangon; cached meanwhile.
    const today = await patch(first.id, { endsOn: '2030-01-01' });
    expect(today.json<{ data: AdminBanner }>().data.endsOn).toBe('2030-01-01');
    expect(await titles()).toEqual(['First', 'Second']);
    expect(await titles()).toEqual(['First', 'Second']);

    // 00:02 on 2 January in Yangon, while it is still 1 January in UTC: the cached answer of
    // yesterday is not served.
    clock.advance(5 * MINUTE);
    expect(clock().toISOString().slice(0, 10)).toBe('2030-01-01');
    expect(await titles()).toEqual(['Second']);
    expect((await home('my')).map((b) => b.title)).toEqual(['ဒုတိယ']);
    // The back-office still lists it, with its end date.
    expect((await adminBanner('First')).endsOn).toBe('2030-01-01');

    // No end date: back on Home.
    const endless = await patch(first.id, { endsOn: '' });
    expect(endless.json<{ data: AdminBanner }>().data.endsOn).toBeNull();
    expect(await titles()).toEqual(['First', 'Second']);
  });
});
