import { errorBodySchema } from '@shop/contracts/errors';
import {
  sandboxPayRequestSchema,
  sandboxPayResponseSchema,
  sandboxSilenceRequestSchema,
  sandboxSilenceResponseSchema,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  type WebhookEvent,
} from '@shop/contracts/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { randomBase32 } from '../orders/orders.service.ts';
import type { SandboxAcquirer } from './providers/sandbox.ts';
import { MmqrParseError, parseMmqrPayload, shopMerchant } from './mmqr.ts';
import { signWebhook } from './webhook-signature.ts';

/** How the bank reaches the shop: an HTTP POST (or app.inject when the app is not listening). */
export type WebhookSender = (request: {
  path: string;
  headers: Record<string, string>;
  body: string;
}) => Promise<number>;

/** A payment as the sandbox bank reads it from what the payer presents. */
interface PresentedPayment {
  reference: string;
  orderNumber: string;
  amount: number;
  expiresAt: Date;
  merchantName: string;
  method: WebhookEvent['data']['method'];
}

/**
 * The payment a scanned MM QR payload or an A+/transfer request names, checked as a wallet checks
 * it (CRC, merchant, the request's signature); a 400 for anything else.
 */
function presentedPayment(
  acquirer: SandboxAcquirer,
  {
    qrPayload,
    paymentToken,
  }: { qrPayload?: string | undefined; paymentToken?: string | undefined },
): PresentedPayment {
  if (qrPayload !== undefined) {
    let parsed;
    try {
      parsed = parseMmqrPayload(qrPayload);
    } catch (err) {
      if (err instanceof MmqrParseError)
        throw new AppError('VALIDATION_ERROR', `Invalid QR code: ${err.message}`);
      throw err;
    }
    if (parsed.merchantAccountId !== shopMerchant.accountId)
      throw new AppError('VALIDATION_ERROR', 'Invalid QR code: unknown merchant');
    return {
      reference: parsed.reference,
      orderNumber: parsed.billNumber,
      amount: parsed.amountMmk,
      expiresAt: parsed.expiresAt,
      merchantName: parsed.merchantNameMy ?? parsed.merchantName,
      method: 'mmqr',
    };
  }
  if (paymentToken !== undefined) {
    const claims = acquirer.readToken(paymentToken);
    if (!claims) throw new AppError('VALIDATION_ERROR', 'Invalid payment request');
    return {
      reference: claims.reference,
      orderNumber: claims.orderNumber,
      amount: claims.amountMmk,
      expiresAt: new Date(claims.expiresAt * 1000),
      merchantName: shopMerchant.nameMy,
      method: claims.method,
    };
  }
  throw new AppError('VALIDATION_ERROR', 'Send qrPayload or paymentToken');
}

/**
 * The built-in sandbox bank (issue 5): plays the customer's wallet app and the acquirer. It reads
 * a scanned MM QR payload (or an A+/transfer request), checks it as a wallet would (CRC, amount,
 * expiry) and notifies the shop with a signed webhook exactly as a real acquirer does. Registered
 * only when the sandbox is the selected provider (ADR 0017). It acts only on a payload the caller
 * presents (the QR or request the shop showed the payer), and a refusal only refuses that attempt,
 * as its silence only leaves that attempt's outcome unknown.
 */
export const sandboxBankRoutes =
  (deps: {
    acquirer: SandboxAcquirer;
    webhookSecret: string;
    clock: Clock;
    send: WebhookSender;
    /** The shop records a payment the bank will never report on (payments service `silence`). */
    silence: (reference: string) => Promise<boolean>;
  }): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    app.post(
      '/api/v1/sandbox/bank/pay',
      {
        config: { requestLimit: 'payment' },
        schema: {
          tags: ['sandbox'],
          summary: 'Sandbox bank: pay (or refuse) an MM QR payload or an A+/transfer request',
          body: sandboxPayRequestSchema,
          response: {
            200: sandboxPayResponseSchema,
            400: errorBodySchema,
            404: errorBodySchema,
            503: errorBodySchema,
          },
        },
      },
      async (request) => {
        const acquirer = deps.acquirer;
        const { qrPayload, paymentToken } = request.body;
        const outcome = request.body.outcome ?? 'paid';
        const now = deps.clock();
        const payment = presentedPayment(acquirer, { qrPayload, paymentToken });
        if (payment.expiresAt.getTime() <= now.getTime())
          throw new AppError('VALIDATION_ERROR', 'This QR code has expired');

        const event: WebhookEvent = {
          id: `evt_${randomBase32(26)}`,
          type: outcome === 'paid' ? 'payment.succeeded' : 'payment.failed',
          data: {
            reference: payment.reference,
            orderNumber: payment.orderNumber,
            amount: payment.amount,
            currency: 'MMK',
            occurredAt: now.toISOString(),
            method: payment.method,
          },
        };
        const body = JSON.stringify(event);
        const timestamp = Math.floor(now.getTime() / 1000);
        const webhookStatus = await deps.send({
          path: `/api/v1/payments/webhook/${acquirer.name}`,
          headers: {
            'content-type': 'application/json',
            [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
            [WEBHOOK_SIGNATURE_HEADER]: signWebhook(deps.webhookSecret, timestamp, body),
          },
          body,
        });
        if (webhookStatus < 200 || webhookStatus >= 300)
          throw new AppError(
            'SERVICE_UNAVAILABLE',
            `The shop answered the payment notification with ${webhookStatus}`,
          );
        return {
          success: true as const,
          message: outcome === 'paid' ? 'Payment sent' : 'Payment refused',
          data: {
            eventId: event.id,
            outcome,
            reference: payment.reference,
            orderNumber: payment.orderNumber,
            amount: payment.amount,
            merchantName: payment.merchantName,
            webhookStatus,
          },
        };
      },
    );

    app.post(
      '/api/v1/sandbox/bank/silence',
      {
        config: { requestLimit: 'payment' },
        schema: {
          tags: ['sandbox'],
          summary:
            'Sandbox bank: never report on an open payment (as Wave, which has no status API, may); the shop records its outcome as unknown for support',
          body: sandboxSilenceRequestSchema,
          response: {
            200: sandboxSilenceResponseSchema,
            400: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request) => {
        const payment = presentedPayment(deps.acquirer, request.body);
        if (!(await deps.silence(payment.reference)))
          throw new AppError('CONFLICT', 'Only an open payment can go unreported');
        return {
          success: true as const,
          message: 'The bank will never report on this payment',
          data: { reference: payment.reference, orderNumber: payment.orderNumber },
        };
      },
    );
  };
