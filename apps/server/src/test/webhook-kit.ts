import { signWebhook } from '../modules/payments/webhook-signature.ts';
import type { TestApp } from './app-kit.ts';

/**
 * A delivery to the sandbox acquirer's webhook, signed as the sandbox bank signs one: the server's
 * secret over exactly these bytes, at `now`. Options make the refusals the tests ask about: another
 * secret or timestamp, a signature over other text, extra headers.
 */
export function deliverSandboxWebhook(
  t: TestApp,
  now: Date,
  body: string | Buffer,
  options: {
    secret?: string;
    timestamp?: number;
    signedText?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const timestamp = options.timestamp ?? Math.floor(now.getTime() / 1000);
  const signedText =
    options.signedText ?? (typeof body === 'string' ? body : body.toString('latin1'));
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhook/sandbox',
    headers: {
      'content-type': 'application/json',
      'x-webhook-timestamp': String(timestamp),
      'x-webhook-signature': signWebhook(
        options.secret ?? t.secrets.paymentWebhookSecret,
        timestamp,
        signedText,
      ),
      ...options.headers,
    },
    payload: body,
  });
}

/** A JSON POST of `body` to provider `provider`'s webhook as is: no signature added. */
export const postToWebhook = (t: TestApp, provider: string, body: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/payments/webhook/${provider}`,
    headers: { 'content-type': 'application/json' },
    payload: body,
  });
