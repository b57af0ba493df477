import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { operatorNames, isOperatorCode } from '@shop/contracts/phone';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { httpUrl, optionalMs } from '../../../platform/settings-fields.ts';
import { ConfigError } from '../../../config.ts';
import { providerSettings } from '../../payments/acquirer.ts';
import { TopupAwaitingFundsError, TopupUnavailableError } from '../topup-provider.ts';
import type { TopupProvider, TopupRequest, TopupResult } from '../topup-provider.ts';
import { isRecord } from '../../../platform/json.ts';

/*
 * Reloadly Airtime (TOPUP_PROVIDER=reloadly, issue 28), written from Reloadly's published API
 * description (../shared/research/going-live.md §2.1, §6.1):
 * - token: POST {auth} {client_id, client_secret, grant_type:"client_credentials", audience} →
 *   {access_token, expires_in, token_type:"Bearer"}; the audience is the top-ups host;
 * - every call: Accept application/com.reloadly.topups-v1+json, Authorization Bearer; an expired
 *   or revoked token is answered 401 {errorCode:"INVALID_TOKEN"};
 * - GET /operators/auto-detect/phone/{phone}/countries/MM → {operatorId, name, …};
 * - GET /topups/reports/transactions?customIdentifier=… → a page {content:[{transactionId,
 *   status?, customIdentifier, …}]};
 * - POST /topups-async {operatorId, amount, useLocalAmount, customIdentifier, recipientPhone:
 *   {countryCode, number}} → {transactionId}; errors {errorCode, message, …}; a data bundle is
 *   the same call with the bundle operator's id and one of its fixed amounts (local, kyat);
 * - GET /topups/{transactionId}/status → {status, transaction{…}}: SUCCESSFUL, PROCESSING,
 *   REFUNDED (failed at the operator, money returned) or FAILED (not debited).
 * Idempotency: a unit's customIdentifier is looked up before every send, so a retry after a lost
 * answer finds the first transaction instead of making a second one.
 */

/** The variables TOPUP_PROVIDER=reloadly reads; the list a start without them prints. */
export const reloadlySettingsSchema = z.object({
  RELOADLY_CLIENT_ID: z.string().min(1),
  RELOADLY_CLIENT_SECRET: z.string().min(8),
  /** https://auth.reloadly.com/oauth/token */
  RELOADLY_AUTH_URL: httpUrl(),
  /** https://topups.reloadly.com (live) or https://topups-sandbox.reloadly.com; also the audience. */
  RELOADLY_TOPUPS_URL: httpUrl(),
  /** The webhook signing secret from Reloadly's dashboard (Developers → Webhooks). */
  RELOADLY_WEBHOOK_SECRET: z.string().min(8),
  /** One HTTP call's time budget (default 10 s). */
  RELOADLY_TIMEOUT_MS: optionalMs(200, 60_000),
  /** How long one job waits for a top-up's final status before it retries later (default 20 s). */
  RELOADLY_POLL_BUDGET_MS: optionalMs(500, 120_000),
});

export interface ReloadlySettings {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  topupsUrl: string;
  webhookSecret: string;
  timeoutMs: number;
  pollBudgetMs: number;
}

export function reloadlySettings(
  env: Record<string, string | undefined>,
): { settings: ReloadlySettings } | { problems: string[] } {
  const found = providerSettings(reloadlySettingsSchema, env);
  if ('problems' in found) return found;
  const e = found.values;
  return {
    settings: {
      clientId: e.RELOADLY_CLIENT_ID,
      clientSecret: e.RELOADLY_CLIENT_SECRET,
      authUrl: e.RELOADLY_AUTH_URL,
      topupsUrl: e.RELOADLY_TOPUPS_URL.replace(/\/+$/, ''),
      webhookSecret: e.RELOADLY_WEBHOOK_SECRET,
      timeoutMs: e.RELOADLY_TIMEOUT_MS ?? 10_000,
      pollBudgetMs: e.RELOADLY_POLL_BUDGET_MS ?? 20_000,
    },
  };
}

/** The settings, or the start stopped with what is wrong with them (names only). */
export function reloadlySettingsOrStop(env: Record<string, string | undefined>): ReloadlySettings {
  const found = reloadlySettings(env);
  if ('problems' in found)
    throw new ConfigError(
      `Invalid configuration for TOPUP_PROVIDER=reloadly:\n${found.problems.map((p) => `  ${p}`).join('\n')}`,
    );
  return found.settings;
}

