import type { ErrorBody } from '@shop/contracts/errors';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff, type SignedInStaff } from './test/admin-kit.ts';
import { signedIn, openShopTest } from './test/checkout-kit.ts';
import { analyticsEvents, siteSettings } from './modules/site/site.tables.ts';
import { fieldWithUnstorableText } from './platform/http.ts';

/*
 * A lone UTF-16 surrogate ("\ud800" in JSON) is text PostgreSQL cannot store (22P05 in jsonb), as
 * NUL: refused with 400 VALIDATION_ERROR naming the field, on every route, before any SQL (issue
 * 25). PGlite here; PostgreSQL with TEST_DATABASE_URL.
 */

const LONE = 'a\ud800b';
const WELL_FORMED_MESSAGE = 'Must be well-formed text (a lone UTF-16 surrogate)';
/** The acquirer's webhook reads its body as raw text (a JSON escape is well-formed text there). */
const WEBHOOK = '/api/v1/payments/webhook/{provider}';

const CONTACT = {
  phone: '+95 9 111 222 333',
  email: 'help@shop.example',
  hours: { start: '09:00', end: '17:00', workingDays: [1, 2, 3, 4, 5], timezone: 'Asia/Yangon' },
};

interface Operation {
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

describe('lone UTF-16 surrogates in requests', () => {
  let customer: Record<string, string>;
  let admin: SignedInStaff;

  const s = openShopTest();
  beforeAll(async () => {
    customer = (await signedIn(s)).headers;
    await s.t.database.db.insert(siteSettings).values({ key: 'call_centre', value: CONTACT });
    admin = await signedInStaff(s.t, s.clock, 'admin');
  });

  const send = (method: string, url: string, headers: Record<string, string>, payload: unknown) =>
    s.t.app.inject({
      method: method as 'POST',
      url,
      headers: { 'accept-language': 'en', ...headers },
      payload: payload as object,
    });

  const expectRefused = (res: { statusCode: number; body: string }, field: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.parse(res.body) as ErrorBody).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { [field]: WELL_FORMED_MESSAGE },
    });
  };

  it('refuses one in an analytics event (public) with 400 naming the field, writing nothing', async () => {
    const res = await send(
      'POST',
      '/api/v1/analytics/events',
      {},
      {
        consent: true,
        events: [
          { name: 'page_view', at: '2026-11-25T05:00:00Z' },
          { name: 'search', params: { query: LONE }, at: '2026-11-25T05:00:01Z' },
        ],
      },
    );
    expectRefused(res, 'events.1.params.query');
    expect(await s.t.database.db.select().from(analyticsEvents)).toEqual([]);
  });

  it('refuses one in the back-office call-centre settings, changing nothing', async () => {
    const before = await s.t.database.db
      .select()
      .from(siteSettings)
      .where(eq(siteSettings.key, 'call_centre'));
    const res = await send('PATCH', '/api/v1/admin/settings/call-centre', admin.headers, {
      email: `care${LONE}@shop.example`,
    });
    expectRefused(res, 'email');
    expect(
      await s.t.database.db.select().from(siteSettings).where(eq(siteSettings.key, 'call_centre')),
    ).toEqual(before);
  });

  it('refuses one in a key, in Burmese too', async () => {
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/events',
      headers: { 'accept-language': 'my' },
      payload: {
        consent: true,
        events: [{ name: 'search', params: { [LONE]: 1 }, at: '2026-11-25T05:00:01Z' }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().fields).toEqual({
      [`events.0.params.${LONE}`]: 'မှန်ကန်သော စာသား ဖြစ်ရပါမည်',
    });
  });

  it('refuses one in the body of every JSON route, signed in, with the field named', async () => {
    const spec = s.t.app.swagger() as unknown as {
      paths: Record<string, Record<string, Operation>>;
    };
    const walked: string[] = [];
    const problems: string[] = [];
    for (const [path, operations] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const properties = operation.requestBody?.content['application/json']?.schema?.properties;
        if (!properties || path === WEBHOOK) continue;
        const field = Object.keys(properties)[0] ?? 'value';
        // Path parameters get a value of the right shape; the guard runs before any of them is used.
        const url = path.replaceAll(/\{[^}]+\}/g, '3f2b8c1e-7d4a-4e6b-9c0d-5a1f2e3d4c5b');
        const headers = path.startsWith('/api/v1/admin') ? admin.headers : customer;
        const res = await send(method.toUpperCase(), url, headers, {
          [field]: { list: ['fine', LONE] },
        });
        walked.push(`${method} ${path}`);
        const body = res.json<ErrorBody>();
        if (res.statusCode !== 400 || body.fields?.[`${field}.list.1`] !== WELL_FORMED_MESSAGE)
          problems.push(`${method} ${path} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(walked.length).toBeGreaterThan(40);
    expect(walked).toContain('patch /api/v1/admin/settings/call-centre');
    expect(walked).toContain('post /api/v1/analytics/events');
    expect(problems).toEqual([]);
  });

  it('keeps surrogate pairs (emoji) and Burmese, which are well-formed', async () => {
    const fine = await send(
      'POST',
      '/api/v1/analytics/events',
      {},
      {
        consent: true,
        events: [{ name: 'search', params: { query: '😀 မင်္ဂလာပါ' }, at: '2026-11-25T05:00:02Z' }],
      },
    );
    expect(fine.statusCode, fine.body).toBe(202);
  });
});

describe('raw bytes in a request body', () => {
  it('are not walked as text: an upload body is skipped, not visited byte by byte', () => {
    const bytes = new Uint8Array(2_000_000);
    Object.defineProperty(bytes, 'walked', {
      enumerable: true,
      get() {
        throw new Error('the guard walked the bytes');
      },
    });
    expect(fieldWithUnstorableText(bytes)).toBeNull();
    expect(fieldWithUnstorableText({ file: Buffer.from('a\u0000b') })).toBeNull();
    expect(fieldWithUnstorableText({ name: 'a\u0000b' })).toEqual({
      field: 'name',
      problem: 'nul',
    });
  });
});
