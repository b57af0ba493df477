import { z } from 'zod';
import { httpUrl, optionalMs } from '../../../platform/settings-fields.ts';
import {
  callGateway,
  gatewaySettings,
  receiptFields,
  receiptOutcome,
  type SmsGateway,
} from '../sms-gateway.ts';

/*
 * SMSPoh (Myanmar), API v3 (ADR 0061; ../shared/research/going-live.md §4, §6.5), from its pages
 * smspoh.com/v3/web/developers/restful-sms-api-specification and …/send-http-query:
 * - base https://v3.smspoh.com/api/rest, JSON bodies, `Authorization: Bearer base64(key:secret)`;
 * - a message: to (09…, 959… or +959…), message, from (the approved sender ID), and optionally
 *   test, deliveryReceiptUrl (this message's receipts go there) and clientReference (ours, passed
 *   back in the receipt);
 * - OTP texts without a brand or app name are rejected (its v2 page): the shop's name is in ours.
 * Unverified (the pages seen stop before them): the single-send path `/send` and its answer
 * (`{messages:[{messageId, status, …}]}`) come from public client code, not the pages; the
 * receipt's body is not documented. Receipts are unsigned: the URL's per-message token is the check.
 */

export const smspohSettingsSchema = z.object({
  SMSPOH_API_KEY: z.string().min(1),
  SMSPOH_API_SECRET: z.string().min(1),
  /** The sender ID SMSPoh approved for the account. */
  SMSPOH_SENDER_ID: z.string().min(1).max(13),
  /** Default https://v3.smspoh.com/api/rest. */
  SMSPOH_BASE_URL: z.optional(httpUrl()),
  /** true: SMSPoh's test mode (nothing sent, no credit used), for staging. */
  SMSPOH_TEST: z.optional(z.enum(['true', 'false'])),
  /** One send's time budget (default 5 s): no answer in time is retried. */
  SMSPOH_TIMEOUT_MS: optionalMs(200, 30_000),
});

/** SMSPoh's status words (any case) for delivered and failed; any other is on its way. */
const STATUS_WORDS = {
  delivered: new Set(['delivered', 'deliver', 'success', 'successful']),
  failed: new Set(['failed', 'fail', 'undelivered', 'rejected', 'expired', 'error']),
};

/** The message's id in a send answer ({messages:[{messageId}]}; v2's {data:{messages:[{id}]}}). */
function acceptedId(body: string): string {
  try {
    const parsed = z
      .object({
        messages: z.optional(z.array(z.object({ messageId: z.optional(z.unknown()) }))),
        data: z.optional(
          z.object({ messages: z.optional(z.array(z.object({ id: z.optional(z.unknown()) }))) }),
        ),
      })
      .safeParse(JSON.parse(body));
    if (!parsed.success) return '';
    const id = parsed.data.messages?.[0]?.messageId ?? parsed.data.data?.messages?.[0]?.id;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : '';
  } catch {
    return '';
  }
}

export function createSmspohGateway(env: Record<string, string | undefined>): SmsGateway {
  const e = gatewaySettings('smspoh', smspohSettingsSchema, env);
  const base = (e.SMSPOH_BASE_URL ?? 'https://v3.smspoh.com/api/rest').replace(/\/+$/, '');
  const token = Buffer.from(`${e.SMSPOH_API_KEY}:${e.SMSPOH_API_SECRET}`).toString('base64');
  const timeoutMs = e.SMSPOH_TIMEOUT_MS ?? 5000;
  const test = e.SMSPOH_TEST === 'true';

  const send: SmsGateway['send'] = async (sms) => {
    const answer = await callGateway(
      `${base}/send`,
      {
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          to: sms.to,
          message: sms.text,
          from: e.SMSPOH_SENDER_ID,
          clientReference: sms.id,
          deliveryReceiptUrl: sms.receiptUrl,
          ...(test ? { test: true } : {}),
        }),
      },
      timeoutMs,
    );
    return { providerMessageId: acceptedId(answer.body), providerStatus: 'accepted' };
  };

  const readReceipt: SmsGateway['readReceipt'] = (request) => {
    const fields = receiptFields(request);
    const status = fields?.status ?? fields?.messageStatus;
    if (!fields || !status) return null;
    const id = fields.messageId ?? fields.id;
    return {
      providerMessageId: id ? id : null,
      outcome: receiptOutcome(status.trim().toLowerCase(), STATUS_WORDS),
      providerStatus: status.slice(0, 60),
    };
  };

  return { name: 'smspoh', send, readReceipt };
}
