import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentMethodId } from '@shop/contracts/checkout';
import { buildMmqrPayload, shopMerchant } from './mmqr.ts';

/** What the shop asks an acquirer to collect. */
export interface PaymentRequest {
  method: Exclude<PaymentMethodId, 'points'>;
  reference: string;
  orderNumber: string;
  amountMmk: number;
  expiresAt: Date;
}

/** How the customer pays it: a QR to scan, an A+ request to approve, or a bank page to open. */
export interface PaymentInstruction {
  /** Kept with the payment (the QR payload or the request token). */
  payload: string;
  paymentQrCode: string | null;
  paymentToken: string | null;
  paymentUrl: string | null;
}

/**
 * The seam to a payment acquirer (DESIGN §1): a real adapter is selected by PAYMENT_PROVIDER.
 * Every acquirer confirms payments by the signed webhook /api/v1/payments/webhook/{name}.
 */
export interface Acquirer {
  readonly name: string;
  createPayment(request: PaymentRequest): PaymentInstruction;
}

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
    createPayment(request) {
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
      return {
        payload: token,
        paymentQrCode: null,
        paymentToken: request.method === 'aplus' ? token : null,
        paymentUrl:
          request.method === 'direct'
            ? `${publicUrl}/sandbox/bank?token=${encodeURIComponent(token)}`
            : null,
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
