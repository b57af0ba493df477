import type { TopupCatalogueOperator } from '@shop/contracts/topup-provider-admin';
import { TopupUnavailableError } from '../topup-provider.ts';
import { catalogueOf, RELOADLY_CATALOGUE_PATH } from './reloadly-catalogue.ts';
import { createReloadlyTokens, RELOADLY_ACCEPT, type ReloadlySettings } from './reloadly.ts';
import { isRecord } from '../../../platform/json.ts';

/*
 * Reloadly's account-side reads (issue 28), from its published API description
 * (../shared/research/going-live.md §6.1, §6.2), with the top-up adapter's token handling:
 * - GET /accounts/balance → {balance, currencyCode, currencyName, updatedAt}: the prepaid wallet,
 *   in the account's currency (USD for most accounts), not in kyat;
 * - GET /operators/countries/MM (reloadly-catalogue.ts): the operators, amounts and bundles;
 * - GET /topups/reports/transactions?startDate=&endDate=&page=&size= → a page {content:[{
 *   transactionId, status, customIdentifier, requestedAmount, requestedAmountCurrencyCode,
 *   deliveredAmount, deliveredAmountCurrencyCode, transactionDate, …}], last?, totalPages?}
 *   (dates "YYYY-MM-DD HH:mm:ss", read here as UTC).
 * Every call carries the top-ups Accept header and a Bearer token; a refused token (401) is
 * replaced once. A timeout, network error, 5xx or other refusal throws TopupUnavailableError.
 */

export interface ReloadlyBalance {
  amount: number;
  currencyCode: string;
  updatedAt: string | null;
}

/** Reloadly's report date form, "YYYY-MM-DD HH:mm:ss" (UTC). */
export const reportDate = (instant: Date) => instant.toISOString().slice(0, 19).replace('T', ' ');

/** Rows asked for per report page. */
const REPORT_PAGE_SIZE = 200;
/** A day with more pages than this is cut short (and says so in the log of the caller). */
const REPORT_MAX_PAGES = 100;

const failed = (what: string) => new TopupUnavailableError(`Reloadly ${what}`);

/** One GET of the top-ups API, its JSON answer (any 2xx), else a throw naming what failed. */
async function getOnce(
  settings: ReloadlySettings,
  token: string,
  path: string,
  what: string,
): Promise<{ status: number; body: unknown }> {
  try {
    const res = await fetch(`${settings.topupsUrl}${path}`, {
      headers: { accept: RELOADLY_ACCEPT, authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    const text = await res.text();
    if (res.status === 401) return { status: 401, body: null };
    if (res.status >= 300) throw failed(`${what} answered ${String(res.status)}`);
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  } catch (err) {
    if (err instanceof TopupUnavailableError) throw err;
    const reason = err instanceof Error && err.name === 'TimeoutError' ? 'timed out' : 'failed';
    throw failed(`${what} ${reason}`);
  }
}

/** The account-side client: one token cache of its own (the sends keep theirs). */
export function createReloadlyAccount(settings: ReloadlySettings) {
  const tokens = createReloadlyTokens(settings);

  /** A GET whose refused token is replaced once. */
  async function get(path: string, what: string): Promise<unknown> {
    for (let tries = 1; ; tries += 1) {
      const token = await tokens.get();
      const answer = await getOnce(settings, token, path, what);
      if (answer.status !== 401) return answer.body;
      tokens.drop(token);
      if (tries >= 2) throw failed(`${what} refused our new token`);
    }
  }

  return {
    get,
    /** The Myanmar operators with their amounts, bundles, costs and FX. */
    async catalogue(): Promise<TopupCatalogueOperator[]> {
      return catalogueOf(await get(RELOADLY_CATALOGUE_PATH, 'catalogue read'));
    },
    /** Every transaction the report lists from `start` to `end`, page after page. */
    async transactions(start: Date, end: Date): Promise<Record<string, unknown>[]> {
      const rows: Record<string, unknown>[] = [];
      for (let page = 1; page <= REPORT_MAX_PAGES; page += 1) {
        const query = new URLSearchParams({
          startDate: reportDate(start),
          endDate: reportDate(end),
          page: String(page),
          size: String(REPORT_PAGE_SIZE),
        });
        const body = await get(`/topups/reports/transactions?${query.toString()}`, 'report read');
        const content = isRecord(body) && Array.isArray(body.content) ? body.content : [];
        rows.push(...content.filter(isRecord));
        const last = isRecord(body) && body.last === true;
        if (last || content.length < REPORT_PAGE_SIZE) return rows;
      }
      throw failed(`report read: more than ${String(REPORT_MAX_PAGES)} pages for one day`);
    },
    /** The prepaid balance, in the account's currency. */
    async balance(): Promise<ReloadlyBalance> {
      const body = await get('/accounts/balance', 'balance read');
      const amount = isRecord(body) ? Number(body.balance) : Number.NaN;
      const currencyCode = isRecord(body) ? body.currencyCode : null;
      if (!Number.isFinite(amount) || typeof currencyCode !== 'string')
        throw failed('balance read answered without a balance and currency');
      return {
        amount,
        currencyCode,
        updatedAt: isRecord(body) && typeof body.updatedAt === 'string' ? body.updatedAt : null,
      };
    },
  };
}

export type ReloadlyAccount = ReturnType<typeof createReloadlyAccount>;
