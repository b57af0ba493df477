import { z } from 'zod';
import { ConfigError, type Config } from '../../config.ts';

/*
 * The seam between the shop's SMS and a gateway (ADR 0061). An adapter sends one message and
 * reads the gateway's delivery receipts; the send job, the table and the receipt route around it
 * are the gateway's neighbours' (sms.service.ts).
 */

/** One message as a gateway is asked to send it. */
export interface OutgoingSms {
  /** Our id: the gateway's client reference where it has one. */
  id: string;
  /** E.164 with its +. */
  to: string;
  text: string;
  /** Where the gateway posts its delivery receipts for this message (carries its secret token). */
  receiptUrl: string;
}

/** The gateway took the message. */
export interface AcceptedSms {
  /** The gateway's id of it ('' when its answer names none). */
  providerMessageId: string;
  providerStatus: string;
}

/** No answer in time, a network error, a 5xx or a 429: nothing is known sent, the job retries. */
export class SmsGatewayUnavailable extends Error {
  override name = 'SmsGatewayUnavailable';
}

/** A 4xx: the gateway refused this message, and sending it again would be refused again. */
export class SmsGatewayRefused extends Error {
  override name = 'SmsGatewayRefused';
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
  }
}

/** A receipt as the route received it. */
export interface ReceiptRequest {
  /** The URL the gateway called, as the shop's public address plus the path and query received. */
  url: string;
  contentType: string | undefined;
  rawBody: string;
  headers: Record<string, string | undefined>;
}

/** What a receipt says: delivered or failed end the message; pending is recorded only. */
export interface SmsReceipt {
  providerMessageId: string | null;
  outcome: 'delivered' | 'failed' | 'pending';
  providerStatus: string;
}

export interface SmsGateway {
  readonly name: 'smspoh' | 'twilio';
  /** Throws SmsGatewayUnavailable (retry) or SmsGatewayRefused (final). */
  send(sms: OutgoingSms): Promise<AcceptedSms>;
  /**
   * Reads a receipt after the gateway's own check (Twilio's signature); null: not the gateway's,
   * refused. The URL's per-message token is checked by the caller first.
   */
  readReceipt(request: ReceiptRequest): SmsReceipt | null;
}

/** The gateway's answer in time, or SmsGatewayUnavailable; a 4xx (not 429) is SmsGatewayRefused. */
export async function callGateway(
  url: string,
  init: { headers: Record<string, string>; body: string },
  timeoutMs: number,
): Promise<{ status: number; body: string }> {
  let res: Response;
  let body: string;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    body = await res.text();
  } catch (err) {
    const reason = err instanceof Error ? err.name : 'error';
    throw new SmsGatewayUnavailable(`SMS gateway gave no answer (${reason})`, { cause: err });
  }
  if (res.status >= 500 || res.status === 429)
    throw new SmsGatewayUnavailable(`SMS gateway answered ${res.status}`);
  if (res.status >= 400)
    throw new SmsGatewayRefused(
      `SMS gateway refused the message (${res.status})`,
      body.slice(0, 300),
    );
  return { status: res.status, body };
}

/** A receipt's status word as ours, by the provider's own words: delivered, failed, or on its way. */
export function receiptOutcome(
  status: string,
  words: { delivered: Set<string>; failed: Set<string> },
): SmsReceipt['outcome'] {
  if (words.delivered.has(status)) return 'delivered';
  if (words.failed.has(status)) return 'failed';
  return 'pending';
}

/** A receipt's fields, whether it came as a form or as JSON. */
export function receiptFields(request: ReceiptRequest): Record<string, string> | null {
  if ((request.contentType ?? '').includes('application/json')) {
    try {
      const parsed: unknown = JSON.parse(request.rawBody);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
      return Object.fromEntries(
        Object.entries(parsed).flatMap(([k, v]) =>
          typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
            ? [[k, String(v)]]
            : [],
        ),
      );
    } catch {
      return null;
    }
  }
  return Object.fromEntries(new URLSearchParams(request.rawBody));
}

/**
 * A gateway's variables, or a ConfigError naming each one missing or malformed (names only, never
 * a value), so a start with SMS_PROVIDER set and its variables missing stops with the list.
 */
export function gatewaySettings<S extends z.ZodType>(
  provider: string,
  schema: S,
  env: Record<string, string | undefined>,
): z.output<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map(
    (issue) =>
      `  ${issue.path.join('.') || provider}: ${issue.code === 'invalid_type' ? 'missing' : issue.message}`,
  );
  throw new ConfigError(
    `Invalid configuration (SMS_PROVIDER=${provider}):\n${[...new Set(lines)].join('\n')}`,
  );
}

export type GatewayFactory = (config: Config) => SmsGateway;
