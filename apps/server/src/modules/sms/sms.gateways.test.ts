import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/app-kit.ts';
import {
  startSmspohStandin,
  type ReceiptSender,
  type SmspohStandin,
} from '../../test/standins/smspoh.ts';
import { startTwilioStandin, type TwilioStandin } from '../../test/standins/twilio.ts';
import { latestCode, newPerson, post, register, type Person } from '../../test/auth-kit.ts';
import { selectSmsGateway, smsStartWarning } from './sms.service.ts';
import { smsMessages } from './sms.tables.ts';

/*
 * Phone codes through SMSPoh and Twilio (issue 28, ADR 0061), against their stand-ins on
 * 127.0.0.1: the code reaches the gateway with the shop's name and works; the gateway's receipt
 * is recorded against the message; a forged, tampered or unsigned receipt is refused and changes
 * nothing; a 5xx or no answer is retried and the message sent once; a 4xx ends it failed; and
 * shop_sms_messages_total counts each. On PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */

const METRICS_TOKEN = 'sms-metrics-token-0123456789abcdefghij';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Delivers a stand-in's receipt to the test app in-process (its URL is PUBLIC_URL's). */
function injectInto(app: () => TestApp): ReceiptSender {
  return async (url, init) => {
    const target = new URL(url);
    const res = await app().app.inject({
      method: 'POST',
      url: `${target.pathname}${target.search}`,
      headers: init.headers,
      payload: init.body,
    });
    return { status: res.statusCode, body: res.body };
  };
}

/** Asks for a phone code for a new customer (registered, e-mail verified); answers the person. */
async function askPhoneCode(t: TestApp, language: 'en' | 'my' = 'en'): Promise<Person> {
  const person = newPerson();
  await register(t, person);
  const email = await post(t, '/api/v1/auth/verify/otp', {
    email: person.email,
    otp: latestCode(t, person.email),
  });
  expect(email.statusCode).toBe(200);
  const sent = await post(
    t,
    '/api/v1/auth/verify/phone/send',
    { phoneNumber: person.phone },
    { 'accept-language': language },
  );
  expect(sent.statusCode).toBe(200);
  return person;
}

async function messageTo(t: TestApp, phone95: string) {
  const rows = await t.database.db
    .select()
    .from(smsMessages)
    .where(eq(smsMessages.recipient, `+${phone95}`));
  expect(rows).toHaveLength(1);
  const [row] = rows;
  if (!row) throw new Error('no message');
  return row;
}

/**
 * Runs due jobs one at a time until `done` holds, waiting while none is due (a retried job is due
 * again after about a second). It stops at the job that made `done` hold: runPendingJobs alone may
 * also run that job's retry on a loaded machine.
 */
async function runJobsUntil(t: TestApp, done: () => boolean, ms = 6000): Promise<void> {
  const until = Date.now() + ms;
  while (!done() && Date.now() < until) {
    if ((await t.app.runPendingJobs({ max: 1 })) === 0) await sleep(150);
  }
  expect(done()).toBe(true);
}

async function smsCount(t: TestApp, provider: string, status: string): Promise<number> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  const line = res.body
    .split('\n')
    .find((l) =>
      l.startsWith(`shop_sms_messages_total{provider="${provider}",status="${status}"}`),
    );
  return line ? Number(line.split(' ').pop()) : 0;
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

