import type { TopupCatalogue } from '@shop/contracts/topup-provider-admin';
import { describe, expect, it } from 'vitest';
import { openReloadlyBackOffice } from '../../test/admin-kit.ts';
import { catalogueOf, costOf } from '../fulfilment/providers/reloadly-catalogue.ts';
import { CATALOGUE_CACHE_MS, createTopupCatalogue } from './topup-catalogue.ts';

const CATALOGUE_URL = '/api/v1/admin/topup-provider/catalogue';

/*
 * The aggregator's Myanmar catalogue in the back-office (issue 28), TOPUP_PROVIDER=reloadly
 * against the stand-in, on PGlite or PostgreSQL (TEST_DATABASE_URL).
 */
describe("the aggregator's catalogue (Reloadly stand-in)", () => {
  const { s, rld, owner, support } = openReloadlyBackOffice();

  const catalogueAs = (headers: Record<string, string>, query = '') =>
    s.t.app.inject({ method: 'GET', url: `${CATALOGUE_URL}${query}`, headers });
  const catalogueReads = () => rld().calls.get('GET /operators/countries/MM') ?? 0;

  it('lists the operators, amounts and bundles with the cost in USD and the quoted FX', async () => {
    const res = await catalogueAs(owner.headers);
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: TopupCatalogue }>().data;
    expect(data).toMatchObject({ provider: 'reloadly', hasCatalogue: true });
    const byName = (name: string) => data.operators.find((o) => o.name === name);
    expect(byName('MPT Myanmar')).toMatchObject({
      operatorId: 1001,
      kind: 'airtime',
      denominationType: 'RANGE',
      costCurrency: 'USD',
      localCurrency: 'MMK',
      fxRate: 2100,
      range: { localMin: 1000, localMax: 50_000 },
    });
    expect(byName('Mytel Myanmar')?.amounts).toEqual([
      { cost: 0.48, localAmount: 1000, description: null },
      { cost: 1.43, localAmount: 3000, description: null },
      { cost: 4.76, localAmount: 10_000, description: null },
    ]);
    expect(byName('MPT Myanmar Data')).toMatchObject({
      kind: 'data',
      amounts: [
        { cost: 1.9, localAmount: 4000, description: '1.5 GB, 30 days' },
        { cost: 4.3, localAmount: 9000, description: '5 GB, 30 days' },
      ],
    });
  });

  it('answers the copy of the last minutes, and reads again when refreshed', async () => {
    await catalogueAs(owner.headers);
    const before = catalogueReads();
    await catalogueAs(owner.headers);
    expect(catalogueReads()).toBe(before);
    rld().catalogue = rld().catalogue.filter((o) => o.name !== 'ATOM Myanmar');
    const refreshed = await catalogueAs(owner.headers, '?refresh=true');
    expect(catalogueReads()).toBe(before + 1);
    const names = refreshed.json<{ data: TopupCatalogue }>().data.operators.map((o) => o.name);
    expect(names).not.toContain('ATOM Myanmar');
  });

  it('refuses support staff (403), anyone not signed in (401), and a malformed query (400)', async () => {
    const before = catalogueReads();
    expect((await catalogueAs(support.headers)).statusCode).toBe(403);
    expect((await catalogueAs({})).statusCode).toBe(401);
    expect((await catalogueAs(owner.headers, '?refresh=maybe')).statusCode).toBe(400);
    expect(catalogueReads()).toBe(before);
  });

  it('an aggregator that cannot be read is a 503 that says why', async () => {
    const catalogue = createTopupCatalogue({
      provider: 'reloadly',
      read: () => Promise.reject(new Error('Reloadly catalogue read timed out')),
      clock: s.clock,
    });
    await expect(catalogue.view()).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringContaining('timed out') as string,
    });
    s.clock.advance(CATALOGUE_CACHE_MS);
  });
});

describe("reading Reloadly's catalogue shapes", () => {
  it('takes `fxRate` as well as `fx`, a page as well as an array, and drops rows without an id', () => {
    const operators = catalogueOf({
      content: [
        {
          operatorId: 7,
          name: 'Ooredoo Myanmar',
          denominationType: 'RANGE',
          fxRate: { rate: 2000 },
        },
        { name: 'no id' },
        'junk',
      ],
    });
    expect(operators).toHaveLength(1);
    expect(operators[0]).toMatchObject({ operatorId: 7, fxRate: 2000, kind: 'airtime' });
  });

  it('costs a kyat amount: a fixed one by its own cost, a range one at the quoted FX', () => {
    const [range, fixed] = catalogueOf([
      {
        operatorId: 1,
        name: 'A',
        denominationType: 'RANGE',
        fx: { rate: 2000, currencyCode: 'MMK' },
        localMinAmount: 1000,
        localMaxAmount: 5000,
      },
      {
        operatorId: 2,
        name: 'B',
        denominationType: 'FIXED',
        fixedAmounts: [0.5, 1.5],
        localFixedAmounts: [1000, 3000],
      },
    ]);
    if (!range || !fixed) throw new Error('two operators expected');
    expect(costOf(range, 3000)).toBe(1.5);
    expect(costOf(range, 6000)).toBeNull();
    expect(costOf(fixed, 3000)).toBe(1.5);
    expect(costOf(fixed, 2000)).toBeNull();
  });
});