export const RELOADLY_ACCEPT = 'application/com.reloadly.topups-v1+json';

/**
 * The customIdentifier of unit `unit` (1-based) of `quantity`: the line's key, `<key>/<n>` when
 * the line has several units. Reloadly documents no length limit, so the key is kept readable
 * up to 40 characters (a UUID, `:<attempt>`, `/<n>`), else a dash-free form of the same key.
 */
export function unitKeyOf(key: string, unit: number, quantity: number): string {
  const full = quantity > 1 ? `${key}/${String(unit)}` : key;
  return full.length <= 40 ? full : full.replaceAll('-', '');
}

/**
 * Reloadly's operator names for the shop's operator codes: an auto-detected operator whose name
 * does not contain one of them is another operator (Telenor Myanmar is ATOM now, Ooredoo is U9).
 */
const OPERATOR_ALIASES: Record<string, readonly string[]> = {
  MPT: ['mpt'],
  OOREDOO: ['ooredoo', 'u9'],
  ATOM: ['atom', 'telenor'],
  MYTEL: ['mytel'],
  MEC: ['mectel', 'mec tel'],
};

export function isOperatorOf(operatorCode: string, reloadlyName: string): boolean {
  const name = reloadlyName.toLowerCase();
  return (OPERATOR_ALIASES[operatorCode] ?? [operatorCode.toLowerCase()]).some((alias) =>
    name.includes(alias),
  );
}

/** hex HMAC-SHA256(secret, rawBody + ":" + timestamp): Reloadly's X-Reloadly-Signature. */
export function reloadlySignature(secret: string, rawBody: string, timestamp: string): string {
  return createHmac('sha256', secret).update(`${rawBody}:${timestamp}`).digest('hex');
}

