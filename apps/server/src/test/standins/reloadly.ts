import { createHmac, randomBytes, randomInt } from 'node:crypto';
import type http from 'node:http';
import type { Socket } from 'node:net';
import { phonePrefixTable, type OperatorCode } from '@shop/contracts/phone';
import { closeNow, jsonObjectOf, listenLocally, sendJson as json } from './http-standin.ts';
import { defaultReloadlyCatalogue } from './reloadly-catalogue.ts';
import { reloadlyTokenDesk } from './reloadly-oauth.ts';

/*
 * A stand-in for Reloadly Airtime on 127.0.0.1 (issue 28), from the documented shapes
 * (../shared/research/going-live.md §2.1, §6.6), not from anyone's code: POST /oauth/token
 * (client credentials and audience checked), GET /operators/auto-detect/phone/{p}/countries/{c},
 * POST /topups and /topups-async, GET /topups/{id}/status, GET /topups/reports/transactions
 * ?customIdentifier= or ?startDate=&endDate=, GET /accounts/balance, GET /operators/countries/MM. Every top-ups call needs the Accept header and a
 * live Bearer token. A customIdentifier is executed once: a reuse is refused with a 400.
 * Transactions live in memory.
 *
 * Fault switches, by the recipient's last four digits (like the simulator's) or set by the test:
 * …9999 the top-up is executed and the answer to the first POST is lost (socket destroyed);
 * …8888 no POST is ever answered (the socket is held until close) and nothing is executed;
 * …7777 the status stays PROCESSING for `processingPolls` polls, then SUCCESSFUL;
 * …6666 auto-detect says the number is on another operator (ATOM);
 * …0000 the operator refuses: the status ends REFUNDED.
 * A data bundle is a top-up whose operatorId is the number's operator's data or bundle operator in
 * `catalogue` (FIXED) and whose amount is one of its localFixedAmounts; any other is refused.
 * expireTokens(): every token issued so far is refused (401 INVALID_TOKEN); emptyBalance(): a
 * top-up is refused 400 INSUFFICIENT_BALANCE and nothing is executed.
 */

export interface ReloadlyTransaction {
  transactionId: number;
  customIdentifier: string;
  operatorId: number;
  operatorName: string;
  amount: number;
  useLocalAmount: boolean;
  number: string;
  status: 'PROCESSING' | 'SUCCESSFUL' | 'REFUNDED';
  polls: number;
  /** When it was executed (the report's transactionDate; tests may move it). */
  at?: Date;
}

export interface ReloadlyStandin {
  url: string;
  env: Record<string, string>;
  /** Executed top-ups, in order. */
  transactions: ReloadlyTransaction[];
  /** How often each path was called (method and path without the query). */
  calls: Map<string, number>;
  tokensIssued(): number;
  /** Top-up POSTs refused because the customIdentifier had been used. */
  reusedRefused(): number;
  /** Requests refused for a missing/expired token or a wrong Accept header. */
  refusedAuth(): number;
  expireTokens(): void;
  emptyBalance(): void;
  /** Puts money on the account (after emptyBalance). */
  fund(amount: number): void;
  /** What auto-detect says of MMK amounts (default true). */
  localAmounts: boolean;
  /** What auto-detect calls an operator, by its id (tests rename one; default its usual name). */
  detectedNames: Record<number, string>;
  /** GET /operators/countries/MM's answer (defaultReloadlyCatalogue; tests edit it). */
  catalogue: Record<string, unknown>[];
  /** The operator refuses the top-ups whose customIdentifier this picks (they end REFUNDED). */
  operatorRefuses: (customIdentifier: string) => boolean;
  /** Polls a …7777 top-up answers PROCESSING before SUCCESSFUL (default 2). */
  processingPolls: number;
  /** A signed webhook delivery about a transaction (the separator `:` as documented). */
  webhookDelivery(transaction: ReloadlyTransaction): {
    body: string;
    headers: Record<string, string>;
  };
  close(): Promise<void>;
}

