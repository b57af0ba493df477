import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMailer, createSmsSender, Outbox, type OutboxRecord } from './messaging.ts';

const log = pino({ level: 'silent' });

describe('outbox transport', () => {
  it('writes every email and SMS as one JSON file in DATA_DIR/outbox', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    const outbox = new Outbox(dataDir, log);
    const mailer = createMailer({ smtpUrl: undefined, from: 'shop@test', outbox, log });
    await mailer.send({ to: 'mother@example.com', subject: 'Your code', text: 'Code 123456' });
    await createSmsSender(outbox).send({ to: '959420000000', text: 'ကုဒ် 654321' });

    const files = fs.readdirSync(path.join(dataDir, 'outbox')).sort();
    expect(files).toHaveLength(2);
    for (const file of files)
      expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f-]{36}\.json$/);
    const records = files.map(
      (f) => JSON.parse(fs.readFileSync(path.join(dataDir, 'outbox', f), 'utf8')) as OutboxRecord,
    );
    expect(records.map((r) => r.kind).sort()).toEqual(['email', 'sms']);
    const email = records.find((r) => r.kind === 'email');
    expect(email).toMatchObject({
      to: 'mother@example.com',
      subject: 'Your code',
      text: 'Code 123456',
    });
    expect(Date.parse(email?.createdAt ?? '')).not.toBeNaN();
    expect(records.find((r) => r.kind === 'sms')?.text).toBe('ကုဒ် 654321');
    fs.rmSync(dataDir, { recursive: true });
  });
});

describe('outbox permissions', () => {
  const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

  it('writes the folder 0700 and every file 0600: they hold codes and full card PINs', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-mode-'));
    const outbox = new Outbox(dataDir, log);
    await createMailer({ smtpUrl: undefined, from: 'shop@test', outbox, log }).send({
      to: 'buyer@example.com',
      subject: 'Your E-PIN',
      text: 'PIN 1234 5678 9012',
    });
    await createSmsSender(outbox).send({ to: '959420000000', text: 'Code 654321' });

    expect(modeOf(outbox.dir).toString(8)).toBe('700');
    const files = fs.readdirSync(outbox.dir);
    expect(files).toHaveLength(2);
    for (const file of files) expect(modeOf(path.join(outbox.dir, file)).toString(8)).toBe('600');
    fs.rmSync(dataDir, { recursive: true });
  });

  it('closes an outbox folder left open by an older version when the server starts', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-mode-'));
    const dir = path.join(dataDir, 'outbox');
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);

    new Outbox(dataDir, log);
    expect(modeOf(dir).toString(8)).toBe('700');
    fs.rmSync(dataDir, { recursive: true });
  });

  it('starts when the folder cannot be closed (a volume the server does not own): it warns', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-mode-'));
    fs.mkdirSync(path.join(dataDir, 'outbox'));
    const refused = vi.spyOn(fs, 'chmodSync').mockImplementation(() => {
      throw Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' });
    });
    const warn = vi.spyOn(log, 'warn');
    try {
      expect(() => new Outbox(dataDir, log)).not.toThrow();
      expect(warn).toHaveBeenCalledOnce();
    } finally {
      refused.mockRestore();
      warn.mockRestore();
      fs.rmSync(dataDir, { recursive: true });
    }
  });
});

describe('SMTP transport', () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    });
  });

  it('delivers through a real SMTP server when SMTP_URL is set, and writes no outbox file', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smtp-'));
    const outbox = new Outbox(dataDir, log);
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'MyanTopup <no-reply@shop.test>',
      outbox,
      log,
    });
    await mailer.send({ to: 'buyer@example.com', subject: 'Your E-PIN', text: 'PIN 1234 5678' });
    mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]?.from).toBe('no-reply@shop.test');
    expect(received[0]?.to).toEqual(['buyer@example.com']);
    expect(received[0]?.raw).toContain('Subject: Your E-PIN');
    expect(received[0]?.raw).toContain('PIN 1234 5678');
    expect(fs.existsSync(outbox.dir)).toBe(false);
    fs.rmSync(dataDir, { recursive: true });
  });

  it('gives up on an SMTP server that accepts the connection and never greets, within its timeout', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smtp-'));
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${silentPort}`,
      from: 'MyanTopup <no-reply@shop.test>',
      outbox: new Outbox(dataDir, log),
      log,
      timeoutMs: 300,
    });
    const started = Date.now();
    await expect(
      mailer.send({ to: 'buyer@example.com', subject: 'Your E-PIN', text: 'PIN 1234 5678' }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5000);
    mailer.close();
    silent.close();
    fs.rmSync(dataDir, { recursive: true });
  });
});
