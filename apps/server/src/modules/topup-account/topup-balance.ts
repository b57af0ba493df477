import type { TopupBalance } from '@shop/contracts/topup-provider-admin';
import type { FastifyBaseLogger } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import type { Mailer } from '../../platform/messaging.ts';
import { adminEmails } from '../auth/admin-emails.ts';
import type { ReloadlyBalance } from '../fulfilment/providers/reloadly-account.ts';
import { clearAlarm, raiseAlarm } from '../site/alarm-settings.ts';

/** A read balance is answered again for this long (dashboard, scrapes, the periodic check). */
export const BALANCE_CACHE_MS = 30_000;

interface BalanceRead {
  balance: ReloadlyBalance | null;
  problem: string | null;
  readAt: Date;
}

/** The site_settings key of a provider's balance alarm. */
const alarmKey = (provider: string) => `topup_balance_low:${provider}`;
/** What the alarm row keeps of the balance that set or cleared it. */
const alarmValue = (balance: ReloadlyBalance) => ({
  amount: balance.amount,
  currencyCode: balance.currencyCode,
});

/**
 * Marks the balance low (site_settings, one row per provider), true for the one check of every
 * instance that makes it so: the row is written only when it was not low already, in one
 * statement (a concurrent check waits for the row and then finds it low).
 */
const claimLowCrossing = (db: Db, provider: string, balance: ReloadlyBalance, now: Date) =>
  raiseAlarm(db, alarmKey(provider), alarmValue(balance), now);

/** Clears the mark: the next crossing below the threshold e-mails again. */
const clearLow = (db: Db, provider: string, balance: ReloadlyBalance, now: Date) =>
  clearAlarm(db, alarmKey(provider), alarmValue(balance), now);

function lowBalanceEmail(
  to: string,
  provider: string,
  balance: ReloadlyBalance,
  threshold: number,
) {
  const figure = `${String(balance.amount)} ${balance.currencyCode}`;
  return {
    to,
    subject: `Top-up balance low at ${provider}: ${figure}`,
    text: [
      `The shop's prepaid balance at ${provider} is ${figure}, below the ${String(threshold)} ${balance.currencyCode} you set (RELOADLY_LOW_BALANCE).`,
      'Top-ups keep being sent while money is left; when it runs out, orders wait (they are not failed or refunded) and are delivered once the account is funded.',
      `Fund the account in ${provider}'s dashboard. You will be told again only after the balance has been back above the threshold and falls below it once more.`,
    ].join('\n\n'),
  };
}

/**
 * The aggregator's prepaid balance (issue 28): read at most every BALANCE_CACHE_MS (concurrent
 * readers share one read), exposed as the gauge shop_topup_provider_balance, and compared with
 * the threshold: the owner is e-mailed once per crossing below it, whichever instance sees it.
 */
export function createTopupBalanceMonitor(deps: {
  provider: string;
  read: () => Promise<ReloadlyBalance>;
  /** Below this (in the aggregator's currency) the owner is told; null: never. */
  threshold: number | null;
  db: Db;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const { provider, threshold, db, clock } = deps;
  let last: BalanceRead | null = null;
  let inFlight: Promise<BalanceRead> | null = null;

  async function alertIfCrossed(balance: ReloadlyBalance): Promise<void> {
    if (threshold === null) return;
    const now = clock();
    if (balance.amount >= threshold) {
      await clearLow(db, provider, balance, now);
      return;
    }
    if (!(await claimLowCrossing(db, provider, balance, now))) return;
    try {
      for (const to of await adminEmails(db))
        await deps.mailer.send(lowBalanceEmail(to, provider, balance, threshold));
    } catch (err) {
      // Not told: the mark goes so that the next check tries again.
      await clearLow(db, provider, balance, now);
      throw err;
    }
  }

  async function readNow(): Promise<BalanceRead> {
    try {
      const balance = await deps.read();
      await alertIfCrossed(balance);
      return { balance, problem: null, readAt: clock() };
    } catch (err) {
      deps.log.warn({ err, provider }, 'the top-up balance could not be read or reported');
      const problem = err instanceof Error ? err.message : 'the balance could not be read';
      return { balance: last?.balance ?? null, problem, readAt: clock() };
    }
  }

  /** Reads now (joining a read in flight): the periodic check. */
  function refresh(): Promise<BalanceRead> {
    inFlight ??= readNow()
      .then((read) => (last = read))
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  }

  /** The balance read in the last BALANCE_CACHE_MS, or read now. */
  function current(): Promise<BalanceRead> {
    if (last && clock().getTime() - last.readAt.getTime() < BALANCE_CACHE_MS)
      return Promise.resolve(last);
    return refresh();
  }

  return {
    current,
    refresh,
    /**
     * Whether the balance read in the last BALANCE_CACHE_MS (one read for a whole batch of
     * lines) covers `need`; a need in another currency than the balance's, or none, asks for
     * more than nothing. A balance that cannot be read now answers true: the aggregator's own
     * refusal still stops the send.
     */
    async covers(need: { amount: number; currencyCode: string } | null): Promise<boolean> {
      const read = await current();
      if (!read.balance || read.problem) return true;
      return need?.currencyCode === read.balance.currencyCode
        ? read.balance.amount >= need.amount
        : read.balance.amount > 0;
    },
    /** What the back-office shows. */
    async view(): Promise<TopupBalance> {
      const read = await current();
      const amount = read.balance?.amount ?? null;
      return {
        provider,
        hasBalance: true,
        amount,
        currencyCode: read.balance?.currencyCode ?? null,
        updatedAt: read.balance?.updatedAt ?? null,
        readAt: read.readAt.toISOString(),
        lowThreshold: threshold,
        low: amount !== null && threshold !== null && amount < threshold,
        problem: read.problem,
      };
    },
    /** shop_topup_provider_balance in `registry`, read (from the cache) when scraped. */
    registerGauge(registry: Registry): void {
      new Gauge({
        name: 'shop_topup_provider_balance',
        help: "The top-up aggregator's prepaid balance, in its own currency (read at most every 30 s)",
        labelNames: ['provider', 'currency'] as const,
        registers: [registry],
        async collect() {
          const read = await current();
          this.reset();
          if (read.balance)
            this.set({ provider, currency: read.balance.currencyCode }, read.balance.amount);
        },
      });
    },
  };
}

export type TopupBalanceMonitor = ReturnType<typeof createTopupBalanceMonitor>;

/** The view of a provider that keeps no balance (the simulator). */
export const noBalance = (provider: string): TopupBalance => ({
  provider,
  hasBalance: false,
  amount: null,
  currencyCode: null,
  updatedAt: null,
  readAt: null,
  lowThreshold: null,
  low: false,
  problem: null,
});