/** Reloadly's names of the operators, found by the shop's own prefix table (contracts). */
const OPERATOR_IDS: Record<OperatorCode, { operatorId: number; name: string }> = {
  MPT: { operatorId: 1001, name: 'MPT Myanmar' },
  OOREDOO: { operatorId: 1002, name: 'Ooredoo Myanmar' },
  ATOM: { operatorId: 1003, name: 'ATOM Myanmar' },
  MYTEL: { operatorId: 1004, name: 'Mytel Myanmar' },
  MEC: { operatorId: 1005, name: 'MECTel Myanmar' },
};

/** The operator of an international number (959…); …6666 is said to be on ATOM. */
function operatorOf(number: string) {
  if (number.endsWith('6666')) return OPERATOR_IDS.ATOM;
  const rule = phonePrefixTable.find((r) => number.startsWith(`95${r.prefix.slice(1)}`));
  return rule ? OPERATOR_IDS[rule.operator] : null;
}

/** startDate / endDate ("YYYY-MM-DD HH:mm:ss", UTC here): from the start, before the end. */
function inReportDates(t: ReloadlyTransaction, startDate: string | null, endDate: string | null) {
  const at = (t.at ?? new Date()).getTime();
  const instant = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`);
  return (!startDate || at >= instant(startDate)) && (!endDate || at < instant(endDate));
}

const problem = (res: http.ServerResponse, status: number, errorCode: string, message: string) => {
  json(res, status, {
    timeStamp: new Date().toISOString(),
    message,
    path: '',
    errorCode,
    infoLink: null,
    details: [],
  });
};

export async function startReloadlyStandin(
  options: {
    webhookSecret?: string;
    /** A top-up POST is answered up to this long after it was executed (a crash test's window). */
    answerDelayMs?: number;
  } = {},
): Promise<ReloadlyStandin> {
  const clientId = `client-${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(16).toString('hex');
  const webhookSecret = options.webhookSecret ?? randomBytes(16).toString('hex');
  const transactions: ReloadlyTransaction[] = [];
  const held = new Set<Socket>();
  let reused = 0;
  let refused = 0;
  let balance = 1_000_000;
  let nextId = 30_000;
  const tokens = reloadlyTokenDesk({
    clientId,
    clientSecret,
    scope: 'send-topups read-operators read-topups-history',
    audience: () => url,
    problem: (res, status, errorCode, message) => {
      problem(res, status, errorCode, message);
    },
    invalidTokenMessage: 'Access token is invalid or expired',
  });

  const record = (transaction: ReloadlyTransaction) => ({
    transactionId: transaction.transactionId,
    status: transaction.status,
    operatorTransactionId: null,
    customIdentifier: transaction.customIdentifier,
    recipientPhone: transaction.number,
    countryCode: 'MM',
    operatorId: transaction.operatorId,
    operatorName: transaction.operatorName,
    requestedAmount: transaction.amount,
    requestedAmountCurrencyCode: 'MMK',
    deliveredAmount: transaction.amount,
    deliveredAmountCurrencyCode: 'MMK',
    transactionDate: (transaction.at ?? new Date()).toISOString().replace('T', ' ').slice(0, 19),
  });

  /** POST /topups and /topups-async: one execution per customIdentifier. */
  function topUp(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    body: Record<string, unknown>,
    async: boolean,
  ) {
    const phone = body.recipientPhone as { countryCode?: unknown; number?: unknown } | undefined;
    const number = typeof phone?.number === 'string' ? phone.number : '';
    const customIdentifier = typeof body.customIdentifier === 'string' ? body.customIdentifier : '';
    if (number.endsWith('8888')) {
      held.add(req.socket);
      return;
    }
    const detected = operatorOf(number);
    // A data bundle: the number's operator's bundle operator (in the catalogue), by its id.
    const bundle = detected ? bundleOperatorOf(detected.name, body.operatorId) : null;
    const operator = bundle ?? detected;
    if (!operator || phone?.countryCode !== 'MM' || operator.operatorId !== body.operatorId) {
      problem(res, 400, 'INVALID_RECIPIENT_PHONE', 'The recipient phone is not valid');
      return;
    }
    if (customIdentifier && transactions.some((t) => t.customIdentifier === customIdentifier)) {
      reused += 1;
      problem(res, 400, 'DUPLICATED_CUSTOM_IDENTIFIER', 'The custom identifier was used already');
      return;
    }
    const amount = Number(body.amount);
    const notAFixedAmount = bundle !== null && !bundle.localFixedAmounts.includes(amount);
    if (
      !Number.isFinite(amount) ||
      amount <= 0 ||
      body.useLocalAmount !== true ||
      notAFixedAmount
    ) {
      problem(res, 400, 'INVALID_AMOUNT', 'The amount is not valid for this operator');
      return;
    }
    if (balance < amount) {
      problem(res, 400, 'INSUFFICIENT_BALANCE', 'Your balance is too low for this top-up');
      return;
    }
    balance -= amount;
    const transaction: ReloadlyTransaction = {
      transactionId: (nextId += 1),
      customIdentifier,
      operatorId: operator.operatorId,
      operatorName: operator.name,
      amount,
      useLocalAmount: true,
      number,
      status: number.endsWith('7777') || async ? 'PROCESSING' : 'SUCCESSFUL',
      polls: 0,
      at: new Date(),
    };
    const refusedByOperator = number.endsWith('0000') || stand.operatorRefuses(customIdentifier);
    if (refusedByOperator) transaction.status = async ? 'PROCESSING' : 'REFUNDED';
    transactions.push(transaction);
    const firstLost =
      number.endsWith('9999') && transactions.filter((t) => t.number === number).length === 1;
    if (firstLost) {
      req.socket.destroy();
      return;
    }
    const answer = async ? { transactionId: transaction.transactionId } : record(transaction);
    const delay = options.answerDelayMs ? randomInt(options.answerDelayMs + 1) : 0;
    if (delay === 0) json(res, 200, answer);
    else
      setTimeout(() => {
        json(res, 200, answer);
      }, delay);
  }

  /**
   * The catalogue's data or bundle operator `operatorId` of the operator named `name` (its name
   * starts with the operator's: MPT Myanmar Data), with its fixed kyat amounts; else null.
   */
  function bundleOperatorOf(name: string, operatorId: unknown) {
    const found = stand.catalogue.find((o) => o.operatorId === operatorId);
    if (!found || (found.data !== true && found.bundle !== true)) return null;
    const bundleName = typeof found.name === 'string' ? found.name : '';
    if (!bundleName.startsWith(name) || found.denominationType !== 'FIXED') return null;
    const amounts = Array.isArray(found.localFixedAmounts) ? found.localFixedAmounts : [];
    return {
      operatorId: operatorId as number,
      name: bundleName,
      localFixedAmounts: amounts.filter((a): a is number => typeof a === 'number'),
    };
  }

  /** A status poll advances an async top-up: PROCESSING for a while, then its end. */
  function statusOf(transaction: ReloadlyTransaction) {
    transaction.polls += 1;
    if (transaction.status === 'PROCESSING') {
      const waits = transaction.number.endsWith('7777') ? stand.processingPolls : 0;
      if (transaction.polls > waits)
        transaction.status =
          transaction.number.endsWith('0000') || stand.operatorRefuses(transaction.customIdentifier)
            ? 'REFUNDED'
            : 'SUCCESSFUL';
    }
    return {
      code: null,
      message: transaction.status === 'REFUNDED' ? 'The operator refused the top-up' : null,
      status: transaction.status,
      transaction: transaction.status === 'SUCCESSFUL' ? record(transaction) : null,
    };
  }

  function route(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    body: Record<string, unknown>,
  ) {
    const [path = '', query = ''] = (req.url ?? '').split('?');
    const admitted = tokens.admit(req, res, path, body);
    if (admitted === 'refused') refused += 1;
    if (admitted !== 'admitted') return;
    if (req.headers.accept !== 'application/com.reloadly.topups-v1+json') {
      refused += 1;
      problem(res, 406, 'NOT_ACCEPTABLE', 'Accept header must name the top-ups API version');
      return;
    }
    const detect = /^\/operators\/auto-detect\/phone\/(\d+)\/countries\/([A-Z]{2})$/.exec(path);
    if (req.method === 'GET' && detect) {
      const operator = detect[2] === 'MM' ? operatorOf(detect[1] ?? '') : null;
      if (!operator) {
        problem(res, 404, 'COULD_NOT_AUTO_DETECT_OPERATOR', 'Could not detect the operator');
        return;
      }
      json(res, 200, {
        operatorId: operator.operatorId,
        name: stand.detectedNames[operator.operatorId] ?? operator.name,
        bundle: false,
        data: false,
        pin: false,
        supportsLocalAmounts: stand.localAmounts,
        denominationType: 'RANGE',
        destinationCurrencyCode: 'MMK',
        country: { isoName: 'MM', name: 'Myanmar' },
      });
      return;
    }
    if (req.method === 'POST' && (path === '/topups' || path === '/topups-async')) {
      topUp(req, res, body, path === '/topups-async');
      return;
    }
    const status = /^\/topups\/(\d+)\/status$/.exec(path);
    if (req.method === 'GET' && status) {
      const transaction = transactions.find((t) => String(t.transactionId) === status[1]);
      if (!transaction) problem(res, 404, 'TRANSACTION_NOT_FOUND', 'No such transaction');
      else json(res, 200, statusOf(transaction));
      return;
    }
    if (req.method === 'GET' && path === '/topups/reports/transactions') {
      const params = new URLSearchParams(query);
      const wanted = params.get('customIdentifier');
      const rows = transactions
        .filter((t) => !wanted || t.customIdentifier === wanted)
        .filter((t) => inReportDates(t, params.get('startDate'), params.get('endDate')));
      json(res, 200, { content: rows.map(record), totalElements: rows.length });
      return;
    }
    if (req.method === 'GET' && path === '/operators/countries/MM') {
      json(res, 200, stand.catalogue);
      return;
    }
    if (req.method === 'GET' && path === '/accounts/balance') {
      json(res, 200, {
        balance,
        currencyCode: 'MMK',
        currencyName: 'Myanmar Kyat',
        updatedAt: new Date().toISOString(),
      });
      return;
    }
    problem(res, 404, 'NOT_FOUND', 'No such path');
  }

  const { server, url } = await listenLocally((req, res, body) => {
    route(req, res, jsonObjectOf(body));
  });

  const stand: ReloadlyStandin = {
    url,
    env: {
      TOPUP_PROVIDER: 'reloadly',
      RELOADLY_CLIENT_ID: clientId,
      RELOADLY_CLIENT_SECRET: clientSecret,
      RELOADLY_AUTH_URL: `${url}/oauth/token`,
      RELOADLY_TOPUPS_URL: url,
      RELOADLY_WEBHOOK_SECRET: webhookSecret,
    },
    transactions,
    calls: tokens.calls,
    processingPolls: 2,
    localAmounts: true,
    detectedNames: {},
    catalogue: defaultReloadlyCatalogue(),
    operatorRefuses: () => false,
    tokensIssued: tokens.issued,
    reusedRefused: () => reused,
    refusedAuth: () => refused,
    expireTokens: tokens.expireTokens,
    emptyBalance() {
      balance = 0;
    },
    fund(amount) {
      balance += amount;
    },
    webhookDelivery(transaction) {
      const body = JSON.stringify({
        id: `evt-${String(transaction.transactionId)}`,
        type: 'airtime_transaction.status',
        data: record(transaction),
      });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = createHmac('sha256', webhookSecret)
        .update(`${body}:${timestamp}`)
        .digest('hex');
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-reloadly-signature': signature,
          'x-reloadly-request-timestamp': timestamp,
        },
      };
    },
    close: () => closeNow(server, held),
  };
  return stand;
}
