import fs from 'node:fs';
import path from 'node:path';
import type { TokenResponse } from '@shop/contracts/auth';
import type { ErrorBody } from '@shop/contracts/errors';
import type { OutboxRecord } from '../platform/messaging.ts';
import type { TestApp } from './app-kit.ts';

/** A clock tests move forward instead of sleeping. */
export function movableClock(start = new Date('2030-01-01T03:00:00Z')) {
  let now = start.getTime();
  const clock = () => new Date(now);
  return Object.assign(clock, {
    advance(ms: number) {
      now += ms;
    },
  });
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;

/** The messages sent to an address, oldest first, read from DATA_DIR/outbox like a user would. */
export function outboxFor(t: TestApp, to: string): OutboxRecord[] {
  if (!fs.existsSync(t.outboxDir)) return [];
  return fs
    .readdirSync(t.outboxDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(t.outboxDir, f), 'utf8')) as OutboxRecord)
    .filter((r) => r.to === to);
}

/** The six-digit code of the latest message to an address. */
export function latestCode(t: TestApp, to: string): string {
  const last = outboxFor(t, to).at(-1);
  const code = last ? /\b(\d{6})\b/.exec(last.text)?.[1] : undefined;
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

/** The verify/otp body that enters the latest code sent to `person`'s email (or phone). */
export const latestCodeEntry = (t: TestApp, person: Person, by: 'email' | 'phone' = 'email') =>
  by === 'email'
    ? { email: person.email, otp: latestCode(t, person.email) }
    : { phoneNumber: person.phone, otp: latestCode(t, `+${person.phone95}`) };

/** Some other six-digit code. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

export interface Person {
  name: string;
  email: string;
  /** As typed by the user; the server stores the 95 form. */
  phone: string;
  phone95: string;
  password: string;
}

let counter = 0;
export function newPerson(): Person {
  counter += 1;
  const tail = String(1_000_000 + counter).slice(-7);
  return {
    name: `Aung Aung ${counter}`,
    email: `aung${counter}.${Date.now()}@example.com`,
    phone: `0997${tail}`,
    phone95: `95997${tail}`,
    password: 'mingalaba-yangon-2030',
  };
}

/** A new person who signs up with `victim`'s phone number (and a password of its own). */
export const phoneSquatter = (victim: Person): Person => ({
  ...newPerson(),
  phone: victim.phone,
  phone95: victim.phone95,
  password: 'squatters-own-9x',
});

export async function post(
  t: TestApp,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  const res = await t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  return res;
}

export const errorOf = (res: { json(): unknown }) => res.json() as ErrorBody;

/** The sign-up form as `person` fills it in. */
export const signUpForm = (person: Person) => ({
  name: person.name,
  email: person.email,
  phoneNumber: person.phone,
  password: person.password,
});

export async function register(t: TestApp, person: Person, headers: Record<string, string> = {}) {
  const res = await post(t, '/api/v1/auth/register', signUpForm(person), headers);
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  return res;
}

/** Registers, verifies the email and the phone: a customer who can log in both ways. */
export async function verifiedPerson(t: TestApp, person = newPerson()): Promise<Person> {
  await register(t, person);
  const email = await post(t, '/api/v1/auth/verify/otp', latestCodeEntry(t, person));
  if (email.statusCode !== 200) throw new Error(`verify email failed: ${email.body}`);
  const sent = await post(t, '/api/v1/auth/verify/phone/send', { phoneNumber: person.phone });
  if (sent.statusCode !== 200) throw new Error(`send phone code failed: ${sent.body}`);
  const phone = await post(t, '/api/v1/auth/verify/otp', latestCodeEntry(t, person, 'phone'));
  if (phone.statusCode !== 200) throw new Error(`verify phone failed: ${phone.body}`);
  return person;
}

/** A login or refresh answer as an API client gets it: the refresh token in the body too. */
export type IssuedTokens = TokenResponse & { refreshToken: string };

export async function login(
  t: TestApp,
  person: Person,
  by: 'email' | 'phone' = 'email',
  headers: Record<string, string> = {},
): Promise<IssuedTokens> {
  const res = await post(
    t,
    '/api/v1/auth/login',
    by === 'email'
      ? { email: person.email, password: person.password }
      : { phoneNumber: person.phone, password: person.password },
    headers,
  );
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const answer = res.json<TokenResponse>();
  if (!answer.refreshToken) throw new Error(`login answer without a refresh token: ${res.body}`);
  return { ...answer, refreshToken: answer.refreshToken };
}

export const profile = (t: TestApp, accessToken?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    url: '/api/v1/users/profile',
    headers: { ...headers, ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) },
  });

export const refresh = (t: TestApp, refreshToken: string, headers: Record<string, string> = {}) =>
  post(t, '/api/v1/auth/refresh-token', { refreshToken }, headers);

/** For tests that assert the spec's English wording: the API's default language is Burmese. */
export const english = { 'accept-language': 'en' };

/** post, profile and refresh asking for English answers. */
export const inEnglish = {
  post: (t: TestApp, url: string, payload: unknown, headers: Record<string, string> = {}) =>
    post(t, url, payload, { ...english, ...headers }),
  profile: (t: TestApp, accessToken?: string) => profile(t, accessToken, english),
  refresh: (t: TestApp, refreshToken: string) => refresh(t, refreshToken, english),
};

/** A browser: keeps the cookies the server sets and sends them back, like fetch same-origin. */
export function browser(t: TestApp, address = '10.9.0.1') {
  const jar = new Map<string, string>();
  return {
    async post(url: string, payload: object) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload,
        remoteAddress: address,
        cookies: Object.fromEntries(jar),
      });
      for (const c of res.cookies) {
        if (c.value === '' || c.maxAge === 0) jar.delete(c.name);
        else jar.set(c.name, c.value);
      }
      return res;
    },
    cookieNames: () => [...jar.keys()],
  };
}
export type Browser = ReturnType<typeof browser>;

/** `person` signs up in browser `b`, which keeps the sign-up's cookies (its claim ticket). */
export async function signUpIn(b: Browser, person: Person) {
  const res = await b.post('/api/v1/auth/register', signUpForm(person));
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return res;
}

/** `b` enters the latest code sent to `person`'s email (or phone), to prove it. */
export const enterLatestCode = (
  t: TestApp,
  b: Browser,
  person: Person,
  by: 'email' | 'phone' = 'email',
) => b.post('/api/v1/auth/verify/otp', latestCodeEntry(t, person, by));
