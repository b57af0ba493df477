import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { jsonOrUndefined } from '../../../platform/json.ts';
import { httpUrl, optionalMs } from '../../../platform/settings-fields.ts';
import { callGateway, gatewaySettings, receiptOutcome, type SmsGateway } from '../sms-gateway.ts';

/*
 * Twilio Programmable Messaging (ADR 0061; ../shared/research/going-live.md §4, §6.5), from
 * twilio.com/docs/messaging/api/message-resource and twilio.com/docs/usage/webhooks/webhooks-security:
 * - POST {api}/2010-04-01/Accounts/{AccountSid}/Messages.json, a form: To, From or
 *   MessagingServiceSid, Body, StatusCallback; HTTP Basic AccountSid:AuthToken; 201 {sid, status};
 * - the status callback is a form POST (MessageSid, MessageStatus queued / sending / sent /
 *   delivered / undelivered / failed, ErrorCode…) signed in X-Twilio-Signature: base64 of
 *   HMAC-SHA1 keyed with the auth token over the full URL it called followed by each POST
 *   parameter's name and value, sorted by name. (A Webhooks Rule can switch to HMAC-SHA256 with
 *   X-Twilio-Webhooks-Signature-Settings; not supported here: such a receipt is refused.)
 */

export const twilioSettingsSchema = z
  .object({
    TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'must be an Account SID (AC…)'),
    TWILIO_AUTH_TOKEN: z.string().min(16),
    /** The sender: a Twilio number (+…) or an alphanumeric sender ID… */
    TWILIO_FROM: z.optional(z.string().min(1)),
    /** …or a Messaging Service (MG…) that picks one. */
    TWILIO_MESSAGING_SERVICE_SID: z.optional(
      z.string().regex(/^MG[0-9a-fA-F]{32}$/, 'must be MG…'),
    ),
    /** Default https://api.twilio.com. */
    TWILIO_API_BASE_URL: z.optional(httpUrl()),
    /** One send's time budget (default 5 s): no answer in time is retried. */
    TWILIO_TIMEOUT_MS: optionalMs(200, 30_000),
  })
  .refine((e) => Boolean(e.TWILIO_FROM ?? e.TWILIO_MESSAGING_SERVICE_SID), {
    message: 'missing (or TWILIO_MESSAGING_SERVICE_SID)',
    path: ['TWILIO_FROM'],
    // Checked even when another variable is missing, so the start lists every one.
    when: () => true,
  });

/** Twilio's status words for delivered and failed; any other is on its way. */
const STATUS_WORDS = {
  delivered: new Set(['delivered', 'read']),
  failed: new Set(['failed', 'undelivered', 'canceled']),
};

/** Twilio's X-Twilio-Signature of a form POST to `url` (its documented HMAC-SHA1 scheme). */
export function twilioSignature(authToken: string, url: string, params: [string, string][]) {
  const sorted = [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signed = url + sorted.map(([name, value]) => name + value).join('');
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createTwilioGateway(env: Record<string, string | undefined>): SmsGateway {
  const e = gatewaySettings('twilio', twilioSettingsSchema, env);
  const api = (e.TWILIO_API_BASE_URL ?? 'https://api.twilio.com').replace(/\/+$/, '');
  const basic = Buffer.from(`${e.TWILIO_ACCOUNT_SID}:${e.TWILIO_AUTH_TOKEN}`).toString('base64');
  const timeoutMs = e.TWILIO_TIMEOUT_MS ?? 5000;

  const send: SmsGateway['send'] = async (sms) => {
    const form = new URLSearchParams({
      To: sms.to,
      Body: sms.text,
      StatusCallback: sms.receiptUrl,
    });
    if (e.TWILIO_MESSAGING_SERVICE_SID)
      form.set('MessagingServiceSid', e.TWILIO_MESSAGING_SERVICE_SID);
    else form.set('From', e.TWILIO_FROM ?? '');
    const answer = await callGateway(
      `${api}/2010-04-01/Accounts/${e.TWILIO_ACCOUNT_SID}/Messages.json`,
      {
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: form.toString(),
      },
      timeoutMs,
    );
    const parsed = z
      .object({ sid: z.string(), status: z.optional(z.string()) })
      .safeParse(jsonOrUndefined(answer.body) ?? null);
    return parsed.success
      ? { providerMessageId: parsed.data.sid, providerStatus: parsed.data.status ?? 'accepted' }
      : { providerMessageId: '', providerStatus: 'accepted' };
  };

  const readReceipt: SmsGateway['readReceipt'] = (request) => {
    const signature = request.headers['x-twilio-signature'];
    if (!signature || request.headers['x-twilio-webhooks-signature-settings']) return null;
    if (!(request.contentType ?? '').includes('application/x-www-form-urlencoded')) return null;
    const params = [...new URLSearchParams(request.rawBody).entries()];
    const expected = twilioSignature(e.TWILIO_AUTH_TOKEN, request.url, params);
    if (!sameText(signature, expected)) return null;
    const fields = Object.fromEntries(params);
    const status = fields.MessageStatus;
    if (!status) return null;
    // Signed with this account's token already; a receipt naming another account is still not ours.
    if (fields.AccountSid !== undefined && fields.AccountSid !== e.TWILIO_ACCOUNT_SID) return null;
    return {
      providerMessageId: fields.MessageSid ?? null,
      outcome: receiptOutcome(status, STATUS_WORDS),
      providerStatus: fields.ErrorCode ? `${status} ${fields.ErrorCode}`.slice(0, 60) : status,
    };
  };

  return { name: 'twilio', send, readReceipt };
}
