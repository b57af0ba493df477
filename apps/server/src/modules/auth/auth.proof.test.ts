import { randomBytes } from 'node:crypto';
import type { LoginChallenge } from '@shop/contracts/auth';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { type TestApp, openTestApp, openTwoInstancesOnRedis } from '../../test/app-kit.ts';
import { errorOf, MINUTE, movableClock, verifiedPerson, type Person } from '../../test/auth-kit.ts';
import { LOGIN_PROOF_TTL_MS, proofWork } from './login-proof.ts';

/*
 * Issue 25: one client behind a carrier NAT spraying made-up e-mails refused every neighbour's
 * first login (no device cookie) with 429, even with the right password. Past the address's spray
 * limit a login now asks for a solved proof of work (ADR 0045) instead.
 */

const PROOF_REQUIRED =
  'Many failed logins came from your network. Please complete the connection check and try again.';

type Answer = Awaited<ReturnType<TestApp['app']['inject']>>;

function attempt(
  t: TestApp,
  body: object,
  remoteAddress: string,
  options: { device?: string; language?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: body,
    headers: { 'accept-language': options.language ?? 'en' },
    remoteAddress,
    ...(options.device ? { cookies: { login_device: options.device } } : {}),
  });
}

const right = (person: Person, proof?: string) => ({
  email: person.email,
  password: person.password,
  ...(proof ? { proof } : {}),
});

const challengeOf = (res: Answer): LoginChallenge => {
  const body = res.json<{ code: string; challenge?: LoginChallenge }>();
  if (body.code !== 'PROOF_REQUIRED' || !body.challenge)
    throw new Error(`no challenge: ${res.statusCode} ${res.body}`);
  return body.challenge;
};

/** Solves a challenge as the web app does (altcha-lib's solver) and encodes the proof. */
async function solve(challenge: LoginChallenge): Promise<{ proof: string; counter: number }> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 20_000 });
  if (!solution) throw new Error('challenge not solved');
  const proof = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64url');
  return { proof, counter: solution.counter };
}

