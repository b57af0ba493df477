import { createHmac, randomBytes } from 'node:crypto';
import type http from 'node:http';
import { answeredByFault, closeNow, listenLocally, sendJson as json } from './http-standin.ts';
import { httpReceipt, type ReceiptSender } from './smspoh.ts';

/*
 * A stand-in for Twilio's Messages API on 127.0.0.1 (ADR 0061), from twilio.com/docs/messaging/
 * api/message-resource and …/usage/webhooks/webhooks-security: POST /2010-04-01/Accounts/{sid}/
 * Messages.json (a form, HTTP Basic AccountSid:AuthToken checked; To, Body and From or
 * MessagingServiceSid required) answers 201 {sid:'SM…', status:'queued', …}; errors are Twilio's
 * {code, message, more_info, status}. Faults: the next N sends answer 503, sends never answer,
 * sends are refused 400 (21211, an invalid To). statusCallback() posts the form Twilio sends to
 * StatusCallback, signed in X-Twilio-Signature by this file's own reading of the documented scheme.
 */

export interface TwilioSent {
  sid: string;
  to: string;
  body: string;
  from: string | undefined;
  messagingServiceSid: string | undefined;
  statusCallback: string | undefined;
}

export interface TwilioStandin {
  url: string;
  env: Record<string, string>;
  sent: TwilioSent[];
  unavailableAnswers: number;
  refusedAnswers: number;
  failNext: number;
  refuse: boolean;
  hang: boolean;
  /**
   * Posts Twilio's status callback for message `sid`; `signWith` signs with another token (a
   * forgery), `tamper` changes the form after signing.
   */
  statusCallback(
    sid: string,
    status: string,
    options?: { signWith?: string; tamper?: (form: URLSearchParams) => void; unsigned?: boolean },
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

/**
 * The documented signature: the full URL, then every POST field's name and value in name order,
 * HMAC-SHA1 keyed with the auth token, in base64.
 */
function signTwilio(token: string, url: string, form: URLSearchParams): string {
  const names = [...new Set(form.keys())].sort();
  let data = url;
  for (const name of names) for (const value of form.getAll(name)) data += name + value;
  return createHmac('sha1', Buffer.from(token, 'utf8'))
    .update(Buffer.from(data, 'utf8'))
    .digest('base64');
}

export async function startTwilioStandin(
  options: { sendReceipt?: ReceiptSender } = {},
): Promise<TwilioStandin> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const from = '+15005550006';
  const held: http.ServerResponse[] = [];

  const twilioError = (res: http.ServerResponse, status: number, code: number, message: string) => {
    json(res, status, {
      code,
      message,
      more_info: `https://www.twilio.com/docs/errors/${code}`,
      status,
    });
  };

  const standin: TwilioStandin = {
    url: '',
    env: {},
    sent: [],
    unavailableAnswers: 0,
    refusedAnswers: 0,
    failNext: 0,
    refuse: false,
    hang: false,
    async statusCallback(sid, status, opts = {}) {
      const message = standin.sent.find((m) => m.sid === sid);
      if (!message?.statusCallback) throw new Error(`no StatusCallback for ${sid}`);
      const form = new URLSearchParams({
        AccountSid: accountSid,
        ApiVersion: '2010-04-01',
        From: message.from ?? from,
        MessageSid: sid,
        MessageStatus: status,
        SmsSid: sid,
        SmsStatus: status,
        To: message.to,
      });
      if (status === 'undelivered' || status === 'failed') form.set('ErrorCode', '30003');
      const signature = signTwilio(opts.signWith ?? authToken, message.statusCallback, form);
      opts.tamper?.(form);
      const headers: Record<string, string> = {
        'content-type': 'application/x-www-form-urlencoded',
        'i-twilio-idempotency-token': randomBytes(8).toString('hex'),
      };
      if (!opts.unsigned) headers['x-twilio-signature'] = signature;
      return (options.sendReceipt ?? httpReceipt)(message.statusCallback, {
        headers,
        body: form.toString(),
      });
    },
    close: () => closeNow(server, held),
  };

  const { server, url } = await listenLocally((req, res, received) => {
    if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
      twilioError(res, 404, 20404, 'The requested resource was not found');
      return;
    }
    if (req.headers.authorization !== expectedAuth) {
      twilioError(res, 401, 20003, 'Authenticate');
      return;
    }
    const unavailable = () => {
      twilioError(res, 503, 20503, 'Service unavailable');
    };
    if (answeredByFault(standin, res, held, unavailable)) return;
    const form = new URLSearchParams(received.toString('utf8'));
    const to = form.get('To');
    const body = form.get('Body');
    const sender = form.get('From') ?? undefined;
    const service = form.get('MessagingServiceSid') ?? undefined;
    if (standin.refuse || !to || !/^\+\d{8,15}$/.test(to)) {
      standin.refusedAnswers += 1;
      twilioError(res, 400, 21211, `The 'To' number ${to ?? ''} is not a valid phone number.`);
      return;
    }
    if (!body || (!sender && !service)) {
      standin.refusedAnswers += 1;
      twilioError(res, 400, 21602, 'Message body is required.');
      return;
    }
    const sid = `SM${randomBytes(16).toString('hex')}`;
    standin.sent.push({
      sid,
      to,
      body,
      from: sender,
      messagingServiceSid: service,
      statusCallback: form.get('StatusCallback') ?? undefined,
    });
    json(res, 201, {
      account_sid: accountSid,
      api_version: '2010-04-01',
      body,
      direction: 'outbound-api',
      from: sender ?? null,
      messaging_service_sid: service ?? null,
      num_segments: '1',
      sid,
      status: service ? 'accepted' : 'queued',
      to,
    });
  });
  standin.url = url;
  standin.env = {
    TWILIO_ACCOUNT_SID: accountSid,
    TWILIO_AUTH_TOKEN: authToken,
    TWILIO_FROM: from,
    TWILIO_API_BASE_URL: standin.url,
  };
  return standin;
}