/** Whether a webhook delivery carries the signature of our secret (compared in constant time). */
export function verifyReloadlySignature(
  secret: string,
  rawBody: string,
  timestamp: string | undefined,
  signature: string | undefined,
): boolean {
  if (!timestamp || !signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHash('sha256').update(reloadlySignature(secret, rawBody, timestamp));
  const given = createHash('sha256').update(signature.toLowerCase());
  return timingSafeEqual(expected.digest(), given.digest());
}

const textOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

/** The order item a customIdentifier was made from (unitKeyOf, topupKeyOf), or null. */
export function itemIdOfUnitKey(customIdentifier: string): string | null {
  const base = customIdentifier.split('/')[0]?.split(':')[0] ?? '';
  const hex = base.replaceAll('-', '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The customIdentifier a webhook delivery names (under `data`, or at the top), or null. */
export function customIdentifierOf(rawBody: string): string | null {
  try {
    const parsed: unknown = JSON.parse(rawBody);
    if (!isRecord(parsed)) return null;
    const data = isRecord(parsed.data) ? parsed.data : parsed;
    return textOf(data.customIdentifier);
  } catch {
    return null;
  }
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** A call that got an answer we cannot act on: the outcome stays unknown (the job retries). */
const unavailable = (what: string) =>
  new TopupUnavailableError(`Reloadly ${what}; the outcome is unknown`);

/** One HTTP exchange within the time budget; a timeout, network error or 5xx throws. */
export async function exchange(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: unknown },
  timeoutMs: number,
  what: string,
): Promise<Answer> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      method: init.method,
      headers: {
        ...init.headers,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await res.text();
  } catch (err) {
    const reason =
      err instanceof Error && err.name === 'TimeoutError' ? 'timed out' : 'unreachable';
    throw unavailable(`${what} ${reason}`);
  }
  if (res.status >= 500) throw unavailable(`${what} answered ${String(res.status)}`);
  let body: unknown = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    throw unavailable(`${what} answered ${String(res.status)} without JSON`);
  }
  return { status: res.status, body: isRecord(body) ? body : { content: body } };
}

/**
 * The access token, cached until shortly before it expires (a tenth of its life, at most a
 * minute), with one request for a new one in flight however many sends wait for it.
 */
export function createReloadlyTokens(settings: ReloadlySettings, now = () => Date.now()) {
  let cached: { token: string; renewAt: number } | null = null;
  let inFlight: Promise<string> | null = null;

  async function requestToken(): Promise<string> {
    const answer = await exchange(
      settings.authUrl,
      {
        method: 'POST',
        headers: { accept: 'application/json' },
        body: {
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
          grant_type: 'client_credentials',
          audience: settings.topupsUrl,
        },
      },
      settings.timeoutMs,
      'token request',
    );
    const token = textOf(answer.body.access_token);
    const expiresIn = Number(answer.body.expires_in);
    if (answer.status !== 200 || !token || !Number.isFinite(expiresIn))
      throw unavailable(
        `token request refused (${String(answer.status)} ${textOf(answer.body.errorCode) ?? ''})`,
      );
    const margin = Math.min(60_000, (expiresIn * 1000) / 10);
    cached = { token, renewAt: now() + expiresIn * 1000 - margin };
    return token;
  }

  return {
    async get(): Promise<string> {
      if (cached && now() < cached.renewAt) return cached.token;
      inFlight ??= requestToken().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    /** The token was refused: the next get() asks for a new one (unless one came meanwhile). */
    drop(token: string): void {
      if (cached?.token === token) cached = null;
    },
  };
}

/** A top-up's status as Reloadly words it, flat or under `transaction`. */
function statusOf(body: Record<string, unknown>): string | null {
  const inner = isRecord(body.transaction) ? body.transaction : {};
  return textOf(body.status) ?? textOf(inner.status);
}

interface UnitOutcome {
  status: 'success' | 'failed';
  transactionId: string;
  message: string;
}

/** What a final status means for a unit; null while Reloadly is still working on it. */
function outcomeOf(transactionId: string, body: Record<string, unknown>): UnitOutcome | null {
  const status = statusOf(body);
  const inner = isRecord(body.transaction) ? body.transaction : body;
  // Only these words are final; any other (PROCESSING, PENDING, one not documented) is waited
  // for, then left unconfirmed: a word misread as failed would refund a delivered top-up.
  if (status !== 'SUCCESSFUL' && status !== 'REFUNDED' && status !== 'FAILED') return null;
  if (status === 'SUCCESSFUL')
    return {
      status: 'success',
      transactionId,
      message: [
        textOf(inner.operatorName),
        textOf(inner.deliveredAmount),
        textOf(inner.deliveredAmountCurrencyCode),
      ]
        .filter(Boolean)
        .join(' '),
    };
  return {
    status: 'failed',
    transactionId,
    message: `${status}: ${textOf(body.message) ?? 'top-up not delivered'}`,
  };
}

export function createReloadlyTopupProvider(
  settings: ReloadlySettings,
  options: { now?: () => number } = {},
): TopupProvider & { wake(customIdentifier: string): void } {
  const now = options.now ?? (() => Date.now());
  const tokens = createReloadlyTokens(settings, now);
  /** Waits for a status poll that a webhook may cut short (it only wakes, never decides). */
  const wakers = new Map<string, () => void>();

  /** A call to the top-ups API; an invalid token is replaced once and the call made again. */
  async function api(method: string, path: string, what: string, body?: unknown) {
    for (let tries = 1; ; tries += 1) {
      const token = await tokens.get();
      const answer = await exchange(
        `${settings.topupsUrl}${path}`,
        { method, headers: { accept: RELOADLY_ACCEPT, authorization: `Bearer ${token}` }, body },
        settings.timeoutMs,
        what,
      );
      if (answer.status !== 401) return answer;
      tokens.drop(token);
      if (tries >= 2) throw unavailable(`${what} refused our new token`);
    }
  }

  /** The operator Reloadly says the number is on, or why it cannot tell. */
  async function detectOperator(
    msisdn: string,
  ): Promise<{ refused: string } | { operatorId: number; name: string; localAmounts: boolean }> {
    const answer = await api(
      'GET',
      `/operators/auto-detect/phone/${msisdn}/countries/MM`,
      'operator auto-detect',
    );
    const operatorId = Number(answer.body.operatorId);
    const name = textOf(answer.body.name);
    if (answer.status !== 200 || !Number.isInteger(operatorId) || !name)
      return {
        refused: `operator auto-detect: ${textOf(answer.body.errorCode) ?? String(answer.status)}`,
      };
    return { operatorId, name, localAmounts: answer.body.supportsLocalAmounts === true };
  }

  /** The transaction already made under this customIdentifier, if any. */
  async function lookUp(customIdentifier: string) {
    const answer = await api(
      'GET',
      `/topups/reports/transactions?customIdentifier=${encodeURIComponent(customIdentifier)}&size=1`,
      'report lookup',
    );
    if (answer.status !== 200) throw unavailable(`report lookup answered ${String(answer.status)}`);
    const rows = Array.isArray(answer.body.content) ? (answer.body.content as unknown[]) : [];
    const row = rows.find(
      (r): r is Record<string, unknown> => isRecord(r) && r.customIdentifier === customIdentifier,
    );
    const transactionId = row ? textOf(row.transactionId) : null;
    return row && transactionId ? { transactionId, row } : null;
  }

  /** Waits up to `ms`, or less when a webhook says this unit changed. */
  async function pause(customIdentifier: string, ms: number) {
    const controller = new AbortController();
    wakers.set(customIdentifier, () => {
      controller.abort();
    });
    try {
      await sleep(ms, undefined, { signal: controller.signal });
    } catch {
      // woken by a webhook: look again now
    } finally {
      wakers.delete(customIdentifier);
    }
  }

  /** Polls the status with back-off until it is final or the job's budget is spent (throws). */
  async function awaitFinal(
    customIdentifier: string,
    transactionId: string,
    deadline: number,
  ): Promise<UnitOutcome> {
    for (let wait = 250; ; wait = Math.min(wait * 2, 4000)) {
      const answer = await api('GET', `/topups/${transactionId}/status`, 'status poll');
      if (answer.status === 200) {
        const outcome = outcomeOf(transactionId, answer.body);
        if (outcome) return outcome;
      } else if (answer.status !== 404) {
        throw unavailable(`status poll answered ${String(answer.status)}`);
      }
      const left = deadline - now();
      if (left <= 0) throw unavailable(`top-up ${transactionId} still processing at the deadline`);
      await pause(customIdentifier, Math.min(wait, left));
    }
  }

  /** One unit: found in the reports, or sent now; then followed to its final status. */
  async function deliverUnit(
    request: TopupRequest,
    send: { operatorId: number; amount: number },
    customIdentifier: string,
    deadline: number,
  ): Promise<UnitOutcome> {
    const found = await lookUp(customIdentifier);
    if (found) {
      const final = statusOf(found.row) ? outcomeOf(found.transactionId, found.row) : null;
      return final ?? awaitFinal(customIdentifier, found.transactionId, deadline);
    }
    const answer = await api('POST', '/topups-async', 'top-up', {
      operatorId: send.operatorId,
      amount: send.amount,
      useLocalAmount: true,
      customIdentifier,
      recipientPhone: { countryCode: 'MM', number: request.msisdn },
    });
    const transactionId = textOf(answer.body.transactionId);
    if (answer.status < 300 && transactionId)
      return awaitFinal(customIdentifier, transactionId, deadline);
    // Refused: made nothing, unless the identifier was used already (then the report has it).
    const again = await lookUp(customIdentifier);
    if (again) return awaitFinal(customIdentifier, again.transactionId, deadline);
    const code = textOf(answer.body.errorCode) ?? String(answer.status);
    // The shop's own account is empty: nothing was sent, the line waits for funds (not a try).
    if (code === 'INSUFFICIENT_BALANCE')
      throw new TopupAwaitingFundsError(
        `Reloadly top-up refused for now (${code}): the account balance must be funded`,
      );
    if (answer.status === 429) throw unavailable(`top-up refused for now (${code})`);
    return {
      status: 'failed',
      transactionId: '',
      message: `${code}: ${textOf(answer.body.message) ?? 'top-up refused'}`,
    };
  }

  /** A definitive refusal before anything was sent. */
  const refused = (message: string): TopupResult => ({ status: 'failed', reference: '', message });

  /** Refused before sending: the number is on `name` (Reloadly's), not the product's operator. */
  const wrongOperator = (name: string, message: string): TopupResult => ({
    ...refused(message),
    numberOperator: Object.keys(OPERATOR_ALIASES).find((code) => isOperatorOf(code, name)) ?? name,
  });

  /** The line's result from its units' final outcomes (ADR 0062: some delivered, the rest refunded). */
  function lineResult(request: TopupRequest, outcomes: UnitOutcome[]): TopupResult {
    const delivered = outcomes.filter((o) => o.status === 'success');
    const reference = outcomes
      .map((o) => o.transactionId)
      .filter(Boolean)
      .map((id) => `RLD-${id}`)
      .join(' ');
    if (delivered.length === outcomes.length)
      return {
        status: 'success',
        reference,
        message: `${String(outcomes.length)} × ${delivered[0]?.message ?? ''} to ${request.msisdn}`,
      };
    if (delivered.length === 0)
      return { status: 'failed', reference, message: outcomes.map((o) => o.message).join('; ') };
    // Some units arrived and the others were refused: the line fails for the rest only.
    return {
      status: 'failed',
      reference,
      message: `delivered ${String(delivered.length)} of ${String(outcomes.length)}: ${outcomes
        .filter((o) => o.status === 'failed')
        .map((o) => o.message)
        .join('; ')}`,
      deliveredUnits: delivered.length,
    };
  }

  return {
    name: 'reloadly',
    wake(customIdentifier) {
      wakers.get(customIdentifier)?.();
    },
    async send(request) {
      const deadline = now() + settings.pollBudgetMs;
      if (!/^959\d{7,9}$/.test(request.msisdn))
        return refused(`not a Myanmar mobile number: ${request.msisdn}`);
      const { mapping } = request;
      // A data line is sent as the bundle its product is mapped to (ADR 0062 addendum): the
      // bundle operator's id and one of its fixed kyat amounts, one transaction per unit.
      if (request.kind === 'data' && !mapping)
        return refused(`no Reloadly data bundle is mapped for ${request.productCode}`);
      if (request.kind === 'topup' && !mapping && !request.amountMmk)
        return refused(`no Reloadly product is mapped for ${request.productCode}`);
      const operator = await detectOperator(request.msisdn);
      if ('refused' in operator) return refused(operator.refused);
      const productOperator = request.operator
        ? isOperatorCode(request.operator)
          ? operatorNames[request.operator]
          : request.operator
        : 'another operator';
      // A mapped top-up names Reloadly's own operator id: the number must be on that operator
      // (no guessing from names, which are unverified). Otherwise the names are compared.
      const onProductOperator =
        request.kind === 'topup' && mapping
          ? operator.operatorId === mapping.operatorId
          : !request.operator || isOperatorOf(request.operator, operator.name);
      if (!onProductOperator)
        return wrongOperator(
          operator.name,
          `operator mismatch: the number is on ${operator.name}, the product is for ${productOperator}`,
        );
      // Kyat amounts only: an operator Reloadly tops up in its own currency would cost an FX
      // conversion the price never included. A mapping's amount is one the catalogue offers in
      // kyat (a bundle's, one of its fixed amounts).
      const send = mapping ?? { operatorId: operator.operatorId, amount: request.amountMmk ?? 0 };
      if (!mapping && !operator.localAmounts)
        return refused(`${operator.name} takes no local (MMK) amounts at Reloadly`);
      const outcomes: UnitOutcome[] = [];
      for (let unit = 1; unit <= request.quantity; unit += 1) {
        const key = unitKeyOf(request.idempotencyKey, unit, request.quantity);
        outcomes.push(await deliverUnit(request, send, key, deadline));
      }
      return lineResult(request, outcomes);
    },
  };
}

/**
 * POST /api/v1/topups/webhook/reloadly (the URL registered in Reloadly's dashboard): a signed
 * delivery only wakes what waits on its top-up (a poll in progress, the line's job in back-off);
 * the outcome is always read from Reloadly's own status, never from the delivery. 200 when the
 * signature is ours (whatever it names), 401 otherwise.
 */
export function reloadlyWebhookRoutes(
  secret: string,
  wake: (customIdentifier: string, itemId: string | null) => Promise<void>,
): FastifyPluginAsync {
  // eslint-disable-next-line @typescript-eslint/require-await
  return async (app) => {
    app.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'string' },
      (_req, body, done) => {
        done(null, body);
      },
    );
    app.post(
      '/api/v1/topups/webhook/reloadly',
      {
        config: { requestLimit: false },
        schema: {
          tags: ['fulfilment'],
          summary:
            'Reloadly webhook: X-Reloadly-Signature = hex HMAC-SHA256(secret, body ":" X-Reloadly-Request-Timestamp); only wakes the top-up it names',
        },
      },
      async (request, reply) => {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const headerOf = (name: string) => {
          const value = request.headers[name];
          return Array.isArray(value) ? value[0] : value;
        };
        const signed = verifyReloadlySignature(
          secret,
          rawBody,
          headerOf('x-reloadly-request-timestamp'),
          headerOf('x-reloadly-signature'),
        );
        if (!signed) return reply.code(401).type('text/plain').send('bad signature');
        const customIdentifier = customIdentifierOf(rawBody);
        if (customIdentifier) await wake(customIdentifier, itemIdOfUnitKey(customIdentifier));
        return reply.code(200).type('text/plain').send('');
      },
    );
  };
}
