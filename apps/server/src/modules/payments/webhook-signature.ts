import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS } from '@shop/contracts/payments';

/** v1=<hex HMAC-SHA256(secret, "{timestamp}.{raw body}")> (DESIGN §5, as Stripe-style webhooks). */
export function signWebhook(secret: string, timestamp: number, rawBody: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

export type WebhookCheck = 'ok' | 'missing' | 'stale' | 'bad_signature';

/**
 * Checks the signature over the exact bytes received, in constant time, and that the timestamp is
 * within 5 minutes of now either way (a captured delivery cannot be replayed later).
 */
export function verifyWebhook(
  secret: string,
  timestampHeader: string | undefined,
  signatureHeader: string | undefined,
  rawBody: string,
  now: Date,
): WebhookCheck {
  if (!timestampHeader || !signatureHeader || !/^\d{1,12}$/.test(timestampHeader)) return 'missing';
  const timestamp = Number(timestampHeader);
  if (Math.abs(now.getTime() / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) return 'stale';
  const expected = Buffer.from(signWebhook(secret, timestamp, rawBody));
  // Several signatures may be sent while a secret is being rotated: any one may match.
  const candidates = signatureHeader.split(',').map((s) => Buffer.from(s.trim()));
  const match = candidates.some(
    (given) => given.length === expected.length && timingSafeEqual(given, expected),
  );
  return match ? 'ok' : 'bad_signature';
}