describe('SMS through SMSPoh (stand-in)', () => {
  let t: TestApp;
  let gateway: SmspohStandin;
  beforeAll(async () => {
    gateway = await startSmspohStandin({ sendReceipt: injectInto(() => t) });
    t = await createTestApp({
      env: {
        SMS_PROVIDER: 'smspoh',
        ...gateway.env,
        SMSPOH_TIMEOUT_MS: '300',
        METRICS_TOKEN,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await gateway.close();
  });

  it("sends the phone code with the shop's name in both languages; the receipt marks it delivered and counts", async () => {
    const person = await askPhoneCode(t, 'en');
    const burmese = await askPhoneCode(t, 'my');
    expect(gateway.sent).toHaveLength(0); // queued: the request never waits on the gateway
    await t.app.runPendingJobs();
    const sent = gateway.sent.find((m) => m.to === `+${person.phone95}`);
    const sentMy = gateway.sent.find((m) => m.to === `+${burmese.phone95}`);
    expect(sent?.message).toMatch(/^MyanTopup: your verification code is \d{6}\./);
    expect(sentMy?.message).toMatch(/^MyanTopup: သင်၏ အတည်ပြုကုဒ်မှာ \d{6} /);
    expect(sent?.from).toBe('MyanTopup');
    const row = await messageTo(t, person.phone95);
    expect(row).toMatchObject({ status: 'sent', body: null, providerMessageId: sent?.messageId });
    expect(sent?.clientReference).toBe(row.id);
    expect(sent?.deliveryReceiptUrl).toBe(
      `http://shop.test/api/v1/sms/receipts/${row.id}?token=${row.receiptToken}`,
    );
    // The code the gateway carried is the one that verifies the phone.
    const verified = await post(t, '/api/v1/auth/verify/otp', {
      phoneNumber: person.phone,
      otp: codeIn(sent?.message ?? ''),
    });
    expect(verified.statusCode).toBe(200);

    const answer = await gateway.receipt(row.id, 'Delivered');
    expect(answer.status).toBe(200);
    expect(await messageTo(t, person.phone95)).toMatchObject({
      status: 'delivered',
      providerStatus: 'Delivered',
    });
    expect(await smsCount(t, 'smspoh', 'sent')).toBe(2);
    expect(await smsCount(t, 'smspoh', 'delivered')).toBe(1);
  });

  it('refuses a receipt with a wrong token, or for another message, and changes nothing', async () => {
    const person = await askPhoneCode(t);
    await t.app.runPendingJobs();
    const row = await messageTo(t, person.phone95);
    const wrongToken = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sms/receipts/${row.id}?token=${'x'.repeat(row.receiptToken.length)}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ clientReference: row.id, status: 'Failed' }),
    });
    expect(wrongToken.statusCode).toBe(403);
    const noToken = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sms/receipts/${row.id}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ clientReference: row.id, status: 'Failed' }),
    });
    expect(noToken.statusCode).toBe(403);
    const otherMessage = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sms/receipts/${row.id}?token=${row.receiptToken}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ messageId: '999999', status: 'Failed' }),
    });
    expect(otherMessage.statusCode).toBe(403);
    expect(await messageTo(t, person.phone95)).toMatchObject({ status: 'sent' });
  });

  it('retries a 503 and no answer in time, and sends the message once', async () => {
    const before = await smsCount(t, 'smspoh', 'sent');
    gateway.failNext = 1;
    const person = await askPhoneCode(t);
    await runJobsUntil(t, () => gateway.unavailableAnswers === 1);
    expect(await messageTo(t, person.phone95)).toMatchObject({ status: 'queued' });
    // The second try gets no answer within SMSPOH_TIMEOUT_MS: still queued, tried again later.
    gateway.hang = true;
    await runJobsUntil(t, () => gateway.unanswered === 1);
    expect(await messageTo(t, person.phone95)).toMatchObject({ status: 'queued' });
    gateway.hang = false;
    await runJobsUntil(t, () => gateway.sent.some((m) => m.to === `+${person.phone95}`));
    expect(gateway.sent.filter((m) => m.to === `+${person.phone95}`)).toHaveLength(1);
    expect(await messageTo(t, person.phone95)).toMatchObject({ status: 'sent' });
    expect(await smsCount(t, 'smspoh', 'sent')).toBe(before + 1);
  });

  it('ends a message the gateway refuses (4xx) failed, without trying again', async () => {
    const failedBefore = await smsCount(t, 'smspoh', 'failed');
    gateway.refuse = true;
    const person = await askPhoneCode(t);
    await t.app.runPendingJobs();
    gateway.refuse = false;
    expect(gateway.refusedAnswers).toBe(1);
    const row = await messageTo(t, person.phone95);
    expect(row).toMatchObject({ status: 'failed', body: null });
    expect(row.providerStatus).toContain('Sender ID is not approved');
    await sleep(1300);
    await t.app.runPendingJobs();
    expect(gateway.refusedAnswers).toBe(1);
    expect(gateway.sent.some((m) => m.to === `+${person.phone95}`)).toBe(false);
    expect(await smsCount(t, 'smspoh', 'failed')).toBe(failedBefore + 1);
  });
});

