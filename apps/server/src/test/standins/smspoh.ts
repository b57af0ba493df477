import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import {
  answeredByFault,
  closeNow,
  listenLocally,
  postOverHttp,
  sendJson as json,
} from './http-standin.ts';

/*
 * A stand-in for SMSPoh's v3 REST API on 127.0.0.1 (ADR 0061), from its RESTful specification
 * page (base …/api/rest, JSON, `Authorization: Bearer base64(APIKey:APISecret)`, a message's
 * to / message / from / clientReference / deliveryReceiptUrl / test): POST /send checks the token
 * with its own encoding and answers 201 {messages:[{messageId, …, status:'Accepted'}]}; a wrong
 * token is 401. Faults: the next N sends answer 503, sends never answer, sends are refused 400.
 * receipt() posts a delivery receipt to the message's deliveryReceiptUrl (SMSPoh does not
 * document the receipt's body: JSON {messageId, clientReference, to, status} is the assumption the
 * adapter reads, ADR 0061).
 */

export interface SmspohSent {
  messageId: string;
  to: string;
  message: string;
  from: string;
  clientReference: string | undefined;
  deliveryReceiptUrl: string | undefined;
}

export type ReceiptSender = (
  url: string,
  init: { headers: Record<string, string>; body: string },
) => Promise<{ status: number; body: string }>;

export interface SmspohStandin {
  url: string;
  env: Record<string, string>;
  /** Messages accepted, in order. */
  sent: SmspohSent[];
  /** Sends answered 503 / refused 400 / left unanswered so far. */
  unavailableAnswers: number;
  refusedAnswers: number;
  unanswered: number;
  /** The next this many sends answer 503 Service Unavailable (nothing sent). */
  failNext: number;
  /** Sends are refused 400 (as an unapproved sender ID or a bad number is). */
  refuse: boolean;
  /** Sends are held open, never answered. */
  hang: boolean;
  /** Posts the receipt SMSPoh would send for a message accepted with `clientReference`. */
  receipt(clientReference: string, status: string): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

export const httpReceipt: ReceiptSender = (url, init) => postOverHttp(url, init.headers, init.body);

export async function startSmspohStandin(
  options: { sendReceipt?: ReceiptSender } = {},
): Promise<SmspohStandin> {
  const apiKey = `key-${randomBytes(6).toString('hex')}`;
  const apiSecret = randomBytes(18).toString('base64url');
  const expectedAuth = `Bearer ${Buffer.from(`${apiKey}:${apiSecret}`, 'utf8').toString('base64')}`;
  const held: http.ServerResponse[] = [];
  let ids = 7000;

  function accept(body: Record<string, unknown>): SmspohSent | string {
    for (const name of ['to', 'message', 'from'])
      if (typeof body[name] !== 'string' || body[name] === '') return `${name} is required`;
    if (!/^(09|959|\+959)\d{7,10}$/.test(String(body.to))) return 'Invalid phone number';
    ids += 1;
    return {
      messageId: String(ids),
      to: String(body.to),
      message: String(body.message),
      from: String(body.from),
      clientReference: typeof body.clientReference === 'string' ? body.clientReference : undefined,
      deliveryReceiptUrl:
        typeof body.deliveryReceiptUrl === 'string' ? body.deliveryReceiptUrl : undefined,
    };
  }

  const standin: SmspohStandin = {
    url: '',
    env: {},
    sent: [],
    unavailableAnswers: 0,
    refusedAnswers: 0,
    unanswered: 0,
    failNext: 0,
    refuse: false,
    hang: false,
    async receipt(clientReference, status) {
      const message = standin.sent.find((m) => m.clientReference === clientReference);
      if (!message?.deliveryReceiptUrl) throw new Error(`no receipt URL for ${clientReference}`);
      const body = JSON.stringify({
        messageId: message.messageId,
        clientReference,
        to: message.to,
        status,
      });
      return (options.sendReceipt ?? httpReceipt)(message.deliveryReceiptUrl, {
        headers: { 'content-type': 'application/json' },
        body,
      });
    },
    close: () => closeNow(server, held),
  };

  const { server, url } = await listenLocally((req, res, received) => {
    if (req.method !== 'POST' || req.url !== '/api/rest/send') {
      json(res, 404, { name: 'Not Found', message: 'Page not found.', code: 0, status: 404 });
      return;
    }
    if (req.headers.authorization !== expectedAuth) {
      json(res, 401, { name: 'Unauthorized', message: 'Invalid API credentials', status: 401 });
      return;
    }
    if (standin.hang) standin.unanswered += 1;
    const unavailable = () => {
      json(res, 503, { name: 'Service Unavailable', message: 'Try again later', status: 503 });
    };
    if (answeredByFault(standin, res, held, unavailable)) return;
    if (standin.refuse) {
      standin.refusedAnswers += 1;
      json(res, 400, { name: 'Bad Request', message: 'Sender ID is not approved', status: 400 });
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(received.toString('utf8')) as Record<string, unknown>;
    } catch {
      json(res, 400, { name: 'Bad Request', message: 'Invalid JSON', status: 400 });
      return;
    }
    const accepted = accept(body);
    if (typeof accepted === 'string') {
      standin.refusedAnswers += 1;
      json(res, 422, { name: 'Unprocessable entity', message: accepted, status: 422 });
      return;
    }
    standin.sent.push(accepted);
    json(res, 201, {
      messages: [
        {
          messageId: accepted.messageId,
          message: accepted.message,
          to: accepted.to,
          clientReference: accepted.clientReference ?? null,
          from: accepted.from,
          type: 'SMS',
          status: 'Accepted',
          test: body.test === true,
        },
      ],
    });
  });
  standin.url = `${url}/api/rest`;
  standin.env = {
    SMSPOH_API_KEY: apiKey,
    SMSPOH_API_SECRET: apiSecret,
    SMSPOH_SENDER_ID: 'MyanTopup',
    SMSPOH_BASE_URL: standin.url,
  };
  return standin;
}
