import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
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

/** The outbox holds codes and full card PINs: only the server's user reads it (as secrets.json). */
const OUTBOX_DIR_MODE = 0o700;
const OUTBOX_FILE_MODE = 0o600;

/**
 * The default transport for mail and SMS (DESIGN §1): each message becomes one JSON file in
 * DATA_DIR/outbox, named so that a directory listing is in sending order, and a log line. The
 * folder is 0700 and each file 0600; a folder left open by an older version is closed at start.
 */
export class Outbox {
  readonly dir: string;

  constructor(
    dataDir: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.dir = path.join(dataDir, 'outbox');
    if (fs.existsSync(this.dir)) this.closeFolder();
  }

  /** A folder the server's user does not own (a mounted volume) cannot be closed: said, not fatal. */
  private closeFolder(): void {
    try {
      fs.chmodSync(this.dir, OUTBOX_DIR_MODE);
    } catch (err) {
      this.log.warn({ err, dir: this.dir }, 'outbox folder left as it is: its mode cannot be set');
    }
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
    await fs.promises.mkdir(this.dir, { recursive: true, mode: OUTBOX_DIR_MODE });
    const file = path.join(
      this.dir,
      `${now.toISOString().replace(/[:.]/g, '-')}-${record.id}.json`,
    );
    // Write then rename, so a reader never sees half a file.
    await fs.promises.writeFile(`${file}.tmp`, JSON.stringify(record, null, 2), {
      mode: OUTBOX_FILE_MODE,
    });
    await fs.promises.rename(`${file}.tmp`, file);
    this.log.info(
      { outbox: path.basename(file), kind, to: record.to, subject: record.subject },
      'message written to outbox',
    );
    return record;
  }
}

/**
 * How long an SMTP server may take to accept the connection, to greet, or to answer any one step:
 * nodemailer's own defaults (2 min, 30 s, 10 min) let one stuck server hold an e-mail job's slot
 * for minutes (codes, refunds, reminders). A send past it fails, and its job is tried again.
 */
export const SMTP_TIMEOUT_MS = 10_000;

export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  outbox: Outbox;
  log: FastifyBaseLogger;
  /** SMTP_TIMEOUT_MS unless a test gives a shorter one. */
  timeoutMs?: number;
}): Mailer {
  if (!opts.smtpUrl) {
    return {
      send: async (m) => {
        await opts.outbox.write('email', m);
      },
      close: () => undefined,
    };
  }
  // nodemailer reads a connection URL's options from its query only (options beside a `url` are
  // dropped): the timeouts go there, unless SMTP_URL sets its own.
  const url = new URL(opts.smtpUrl);
  for (const name of ['connectionTimeout', 'greetingTimeout', 'socketTimeout'])
    if (!url.searchParams.has(name))
      url.searchParams.set(name, String(opts.timeoutMs ?? SMTP_TIMEOUT_MS));
  const transport = nodemailer.createTransport(url.toString());
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

/**
 * An app's mail and SMS senders over one outbox in `dataDir` (mail from `mailFrom`, over SMTP when
 * `smtpUrl` is set): what the server and the tests' apps are built with.
 */
export function createMessaging(
  mail: { smtpUrl: string | undefined; mailFrom: string },
  dataDir: string,
  log: FastifyBaseLogger,
): { outbox: Outbox; mailer: Mailer; sms: SmsSender } {
  const outbox = new Outbox(dataDir, log);
  const mailer = createMailer({ smtpUrl: mail.smtpUrl, from: mail.mailFrom, outbox, log });
  return { outbox, mailer, sms: createSmsSender(outbox) };
}

/** No SMS gateway is integrated yet: SMS always go to the outbox, with subject "SMS". */
export function createSmsSender(outbox: Outbox): SmsSender {
  return {
    send: async (m) => {
      await outbox.write('sms', { to: m.to, subject: 'SMS', text: m.text });
    },
  };
}
