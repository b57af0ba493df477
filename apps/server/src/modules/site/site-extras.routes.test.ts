import type { ErrorBody } from '@shop/contracts/errors';
import { festivalsResponseSchema, inFestival } from '@shop/contracts/site';
import { describe, expect, it } from 'vitest';
import { createTestApp, openTestApp } from '../../test/app-kit.ts';
import { analyticsEvents } from './site.tables.ts';

describe('festival windows and first-party analytics (issue 16)', () => {
  const t = openTestApp({
    env: { FESTIVAL_DATES: '2026-10-24..2026-10-27,2027-10-13..2027-10-16' },
  });

  it('answers the configured Thadingyut windows', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/site/festivals' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const { data } = festivalsResponseSchema.parse(res.json());
    expect(data).toEqual([
      { name: 'thadingyut', start: '2026-10-24', end: '2026-10-27' },
      { name: 'thadingyut', start: '2027-10-13', end: '2027-10-16' },
    ]);
    expect(inFestival(data, '2026-10-24')).toBe(true);
    expect(inFestival(data, '2026-10-27')).toBe(true);
    expect(inFestival(data, '2026-10-28')).toBe(false);
    expect(inFestival(data, '2027-01-01')).toBe(false);
  });

  it('refuses a bad FESTIVAL_DATES at start', async () => {
    await expect(createTestApp({ env: { FESTIVAL_DATES: '2026-10-24' } })).rejects.toThrow(
      /FESTIVAL_DATES/,
    );
  });

  it('stores consented events with currency MMK and nothing that names the visitor', async () => {
    const send = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/analytics/events',
        headers: { 'accept-language': 'my' },
        payload,
      });
    const ok = await send({
      consent: true,
      events: [
        {
          name: 'add_to_cart',
          params: { value: 1000, item_id: 'T-MPT-1000' },
          at: '2026-11-25T05:00:00Z',
        },
        { name: 'page_view', at: '2026-11-25T05:00:01Z' },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(202);
    expect(ok.json()).toEqual({ success: true, message: 'မှတ်တမ်းတင်ပြီးပါပြီ' });
    const rows = await t.database.db.select().from(analyticsEvents);
    expect(rows.map((r) => [r.name, r.params])).toEqual([
      ['add_to_cart', { value: 1000, item_id: 'T-MPT-1000', currency: 'MMK' }],
      ['page_view', { currency: 'MMK' }],
    ]);

    const refused = await send({
      consent: false,
      events: [{ name: 'x', at: '2026-11-25T05:00:00Z' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().message).toBe('ကွတ်ကီး သဘောတူမှသာ ခွဲခြမ်းစိတ်ဖြာမှု မှတ်တမ်းများကို လက်ခံပါသည်');
    for (const events of [
      [],
      Array.from({ length: 21 }, () => ({ name: 'x', at: '2026-11-25T05:00:00Z' })),
      [{ name: 'Bad Name', at: '2026-11-25T05:00:00Z' }],
      [{ name: 'x', params: { nested: { a: 1 } }, at: '2026-11-25T05:00:00Z' }],
    ])
      expect((await send({ consent: true, events })).statusCode).toBe(400);
    expect(await t.database.db.select().from(analyticsEvents)).toHaveLength(2);
  });
});
