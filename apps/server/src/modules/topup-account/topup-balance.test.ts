import type { TopupBalance } from '@shop/contracts/topup-provider-admin';
import { describe, expect, it } from 'vitest';
import { outboxFor } from '../../test/auth-kit.ts';
import { openReloadlyBackOffice } from '../../test/admin-kit.ts';
import type { EmailMessage } from '../../platform/messaging.ts';
import {
  createReloadlyAccount,
  type ReloadlyBalance,
} from '../fulfilment/providers/reloadly-account.ts';
import { reloadlySettingsOrStop } from '../fulfilment/providers/reloadly.ts';
import { lowBalanceThreshold } from './topup-account.module.ts';
import { BALANCE_CACHE_MS, createTopupBalanceMonitor } from './topup-balance.ts';

const METRICS_TOKEN = 'balance-metrics-token-0123456789abcdefgh';
const BALANCE_URL = '/api/v1/admin/topup-provider/balance';
const LOW_SUBJECT = /^Top-up balance low at reloadly/;

/*
 * The aggregator's prepaid balance (issue 28) with TOPUP_PROVIDER=reloadly against the stand-in:
 * shown to admins, a gauge, and one e-mail to the owner per crossing below RELOADLY_LOW_BALANCE,
 * on PGlite or PostgreSQL (TEST_DATABASE_URL).
 */
describe('the top-up balance (Reloadly stand-in)', () => {
  const { s, rld, owner, support } = openReloadlyBackOffice({
    RELOADLY_LOW_BALANCE: '5000',
    METRICS_TOKEN,
  });

  const setBalance = (amount: number) => {
    rld().emptyBalance();
    rld().fund(amount);
  };
  const balanceAs = (headers: Record<string, string>) =>
    s.t.app.inject({ method: 'GET', url: BALANCE_URL, headers });
  const lowMails = (to: string) => outboxFor(s.t, to).filter((m) => LOW_SUBJECT.test(m.subject));
  const check = async () => {
    await s.t.app.checkTopupBalance?.();
  };
  const balanceReads = () => rld().calls.get('GET /accounts/balance') ?? 0;

  it('shows admins the balance in the aggregator currency, read once per 30 s', async () => {
    setBalance(750_000);
    s.clock.advance(BALANCE_CACHE_MS);
    const before = balanceReads();
    const res = await balanceAs(owner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: TopupBalance }>().data).toMatchObject({
      provider: 'reloadly',
      hasBalance: true,
      amount: 750_000,
      currencyCode: 'MMK',
      lowThreshold: 5000,
      low: false,
      problem: null,
    });
    await balanceAs(owner.headers);
    expect(balanceReads() - before).toBe(1);
  });

  it('refuses support staff (403), and anyone not signed in (401)', async () => {
    expect((await balanceAs(support.headers)).statusCode).toBe(403);
    expect((await balanceAs({})).statusCode).toBe(401);
  });

  it('e-mails the owner once when the balance falls below the threshold, again after it recovered', async () => {
    setBalance(1200);
    await check();
    await check();
    await check();
    expect(lowMails(owner.email)).toHaveLength(1);
    expect(lowMails(owner.email)[0]?.text).toContain('1200 MMK, below the 5000 MMK');
    expect(lowMails(support.email)).toHaveLength(0);
    const shown = await balanceAs(owner.headers);
    expect(shown.json<{ data: TopupBalance }>().data).toMatchObject({ amount: 1200, low: true });
    setBalance(20_000);
    await check();
    expect(lowMails(owner.email)).toHaveLength(1);
    setBalance(300);
    await check();
    await check();
    expect(lowMails(owner.email)).toHaveLength(2);
  });

  /** A monitor as another instance has it, its e-mails recorded. */
  const instance = (read: () => Promise<ReloadlyBalance>, sent: EmailMessage[]) =>
    createTopupBalanceMonitor({
      provider: 'reloadly',
      read,
      threshold: 5000,
      db: s.t.database.db,
      mailer: {
        send: (message) => {
          sent.push(message);
          return Promise.resolve();
        },
        close: () => undefined,
      },
      clock: s.clock,
      log: s.t.app.log,
    });

  it('several instances checking at once send one e-mail', async () => {
    setBalance(20_000);
    await check(); // back above: the next crossing is told
    setBalance(10);
    const settings = reloadlySettingsOrStop(rld().env);
    const sent: EmailMessage[] = [];
    const instances = [1, 2, 3].map(() =>
      instance(() => createReloadlyAccount(settings).balance(), sent),
    );
    const before = lowMails(owner.email).length;
    await Promise.all(instances.map((m) => m.refresh()));
    expect(sent.filter((m) => m.to === owner.email)).toHaveLength(1);
    expect(lowMails(owner.email).length).toBe(before);
  });

  it('is the gauge shop_topup_provider_balance, labelled with the provider and currency', async () => {
    setBalance(4321);
    s.clock.advance(BALANCE_CACHE_MS);
    const res = await s.t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.body).toContain(
      'shop_topup_provider_balance{provider="reloadly",currency="MMK"} 4321',
    );
  });

  it('an unreadable balance says why and keeps the last figure', async () => {
    let answer: ReloadlyBalance | Error = { amount: 9000, currencyCode: 'USD', updatedAt: null };
    const monitor = instance(
      () => (answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)),
      [],
    );
    expect(await monitor.view()).toMatchObject({
      amount: 9000,
      currencyCode: 'USD',
      problem: null,
    });
    answer = new Error('Reloadly balance read timed out');
    s.clock.advance(BALANCE_CACHE_MS);
    expect(await monitor.view()).toMatchObject({
      amount: 9000,
      problem: 'Reloadly balance read timed out',
    });
  });

  it('a malformed RELOADLY_LOW_BALANCE stops the start; none means no alarm', () => {
    expect(() => lowBalanceThreshold({ RELOADLY_LOW_BALANCE: 'lots' })).toThrow(
      /RELOADLY_LOW_BALANCE: malformed/,
    );
    expect(() => lowBalanceThreshold({ RELOADLY_LOW_BALANCE: '-5' })).toThrow(/malformed/);
    expect(lowBalanceThreshold({})).toBeNull();
  });
});