const decode = (proof: string) =>
  JSON.parse(Buffer.from(proof, 'base64url').toString('utf8')) as {
    challenge: LoginChallenge;
    solution: { counter: number; derivedKey: string };
  };
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** 25 failed logins with made-up e-mails from `address` (the spray limit's 25 accounts). */
async function spray(t: TestApp | TestApp[], address: string, count = 25) {
  const apps = Array.isArray(t) ? t : [t];
  for (let i = 0; i < count; i += 1) {
    const res = await attempt(
      apps[i % apps.length] as TestApp,
      {
        email: `made-up${i}.${randomBytes(4).toString('hex')}@example.com`,
        password: 'Password1!',
      },
      address,
    );
    expect(res.statusCode).toBe(401);
  }
}

/** The login of `person` at `address` through the proof: asked, solved, sent. */
async function loginWithProof(t: TestApp, person: Person, address: string) {
  const asked = await attempt(t, right(person), address);
  expect(asked.statusCode).toBe(428);
  const { proof } = await solve(challengeOf(asked));
  return attempt(t, right(person, proof), address);
}

describe('login past the spray limit of an address: a proof of work, not a flat 429 (ADR 0045)', () => {
  const clock = movableClock();
  const t = openTestApp({ clock });

  it('after 25 made-up e-mails from a NAT address, 3 customers without a device cookie are asked for a proof and sign in with the right password', async () => {
    const nat = '10.25.0.1';
    await spray(t, nat);
    for (const customer of [
      await verifiedPerson(t),
      await verifiedPerson(t),
      await verifiedPerson(t),
    ]) {
      const asked = await attempt(t, right(customer), nat);
      expect(asked.statusCode).toBe(428);
      expect(asked.headers['retry-after']).toBeUndefined();
      expect(errorOf(asked)).toMatchObject({
        success: false,
        code: 'PROOF_REQUIRED',
        error: PROOF_REQUIRED,
        message: PROOF_REQUIRED,
      });
      const challenge = challengeOf(asked);
      expect(challenge.parameters.algorithm).toBe('SHA-256');
      const { proof } = await solve(challenge);
      const signedIn = await attempt(t, right(customer, proof), nat);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json<{ accessToken: string }>().accessToken).toBeTruthy();
    }
  });

  it('the message is in Burmese for a Burmese client', async () => {
    const nat = '10.25.1.1';
    await spray(t, nat);
    const asked = await attempt(t, right(await verifiedPerson(t)), nat, { language: 'my' });
    expect(asked.statusCode).toBe(428);
    expect(errorOf(asked).error).toBe(
      'သင့်ကွန်ရက်မှ အကောင့်ဝင်ရန် မှားယွင်းစွာ ကြိုးစားမှု များနေပါသည်။ ချိတ်ဆက်မှု စစ်ဆေးချက်ကို ပြီးဆုံးအောင် လုပ်ပြီး ထပ်ကြိုးစားပါ။',
    );
  });

  it('a solution works once: used again, forged, from another network or expired it is refused', async () => {
    const nat = '10.25.2.1';
    const other = '10.25.2.2';
    await spray(t, nat);
    await spray(t, other);
    const customer = await verifiedPerson(t);
    const neighbour = await verifiedPerson(t);

    const { proof } = await solve(challengeOf(await attempt(t, right(customer), nat)));
    const { challenge, solution } = decode(proof);
    const refused = async (body: object, address = nat) => {
      const res = await attempt(t, body, address);
      expect(res.statusCode, res.body).toBe(428);
      expect(errorOf(res).code).toBe('PROOF_REQUIRED');
    };
    // Forged: another answer (the derived key is the proof of the work), a signature of our
    // own, a later expiry.
    const otherKey = solution.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    await refused(
      right(customer, encode({ challenge, solution: { ...solution, derivedKey: otherKey } })),
    );
    await refused(
      right(
        customer,
        encode({ challenge: { ...challenge, signature: 'ab'.repeat(32) }, solution }),
      ),
    );
    const later = {
      ...challenge.parameters,
      expiresAt: (challenge.parameters.expiresAt ?? 0) + 3600,
    };
    await refused(
      right(customer, encode({ challenge: { ...challenge, parameters: later }, solution })),
    );
    // Not a proof at all: still a clear 428 (or 400 when too long), never a 5xx.
    await refused(right(customer, 'not-base64-json'));
    await refused(right(customer, encode({ hello: 'world' })));
    const tooLong = await attempt(t, right(customer, 'a'.repeat(5000)), nat);
    expect(tooLong.statusCode).toBe(400);
    // Solved for one network, it does not open another.
    await refused(right(customer, proof), other);

    expect((await attempt(t, right(customer, proof), nat)).statusCode).toBe(200);
    // Used: neither the same customer nor a neighbour gets in with it again.
    await refused(right(customer, proof));
    await refused(right(neighbour, proof));

    // Expired: a challenge solved but sent after its 5 minutes is refused.
    const late = await solve(challengeOf(await attempt(t, right(neighbour), nat)));
    clock.advance(LOGIN_PROOF_TTL_MS + 1);
    await refused(right(neighbour, late.proof));
    expect((await loginWithProof(t, neighbour, nat)).statusCode).toBe(200);
  });

  it('wrong passwords with a proof still count per account and address: the 6th is 429 as before', async () => {
    const nat = '10.25.3.1';
    await spray(t, nat);
    const customer = await verifiedPerson(t);
    const wrong = { email: customer.email, password: 'wrong-password' };
    const { proof } = await solve(challengeOf(await attempt(t, wrong, nat)));
    expect((await attempt(t, { ...wrong, proof }, nat)).statusCode).toBe(401);
    // Now one of the address's failing accounts, it fails on its own lane: 4 more, no proof asked.
    for (let i = 0; i < 4; i += 1) expect((await attempt(t, wrong, nat)).statusCode).toBe(401);
    const locked = await attempt(t, right(customer), nat);
    expect(locked.statusCode).toBe(429);
    // From another address the right password still works, with no proof needed there.
    expect((await attempt(t, right(customer), '10.25.3.2')).statusCode).toBe(200);
  });

  it('known devices and other addresses need no proof', async () => {
    const nat = '10.25.4.1';
    const member = await verifiedPerson(t);
    const first = await attempt(t, right(member), nat);
    const device = first.cookies.find((c) => c.name === 'login_device')?.value;
    expect(device).toBeTruthy();
    await spray(t, nat);
    expect((await attempt(t, right(member), nat, { device })).statusCode).toBe(200);
    expect((await attempt(t, right(await verifiedPerson(t)), '10.25.4.2')).statusCode).toBe(200);
  });

  it('the work grows with the failing accounts of the address: doubled past 50, at most 16 times', async () => {
    expect(proofWork(10_000, 26)).toBe(10_000);
    expect(proofWork(10_000, 50)).toBe(10_000);
    expect(proofWork(10_000, 51)).toBe(20_000);
    expect(proofWork(10_000, 76)).toBe(40_000);
    expect(proofWork(10_000, 101)).toBe(80_000);
    expect(proofWork(10_000, 126)).toBe(160_000);
    expect(proofWork(10_000, 10_000)).toBe(160_000);

    const nat = '10.25.5.1';
    await spray(t, nat);
    const customer = await verifiedPerson(t);
    const easy = await solve(challengeOf(await attempt(t, right(customer), nat)));
    expect(easy.counter).toBeLessThanOrEqual(10_000);
    // A spray that pays for its proofs: 25 more made-up accounts, each with a solved challenge.
    for (let i = 0; i < 25; i += 1) {
      const body = {
        email: `paid${i}.${randomBytes(4).toString('hex')}@example.com`,
        password: 'x1',
      };
      const { proof } = await solve(challengeOf(await attempt(t, body, nat)));
      expect((await attempt(t, { ...body, proof }, nat)).statusCode).toBe(401);
    }
    const hard = await solve(challengeOf(await attempt(t, right(customer), nat)));
    expect(hard.counter).toBeGreaterThanOrEqual(10_000);
    expect((await attempt(t, right(customer, hard.proof), nat)).statusCode).toBe(200);
    clock.advance(15 * MINUTE + 1);
  });
});

/*
 * Several instances share the used solutions through Redis (TEST_REDIS_URL): a solution used on
 * one instance is refused on the other, and two requests racing with one solution get one login.
 */
describe.runIf(process.env.TEST_REDIS_URL)('login proofs through Redis, two instances', () => {
  const [a, b] = openTwoInstancesOnRedis();

  it('a challenge of one instance is solved on the other; a used solution is refused on both; a race gets one login', async () => {
    const nat = '10.26.0.1';
    await spray([a, b], nat);
    const customer = await verifiedPerson(a);
    const asked = await attempt(a, right(customer), nat);
    expect(asked.statusCode).toBe(428);
    const { proof } = await solve(challengeOf(asked));
    const raced = await Promise.all([
      attempt(b, right(customer, proof), nat),
      attempt(a, right(customer, proof), nat),
    ]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 428]);
    expect((await attempt(b, right(customer, proof), nat)).statusCode).toBe(428);
    expect((await attempt(a, right(customer, proof), nat)).statusCode).toBe(428);
  });
});
