import { index, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtNow, moment, primaryId } from '../../platform/columns.ts';

/**
 * queued: written, its send job not yet done; sent: the gateway accepted it; delivered / failed:
 * the gateway's receipt (or its refusal, or the send job's last try) ended it (ADR 0061).
 */
export const smsStatus = pgEnum('sms_status', ['queued', 'sent', 'delivered', 'failed']);

/**
 * Each SMS handed to a gateway (SMS_PROVIDER smspoh or twilio; the outbox writes files instead).
 * The text holds a code: it is kept only until the gateway has it, then cleared. The receipt URL
 * the gateway calls carries receipt_token, so a receipt for another message, or made up, is refused.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: primaryId(),
    provider: text('provider').notNull(),
    /** E.164 with its +. */
    recipient: text('recipient').notNull(),
    /** Null once the gateway accepted or refused it. */
    body: text('body'),
    status: smsStatus('status').notNull().default('queued'),
    receiptToken: text('receipt_token').notNull(),
    /** The gateway's id (Twilio's MessageSid, SMSPoh's messageId) once accepted. */
    providerMessageId: text('provider_message_id'),
    /** The gateway's last word: its receipt status, or the refusal's code and text. */
    providerStatus: text('provider_status'),
    createdAt: createdAtNow(),
    sentAt: moment('sent_at'),
    endedAt: moment('ended_at'),
  },
  (t) => [index('sms_messages_created_idx').on(t.createdAt)],
);
