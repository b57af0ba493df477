import type { PaymentMethodId } from '@shop/contracts/checkout';
import type { WebhookEvent } from '@shop/contracts/payments';
import type { z } from 'zod';

/** A checkout method an acquirer collects (points are the shop's own). */
export type PayableMethod = Exclude<PaymentMethodId, 'points'>;

/** A payment the shop ended, to be closed at its provider in the background (ADR 0058). */
export interface EndedPayment {
  provider: string;
  reference: string;
}

/** What the shop asks an acquirer to collect. */
export interface PaymentRequest {
  method: PayableMethod;
  /** The payment's own reference, [A-Z2-7]{20}: the acquirer's order id (KBZ merch_order_id). */
  reference: string;
  orderNumber: string;
  amountMmk: number;
  /** The shop's time now, and the end of the window the payment may be made in. */
  now: Date;
  expiresAt: Date;
}

/** How the customer pays it: a QR to scan, an A+ request to approve, or a bank page to open. */
export interface PaymentInstruction {
  /** Kept with the payment, to show it again: the QR payload, the A+ token or the page's URL. */
  payload: string;
  paymentQrCode: string | null;
  paymentToken: string | null;
  paymentUrl: string | null;
}

/** One callback as it arrived: any method, the body as the exact text received. */
export interface CallbackInput {
  method: string;
  rawBody: string;
  contentType: string | undefined;
  headers: Record<string, string | undefined>;
  query: Record<string, string>;
}

/** The reply the provider expects, sent verbatim (KBZPay: 200 text/plain `success`). */
export interface CallbackAck {
  /** A refused callback is answered by the route's error (4xx); a recorded one with 200. */
  status: 200;
  contentType: string;
  body: string;
}

/**
 * A callback after the provider checked it. `signed`: its signature proves it. `confirm_by_query`:
 * it proves nothing (A+'s unsigned GET) and only a status query may pay. `event` is null for a
 * verified callback that reports nothing the shop acts on (a payment still waiting).
 */
export type ParsedCallback =
  | { verified: true; trust: 'signed' | 'confirm_by_query'; event: WebhookEvent | null }
  | { verified: false; reason: 'missing' | 'stale' | 'bad_signature' | 'malformed' };

/** The provider's own answer about one payment: what a query (or the sweep) learned. */
export interface ProviderPaymentStatus {
  status: 'paid' | 'pending' | 'failed' | 'expired' | 'unknown';
  /** The event to record, as a callback would report it (same id: recorded once). */
  event: WebhookEvent | null;
}

/**
 * A refund the shop asks a provider to make (ADR 0060): of a payment it collected, by the refund's
 * own id, which the provider keeps as its idempotency key (KBZ `refund_request_no`). A retry after
 * a time-out sends the same id, so the money goes back once.
 */
export interface RefundRequest {
  /** The payment's reference at the provider (KBZ `merch_order_id`). */
  reference: string;
  /** The refund's own id, the same on every retry: [a-z0-9], 32 characters. */
  refundId: string;
  amountMmk: number;
  /** Why, in a few plain ASCII words (KBZ `refund_reason`). */
  reason: string;
}

/**
 * What the provider answered. `refunded`: the money went back. `pending`: accepted, not finished
 * (asked again later with the same id). `refused`: it will not, and says why. `unknown`: it
 * answered, but nothing proves what happened (support checks the merchant portal).
 */
export type RefundResult =
  | { status: 'refunded'; providerRef: string | null }
  | { status: 'pending'; providerRef: string | null }
  | { status: 'refused'; reason: string }
  | { status: 'unknown'; reason: string };

/** A provider could not be reached or answered out of its documented shape. */
export class AcquirerError extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AcquirerError';
  }
}

/**
 * The seam to a payment acquirer (ADR 0058): one file per provider under providers/, selected by
 * PAYMENT_PROVIDER. A provider owns everything about itself: creating a payment (an HTTP call
 * that may time out or fail cleanly), checking and reading its callbacks and the reply they
 * expect, and the authoritative status query the reconciliation sweep and weak callbacks use.
 */
export interface Acquirer {
  readonly name: string;
  /** The checkout methods it collects. */
  readonly methods: readonly PayableMethod[];
  /**
   * It refuses payment itself once the window it was given has passed (KBZPay's timeout_express):
   * what it reports paid was paid in time, however late the news comes (a retried callback, the
   * sweep). Without it, the event's own time is compared with the payment's window.
   */
  readonly enforcesWindow: boolean;
  createPayment(request: PaymentRequest): Promise<PaymentInstruction>;
  /** Checks and normalises one callback; never throws for a bad one, says so. */
  parseCallback(input: CallbackInput, now: Date): ParsedCallback;
  /** The reply to a callback the shop has recorded (or recorded before: a duplicate). */
  acknowledge(result: { duplicate: boolean }): CallbackAck;
  /** The provider's status of a payment; absent where there is no status API (the sandbox). */
  queryPayment?(payment: {
    reference: string;
    amountMmk: number;
    createdAt: Date;
  }): Promise<ProviderPaymentStatus>;
  /**
   * A provider without a status query that promises a final callback for every payment within
   * this long after its window (Wave: 900 s). A payment it never reported on by then is recorded
   * as "outcome unknown" for support (ADR 0059): the customer may have paid.
   */
  readonly finalCallbackWithinMs?: number;
  /** Closes a payment the shop no longer wants (cancel, Pay Again), where the provider can. */
  cancelPayment?(reference: string): Promise<void>;
  /**
   * Gives money of a payment back (ADR 0060), where the provider has a refund API and it is
   * configured; without it refunds stay manual in the back-office. Throws an AcquirerError when
   * the answer never came or was a server error (a time-out, the network, a 5xx): the caller
   * tries again later with the same `refundId`.
   */
  refund?(request: RefundRequest): Promise<RefundResult>;
}

/**
 * A provider's variables read by its schema, or what is wrong with them: names and "missing" or
 * "malformed" only, never a value (a key must not reach a log).
 */
export function providerSettings<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
): { values: z.output<S> } | { problems: string[] } {
  const parsed = schema.safeParse(env);
  if (parsed.success) return { values: parsed.data };
  return {
    problems: parsed.error.issues.map(
      (issue) =>
        `${issue.path.join('.')}: ${issue.code === 'invalid_type' ? 'missing' : 'malformed'}`,
    ),
  };
}
