import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import { closeNow, listenLocally, postOverHttp, sendJson as json } from './http-standin.ts';

/*
 * A stand-in for Pay with Wave on 127.0.0.1 (ADR 0059), from Wave Money's published integration
 * guide (DigitalMoneyMyanmar/paywithwave.github.io): POST /payment (a form; checks the hash with
 * its own code; 400 INVALID_HASH, 409 "Record already exists" for a reused merchant_reference_id,
 * 422 for a missing field, 404 for an unknown merchant), GET /authenticate, and the JSON callback
 * with its hashValue (nulls hashed as "null"). Faults: a create that never answers, a tampered
 * callback. The customer's page (GET /authenticate, Pay / Cancel) sends the callback and returns
 * the browser to the shop, for browser tests.
 */

export interface WaveRequest {
  fields: Record<string, string>;
  transactionId: string;
  paymentRequestId: string;
}

export type WaveCallbackSender = (
  url: string,
  body: string,
) => Promise<{ status: number; body: string }>;

export interface WaveStandin {
  url: string;
  env: Record<string, string>;
  /** Payment requests accepted, by merchant_reference_id. */
  requests: Map<string, WaveRequest>;
  /** Requests refused for their hash. */
  refusedHash: number;
  /** From now on /payment accepts the connection and never answers. */
  hangOnCreate: boolean;
  request(reference: string): WaveRequest;
  /** The callback Wave would send for this request with `status`; `tamper` changes it after hashing. */
  callback(
    reference: string,
    status: string,
    tamper?: (body: Record<string, unknown>) => void,
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const REQUIRED = [
  'time_to_live_in_seconds',
  'merchant_id',
  'order_id',
  'merchant_reference_id',
  'frontend_result_url',
  'backend_result_url',
  'amount',
  'payment_description',
  'merchant_name',
  'items',
  'hash',
];

/** The stand-in's own HMAC, written from the guide's formula (not the adapter's code). */
const hmac = (secret: string, parts: readonly (string | number | null | undefined)[]) =>
  createHmac('sha256', secret)
    .update(parts.map((p) => (p === null || p === undefined ? 'null' : String(p))).join(''))
    .digest('hex');

const httpSender: WaveCallbackSender = (url, body) =>
  postOverHttp(url, { 'content-type': 'application/json' }, body);

export async function startWaveStandin(
  options: { sendCallback?: WaveCallbackSender } = {},
): Promise<WaveStandin> {
  const secret = randomBytes(24).toString('hex');
  const merchantId = 'WAVE-M-0042';
  const requests = new Map<string, WaveRequest>();
  let refusedHash = 0;
  let hangOnCreate = false;
  let ids = 360;

  const { server, url } = await listenLocally((req, res, received) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (path === '/authenticate' || path.startsWith('/authenticate/')) {
      customerPage(req, res, received.toString('utf8'));
      return;
    }
    if (req.method !== 'POST' || path !== '/payment') {
      json(res, 404, { message: 'Not found' });
      return;
    }
    if (hangOnCreate) return; // never answers
    const form = Object.fromEntries(new URLSearchParams(received.toString('utf8')));
    const missing = REQUIRED.filter((name) => !form[name]);
    if (missing.length > 0) {
      json(res, 422, {
        errors: Object.fromEntries(missing.map((n) => [n, [`The ${n} field is required.`]])),
      });
      return;
    }
    if (form.merchant_id !== merchantId) {
      json(res, 404, { message: 'No record found' });
      return;
    }
    const expected = hmac(secret, [
      form.time_to_live_in_seconds,
      form.merchant_id,
      form.order_id,
      form.amount,
      form.backend_result_url,
      form.merchant_reference_id,
    ]);
    if (form.hash !== expected) {
      refusedHash += 1;
      json(res, 400, { message: 'INVALID_HASH' });
      return;
    }
    const reference = form.merchant_reference_id ?? '';
    if (requests.has(reference)) {
      json(res, 409, { message: 'Record already exists' });
      return;
    }
    ids += 1;
    const transactionId = `enc-${randomBytes(8).toString('hex')}`;
    requests.set(reference, { fields: form, transactionId, paymentRequestId: String(ids) });
    json(res, 200, { message: 'success', transaction_id: transactionId });
  });
  /**
   * The customer's side, for browser tests: the page the shop sends the customer to
   * (GET /authenticate?transaction_id=…, standing in for WavePay's), where Pay or Cancel sends the
   * signed callback to the shop, then returns the browser to the request's frontend_result_url.
   */
  const customerPage = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    const transactionId =
      url.searchParams.get('transaction_id') ??
      new URLSearchParams(body).get('transaction_id') ??
      '';
    const found = [...requests.entries()].find(([, r]) => r.transactionId === transactionId);
    if (!found) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>No such payment request</h1>');
      return;
    }
    const [reference, request] = found;
    if (req.method === 'GET' && url.pathname === '/authenticate') {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><html lang="en"><title>WavePay (stand-in)</title><main>` +
            `<h1>WavePay (stand-in)</h1><p>Pay ${escapeHtml(request.fields.amount ?? '')} MMK to ` +
            `${escapeHtml(request.fields.merchant_name ?? '')}</p>` +
            `<form method="post" action="/authenticate/pay"><input type="hidden" name="transaction_id" value="${escapeHtml(transactionId)}"><button>Pay</button></form>` +
            `<form method="post" action="/authenticate/cancel"><input type="hidden" name="transaction_id" value="${escapeHtml(transactionId)}"><button>Cancel</button></form>` +
            `</main></html>`,
        );
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    const status =
      url.pathname === '/authenticate/pay' ? 'PAYMENT_CONFIRMED' : 'PAYMENT_REQUEST_CANCELLED';
    customerCallback(reference, status).then(
      () => {
        res.writeHead(303, { location: request.fields.frontend_result_url ?? '/' }).end();
      },
      (err: unknown) => {
        res.writeHead(502, { 'content-type': 'text/plain' }).end(String(err));
      },
    );
  };
  let customerCallback: (reference: string, status: string) => Promise<unknown> = () =>
    Promise.resolve();

  const send = options.sendCallback ?? httpSender;
  const findRequest = (reference: string) => {
    const found = requests.get(reference);
    if (!found) throw new Error(`the stand-in has no payment request ${reference}`);
    return found;
  };

  const standin: WaveStandin = {
    url,
    env: {
      WAVE_MERCHANT_ID: merchantId,
      WAVE_SECRET_KEY: secret,
      WAVE_BASE_URL: url,
      WAVE_AUTHENTICATE_URL: `${url}/authenticate`,
    },
    requests,
    get refusedHash() {
      return refusedHash;
    },
    get hangOnCreate() {
      return hangOnCreate;
    },
    set hangOnCreate(value: boolean) {
      hangOnCreate = value;
    },
    request: findRequest,
    callback(reference, status, tamper) {
      const { fields, paymentRequestId } = findRequest(reference);
      const body: Record<string, unknown> = {
        status,
        merchantId: fields.merchant_id,
        orderId: fields.order_id,
        merchantReferenceId: reference,
        frontendResultUrl: fields.frontend_result_url,
        backendResultUrl: fields.backend_result_url,
        initiatorMsisdn: '9791009039',
        amount: fields.amount,
        timeToLiveSeconds: Number(fields.time_to_live_in_seconds),
        paymentDescription: fields.payment_description,
        currency: 'MMK',
        additionalField1: null,
        additionalField2: null,
        additionalField3: null,
        additionalField4: null,
        additionalField5: null,
        // The guide's example has a null-able transactionId; a cancelled request has none.
        transactionId: status === 'PAYMENT_CONFIRMED' ? `T${paymentRequestId}` : null,
        paymentRequestId,
        requestTime: '2026-12-02T10:38:56',
      };
      // The guide's formula, in its own order (not the shop's list: the stand-in checks it).
      const formula =
        'status timeToLiveSeconds merchantId orderId amount backendResultUrl merchantReferenceId initiatorMsisdn transactionId paymentRequestId requestTime';
      const signed = formula.split(' ').map((name) => body[name] as string | number | null);
      body.hashValue = hmac(secret, signed);
      tamper?.(body);
      return send(fields.backend_result_url ?? '', JSON.stringify(body));
    },
    close: () => closeNow(server),
  };
  customerCallback = (reference, status) => standin.callback(reference, status);
  return standin;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