describe('SMS through Twilio (stand-in)', () => {
  let t: TestApp;
  let gateway: TwilioStandin;
  beforeAll(async () => {
    gateway = await startTwilioStandin({ sendReceipt: injectInto(() => t) });
    t = await createTestApp({ env: { SMS_PROVIDER: 'twilio', ...gateway.env, METRICS_TOKEN } });
  });
  afterAll(async () => {
    await t.close();
    await gateway.close();
  });

  it("sends the phone code with the shop's name; the signed status callback marks it delivered and counts", async () => {
    const person = await askPhoneCode(t);
    await t.app.runPendingJobs();
    const sent = gateway.sent.find((m) => m.to === `+${person.phone95}`);
    expect(sent?.body).toMatch(/^MyanTopup: your verification code is \d{6}\./);
    expect(sent?.from).toBe(gateway.env.TWILIO_FROM);
    const row = await messageTo(t, person.phone95);
    expect(row).toMatchObject({ status: 'sent', providerMessageId: sent?.sid, body: null });
    expect(sent?.statusCallback).toBe(
      `http://shop.test/api/v1/sms/receipts/${row.id}?token=${row.receiptToken}`,
    );
    const verified = await post(t, '/api/v1/auth/verify/otp', {
      phoneNumber: person.phone,
      otp: codeIn(sent?.body ?? ''),
    });
    expect(verified.statusCode).toBe(200);

    expect((await gateway.statusCallback(sent?.sid ?? '', 'sent')).status).toBe(200);
    expect(await messageTo(t, person.phone95)).toMatchObject({
      status: 'sent',
      providerStatus: 'sent',
    });
    expect((await gateway.statusCallback(sent?.sid ?? '', 'delivered')).status).toBe(200);
    expect(await messageTo(t, person.phone95)).toMatchObject({ status: 'delivered' });
    expect(await smsCount(t, 'twilio', 'sent')).toBe(1);
    expect(await smsCount(t, 'twilio', 'delivered')).toBe(1);
  });

  it('refuses a forged, tampered or unsigned status callback and changes nothing', async () => {
    const person = await askPhoneCode(t);
    await t.app.runPendingJobs();
    const sent = gateway.sent.find((m) => m.to === `+${person.phone95}`);
    const sid = sent?.sid ?? '';
    const forged = await gateway.statusCallback(sid, 'undelivered', {
      signWith: 'f'.repeat(32),
    });
    expect(forged.status).toBe(403);
    const tampered = await gateway.statusCallback(sid, 'delivered', {
      tamper: (form) => {
        form.set('MessageStatus', 'undelivered');
      },
    });
    expect(tampered.status).toBe(403);
    const unsigned = await gateway.statusCallback(sid, 'undelivered', { unsigned: true });
    expect(unsigned.status).toBe(403);
    expect(await messageTo(t, person.phone95)).toMatchObject({
      status: 'sent',
      providerStatus: 'queued',
    });
    // The genuine one still counts.
    expect((await gateway.statusCallback(sid, 'undelivered')).status).toBe(200);
    expect(await messageTo(t, person.phone95)).toMatchObject({
      status: 'failed',
      providerStatus: 'undelivered 30003',
    });
  });

  it('retries a 503 and sends the message once', async () => {
    gateway.failNext = 1;
    const person = await askPhoneCode(t);
    await runJobsUntil(t, () => gateway.unavailableAnswers === 1);
    expect(await messageTo(t, person.phone95)).toMatchObject({ status: 'queued' });
    await runJobsUntil(t, () => gateway.sent.some((m) => m.to === `+${person.phone95}`));
    expect(gateway.sent.filter((m) => m.to === `+${person.phone95}`)).toHaveLength(1);
    expect(await messageTo(t, person.phone95)).toMatchObject({ status: 'sent' });
  });

  it('ends a message Twilio refuses (4xx) failed, logged, never tried again', async () => {
    const failedBefore = await smsCount(t, 'twilio', 'failed');
    gateway.refuse = true;
    const person = await askPhoneCode(t);
    await t.app.runPendingJobs();
    gateway.refuse = false;
    const row = await messageTo(t, person.phone95);
    expect(row).toMatchObject({ status: 'failed', body: null });
    expect(row.providerStatus).toContain('21211');
    await sleep(1300);
    await t.app.runPendingJobs();
    expect(gateway.refusedAnswers).toBe(1);
    expect(await smsCount(t, 'twilio', 'failed')).toBe(failedBefore + 1);
  });
});

describe('SMS_PROVIDER at start', () => {
  it('names the missing variables of the gateway, never their values', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SMS_PROVIDER: 'twilio',
      TWILIO_AUTH_TOKEN: 'secret-token-value-1234',
    });
    expect(() => selectSmsGateway(config)).toThrow(/TWILIO_ACCOUNT_SID: missing/);
    expect(() => selectSmsGateway(config)).toThrow(
      /TWILIO_FROM: missing \(or TWILIO_MESSAGING_SERVICE_SID\)/,
    );
    expect(() => selectSmsGateway(config)).not.toThrow(/secret-token-value/);
    const smspoh = loadConfig({ SMS_PROVIDER: 'smspoh', SMSPOH_API_KEY: 'k' });
    expect(() => selectSmsGateway(smspoh)).toThrow(
      /SMSPOH_API_SECRET: missing\n {2}SMSPOH_SENDER_ID: missing/,
    );
    expect(selectSmsGateway(loadConfig({}))).toBeNull();
  });

  it('warns at a production start on the outbox that phone codes reach no phone', () => {
    expect(smsStartWarning(loadConfig({ NODE_ENV: 'production' }))).toMatch(
      /^SMS_PROVIDER is not set: phone verification codes .* reach no phone/,
    );
    expect(smsStartWarning(loadConfig({ NODE_ENV: 'development' }))).toBeNull();
    const twilio = loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'twilio' });
    expect(smsStartWarning(twilio)).toBeNull();
  });
});
