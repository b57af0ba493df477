import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  webhookEventSchema,
} from '@shop/contracts/payments';
import type { Acquirer, ParsedCallback, PaymentRequest } from '../acquirer.ts';
import { buildMmqrPayload, shopMerchant } from '../mmqr.ts';
import { verifyWebhook } from '../webhook-signature.ts';
import { jsonOrUndefined } from '../../../platform/json.ts';

/** Fields of an A+ or direct-transfer request, as the sandbox bank reads them back. */
export interface SandboxTokenClaims {
  method: PaymentRequest['method'];
  reference: string;
  orderNumber: string;
  amountMmk: number;
  /** Unix seconds. */
  expiresAt: number;
}

/**
 * Built-in sandbox bank. MM QR gets a real MMQR payload; A+ and direct transfer get a request
 * token signed with a key derived from the webhook secret (the bank's record of the request, so the
 * sandbox keeps no state of its own).
 */
export function createSandboxAcquirer(webhookSecret: string, publicUrl: string) {
  const tokenKey = createHmac('sha256', webhookSecret).update('sandbox-payment-token').digest();
  const sign = (body: string) => createHmac('sha256', tokenKey).update(body).digest('base64url');

  const acquirer: Acquirer & {
    readToken(token: string): SandboxTokenClaims | null;
  } = {
    name: 'sandbox',
    methods: ['mmqr', 'aplus', 'direct'],
    // The bank checks the QR's expiry when paying; the webhook's time is compared again.
    enforcesWindow: false,
    // eslint-disable-next-line @typescript-eslint/require-await -- no outside call: the bank is here
    async createPayment(request) {
      if (request.method === 'mmqr') {
        const payload = buildMmqrPayload(shopMerchant, {
          amountMmk: request.amountMmk,
          billNumber: request.orderNumber,
          reference: request.reference,
          expiresAt: request.expiresAt,
        });
        return { payload, paymentQrCode: payload, paymentToken: null, paymentUrl: null };
      }
      const claims: SandboxTokenClaims = {
        method: request.method,
        reference: request.reference,
        orderNumber: request.orderNumber,
        amountMmk: request.amountMmk,
        expiresAt: Math.floor(request.expiresAt.getTime() / 1000),
      };
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
      const token = `${body}.${sign(body)}`;
      if (request.method === 'aplus')
        return { payload: token, paymentQrCode: null, paymentToken: token, paymentUrl: null };
      const paymentUrl = `${publicUrl}/sandbox/bank?token=${encodeURIComponent(token)}`;
      return { payload: paymentUrl, paymentQrCode: null, paymentToken: null, paymentUrl };
    },
    /** The shop's own webhook: v1=HMAC-SHA256(secret, "{timestamp}.{body}"), JSON (DESIGN §5). */
    parseCallback(input, now): ParsedCallback {
      const check = verifyWebhook(
        webhookSecret,
        input.headers[WEBHOOK_TIMESTAMP_HEADER],
        input.headers[WEBHOOK_SIGNATURE_HEADER],
        input.rawBody,
        now,
      );
      if (check !== 'ok') return { verified: false, reason: check };
      const body = jsonOrUndefined(input.rawBody);
      if (body === undefined) return { verified: false, reason: 'malformed' };
      const parsed = webhookEventSchema.safeParse(body);
      if (!parsed.success) return { verified: false, reason: 'malformed' };
      return { verified: true, trust: 'signed', event: parsed.data };
    },
    acknowledge({ duplicate }) {
      return {
        status: 200,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify({
          success: true,
          message: duplicate ? 'Event already processed' : 'Event processed',
          data: { duplicate },
        }),
      };
    },
    readToken(token) {
      const [body, signature, ...rest] = token.split('.');
      if (!body || !signature || rest.length) return null;
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SandboxTokenClaims;
      } catch {
        return null;
      }
    },
  };
  return acquirer;
}

export type SandboxAcquirer = ReturnType<typeof createSandboxAcquirer>;
