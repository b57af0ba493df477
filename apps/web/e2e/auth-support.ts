import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from './fixtures.ts';

/** Helpers for the account browser tests: unique identities and codes read from the outbox. */

/** The outbox of the suite's shop, or of another shop a test started with its own DATA_DIR. */
const outboxDir = (dataDir = process.env.E2E_DATA_DIR) => {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return path.join(dataDir, 'outbox');
};

interface OutboxRecord {
  to: string;
  subject?: string;
  text: string;
  createdAt: string;
}

/** The newest 6-digit code sent to `to` (an e-mail or the digits of a phone number). */
export async function readCode(to: string, dataDir?: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const dir = outboxDir(dataDir);
        if (!fs.existsSync(dir)) return undefined;
        const files = fs
          .readdirSync(dir)
          .filter((name) => name.endsWith('.json'))
          .sort()
          .reverse();
        for (const name of files) {
          const record = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as OutboxRecord;
          if (record.to.replace(/^\+/, '') === to.replace(/^\+/, '')) {
            code = /\b(\d{6})\b/.exec(record.text)?.[1];
            return code;
          }
        }
        return undefined;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return code ?? '';
}

/** The messages sent to `to` so far, oldest first. */
export function readMessages(to: string): OutboxRecord[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as OutboxRecord)
    .filter((record) => record.to === to);
}

/** Waits for a code different from `previous` (after a resend or a new request). */
export async function readNewCode(to: string, previous: string): Promise<string> {
  let code = previous;
  await expect
    .poll(async () => {
      code = await readCode(to);
      return code;
    })
    .not.toBe(previous);
  return code;
}

let counter = 0;

/** A fresh person: e-mail and a MyTel number (0969 + 7 digits, 11 long) no other test uses. */
export function newIdentity() {
  counter += 1;
  const seed = `${Date.now() % 1_000_000}${String(counter).padStart(1, '0')}${Math.floor(Math.random() * 10)}`;
  const digits = seed.padStart(7, '0').slice(-7);
  return {
    name: 'Aye Aye Test',
    email: `e2e-${seed}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    local: `0969${digits}`,
    international: `95969${digits}`,
    password: 'Mingalaba-2025!',
    /**
     * The address this person signs up from (the e2e server trusts X-Forwarded-For): every test
     * calls from 127.0.0.1, and the suite's sign-ups would pass the per-address limit of
     * ADR 0014 (100 an hour), which is meant for strangers behind one carrier NAT, not one tester.
     */
    address: `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`,
  };
}

export type Identity = ReturnType<typeof newIdentity>;

/** Registers `person` through the API (from their own address), the e-mail not yet verified. */
export async function registerUnverified(request: APIRequestContext, person: Identity) {
  const registered = await request.post('/api/v1/auth/register', {
    headers: { 'x-forwarded-for': person.address },
    data: {
      name: person.name,
      email: person.email,
      phoneNumber: person.international,
      password: person.password,
    },
  });
  expect(registered.ok()).toBe(true);
}

/**
 * Registers and verifies the e-mail through the API (for tests about later steps); `dataDir`:
 * of a shop a test started itself (its outbox).
 */
export async function registerVerified(
  request: APIRequestContext,
  person: Identity,
  dataDir?: string,
) {
  await registerUnverified(request, person);
  const otp = await readCode(person.email, dataDir);
  const verified = await request.post('/api/v1/auth/verify/otp', {
    headers: { 'x-forwarded-for': person.address },
    data: { email: person.email, otp },
  });
  expect(verified.ok()).toBe(true);
}

/** A new person (newIdentity), registered with the e-mail verified through the API. */
export async function verifiedIdentity(request: APIRequestContext, dataDir?: string) {
  const person = newIdentity();
  await registerVerified(request, person, dataDir);
  return person;
}

/**
 * Proves the person's phone too (a texted code): only a proved phone is held, so a sign-up by
 * someone else with it is refused (ADR 0046); an unproved one may be claimed by another sign-up.
 */
export async function provePhone(request: APIRequestContext, person: Identity) {
  const from = { 'x-forwarded-for': person.address };
  const sent = await request.post('/api/v1/auth/verify/phone/send', {
    headers: from,
    data: { phoneNumber: person.international },
  });
  expect(sent.ok()).toBe(true);
  const otp = await readCode(person.international);
  const verified = await request.post('/api/v1/auth/verify/otp', {
    headers: from,
    data: { phoneNumber: person.international, otp },
  });
  expect(verified.ok()).toBe(true);
}

/** Logs in through the dialog by e-mail. */
export async function loginByEmail(page: Page, person: Identity, password = person.password) {
  const dialog = page.getByRole('dialog', { name: 'Login' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: 'Email' }).click();
  await dialog.getByLabel('Email address').fill(person.email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Login', exact: true }).click();
}

export async function openLoginDialog(page: Page) {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Login' }).click();
}

/** Opens Home and logs in through the dialog by e-mail (loginByEmail). */
export async function loginFromHome(page: Page, person: Identity, password = person.password) {
  await page.goto('/');
  await openLoginDialog(page);
  await loginByEmail(page, person, password);
}

/** Opens the sign-up dialog from the account menu of the page shown; answers the dialog. */
export async function openSignUpDialog(page: Page) {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Up' }).click();
  return page.getByRole('dialog', { name: 'Create Account' });
}
