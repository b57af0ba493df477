import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface SmsMessage {
  to: string;
  text: string;
}

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
  close(): void;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export interface OutboxRecord {
  id: string;
  kind: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  html?: string;
  createdAt: string;
}

/**
 * The default transport for mail and SMS (DESIGN §1): each message becomes one JSON file in
 * DATA_DIR/outbox, named so that a directory listing is in sending order, and a log line.
 */
export class Outbox {
  readonly dir: string;

  constructor(
    dataDir: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.dir = path.join(dataDir, 'outbox');
  }

  async write(
    kind: OutboxRecord['kind'],
    message: Omit<OutboxRecord, 'id' | 'kind' | 'createdAt'>,
  ) {
    const now = new Date();
    const record: OutboxRecord = {
      id: randomUUID(),
      kind,
      ...message,
      createdAt: now.toISOString(),
    };
    await fs.mkdir(this.dir, { recursive: true });
    const file = path.join(
      this.dir,
      `${now.toISOString().replace(/[:.]/g, '-')}-${record.id}.json`,
    );
    // Write then rename, so a reader never sees half a file.
    await fs.writeFile(`${file}.tmp`, JSON.stringify(record, null, 2));
    await fs.rename(`${file}.tmp`, file);
    this.log.info(
      { outbox: path.basename(file), kind, to: record.to, subject: record.subject },
      'message written to outbox',
    );
    return record;
  }
}

export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  outbox: Outbox;
  log: FastifyBaseLogger;
}): Mailer {
  if (!opts.smtpUrl) {
    return {
      send: async (m) => {
        await opts.outbox.write('email', m);
      },
      close: () => undefined,
    };
  }
  const transport = nodemailer.createTransport(opts.smtpUrl);
  return {
    send: async (m) => {
      const info = await transport.sendMail({
        from: opts.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
      });
      opts.log.info(
        { to: m.to, subject: m.subject, messageId: info.messageId },
        'email sent over SMTP',
      );
    },
    close: () => {
      transport.close();
    },
  };
}

/** No SMS gateway is integrated yet: SMS always go to the outbox, with subject "SMS". */
export function createSmsSender(outbox: Outbox): SmsSender {
  return {
    send: async (m) => {
      await outbox.write('sms', { to: m.to, subject: 'SMS', text: m.text });
    },
  };
}
