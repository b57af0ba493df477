import type { ChildProcessByStdio } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_TRANSPORT_HEADER } from '@shop/contracts/auth-session-rules';
import {
  call,
  freePort,
  scratchDatabase,
  spawnServer,
  stop,
  waitFor,
} from '../bench/server-process.mjs';
import { buyWithSandboxBank, fulfilledOrder, productId, scratch } from './test/purchase-kit.ts';

/*
 * Issue 13, "Proven scale-out": two real server processes (src/main.ts, as `npm start` runs it) on
 * one fresh PostgreSQL database and one Redis (a key prefix of their own), with a round-robin load
 * balancer in front that sends every call to the other instance than the last. Nothing is shared
 * but the database, Redis and the secrets given in the environment: each has its own DATA_DIR
 * (outbox), memory and job worker.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

interface Instance {
  name: 'a' | 'b';
  port: number;
  dataDir: string;
  child?: ChildProcessByStdio<null, Readable, Readable>;
  log: string;
}

/**
 * A load balancer as small as can be: node:http, round robin with no stickiness, forwarding the
 * client's address in X-Forwarded-For as a real one does (the instances run with TRUST_PROXY=true).
 * `served` lists the instance of every call, in order.
 */
function roundRobin(instances: Instance[]) {
  let next = 0;
  const served: string[] = [];
  const server = http.createServer((req, res) => {
    const target = instances[next++ % instances.length];
    if (!target) throw new Error('no instances');
    served.push(target.name);
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1',
          'x-forwarded-proto': 'http',
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': target.name });
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`upstream ${target.name}: ${err.message}`);
    });
    req.pipe(upstream);
  });
  return { server, served };
}

/** The newest six-digit code sent to `to`, from the outboxes of all instances (either may send). */
async function codeFor(instances: Instance[], to: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const files = instances
      .flatMap((i) => {
        const outbox = path.join(i.dataDir, 'outbox');
        return fs.existsSync(outbox)
          ? fs
              .readdirSync(outbox)
              .filter((n) => n.endsWith('.json'))
              .map((n) => ({ name: n, file: path.join(outbox, n) }))
          : [];
      })
      // Named <ISO time>-<id>.json: the names sort in sending order across both folders.
      .sort((x, y) => (x.name < y.name ? 1 : -1));
    for (const { file } of files) {
      const record = JSON.parse(fs.readFileSync(file, 'utf8')) as { to: string; text?: string };
      const code = record.to === to ? /\b(\d{6})\b/.exec(record.text ?? '')?.[1] : undefined;
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`no code sent to ${to}`);
    await sleep(100);
  }
}

/** The messages with `subject` in each instance's outbox. */
function mailsBySubject(instances: Instance[], subject: string): Record<string, number> {
  return Object.fromEntries(
    instances.map((i) => {
      const outbox = path.join(i.dataDir, 'outbox');
      const n = fs.existsSync(outbox)
        ? fs
            .readdirSync(outbox)
            .filter((f) => f.endsWith('.json'))
            .filter(
              (f) =>
                (JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8')) as { subject?: string })
                  .subject === subject,
            ).length
        : 0;
      return [i.name, n];
    }),
  );
}

/** Every neighbouring pair of calls went to different instances. */
const alternates = (served: string[]) =>
  served.every((name, i) => i === 0 || name !== served[i - 1]);

describe.runIf(adminUrl && redisUrl)(
  'two instances behind a round-robin load balancer (PostgreSQL + Redis; skipped without TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    const instances: Instance[] = (['a', 'b'] as const).map((name) => ({
      name,
      port: 0,
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), `shop-scale-${name}-`)),
      log: '',
    }));
    const [a, b] = instances as [Instance, Instance];
    const balancer = roundRobin(instances);
    let lb = '';
    let database: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
    const person = {
      name: 'Scale Out',
      email: `scale.${Date.now()}@example.com`,
      phoneNumber: `0997${randomInt(1_000_000, 9_999_999)}`,
      password: 'mingalaba-mandalay-2031',
    };
    let auth: Record<string, string> = {};
    const direct = (i: Instance) => `http://127.0.0.1:${i.port}`;

    /** A statement on the shared database, as an operator would run it. */
    async function sql(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
      const client = new pg.Client({ connectionString: database?.url });
      await client.connect();
      try {
        return await client.query(text, values);
      } finally {
        await client.end();
      }
    }

    beforeAll(async () => {
      database = await scratchDatabase(adminUrl ?? '', 'shop_scale');
      await new Promise<void>((resolve) => balancer.server.listen(0, '127.0.0.1', resolve));
      lb = `http://127.0.0.1:${(balancer.server.address() as AddressInfo).port}`;
      // What the instances must share (README "Running several instances"): the database, Redis
      // and the three secrets; each would otherwise generate its own into its DATA_DIR.
      const shared = {
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl ?? '',
        REDIS_KEY_PREFIX: `scale:${randomBytes(6).toString('hex')}:`,
        PUBLIC_URL: lb,
        TRUST_PROXY: 'true',
        JWT_SECRET: randomBytes(48).toString('base64url'),
        PIN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        PAYMENT_WEBHOOK_SECRET: randomBytes(32).toString('base64url'),
        LOG_LEVEL: 'warn',
      };
      for (const i of instances) i.port = await freePort();
      // Both start at once: migrations and the demo seed run once, under the start-up lock.
      await Promise.all(
        instances.map(async (i) => {
          const child = spawnServer({
            port: i.port,
            dataDir: i.dataDir,
            source: true,
            env: shared,
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          i.child = child;
          const keep = (chunk: Buffer) => {
            i.log = (i.log + chunk.toString()).slice(-20_000);
          };
          child.stdout.on('data', keep);
          child.stderr.on('data', keep);
          try {
            await waitFor(`${direct(i)}/readyz`, child, `instance ${i.name}`);
          } catch (err) {
            throw new Error(`${(err as Error).message}\n${i.log.slice(-3000)}`);
          }
        }),
      );
    }, 90_000);

    afterAll(async () => {
      await Promise.all(
        instances.map((i) => (i.child ? stop(i.child, 'SIGTERM') : Promise.resolve())),
      );
      await new Promise((resolve) => balancer.server.close(resolve));
      await database?.drop();
      for (const i of instances) fs.rmSync(i.dataDir, { recursive: true, force: true });
    }, 30_000);

    it('a whole purchase with every call on the other instance than the last: register, verify, login, add, checkout, pay, fulfilment, the order read back with its codes', async () => {
      const from = balancer.served.length;
      const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
        call(lb, 'POST', url, { body, headers, timeoutMs: 20_000 });

      await post('/api/v1/auth/register', person);
      await post('/api/v1/auth/verify/otp', {
        email: person.email,
        otp: await codeFor(instances, person.email),
      });
      await post('/api/v1/auth/verify/phone/send', { phoneNumber: person.phoneNumber });
      await post('/api/v1/auth/verify/otp', {
        phoneNumber: person.phoneNumber,
        otp: await codeFor(instances, `+95${person.phoneNumber.slice(1)}`),
      });
      const login = await post('/api/v1/auth/login', {
        email: person.email,
        password: person.password,
      });
      auth = { authorization: `Bearer ${(login.json as { accessToken: string }).accessToken}` };

      const epin = await productId(lb, 'local-epins', 'ATOM', 'EPIN-ATM-3000');
      const { orderId, orderNumber } = await buyWithSandboxBank(lb, auth, epin);
      const order = await fulfilledOrder(lb, auth, orderId);
      expect(order.status).toBe('completed');
      expect(order.paymentStatus).toBe('paid');
      const cards = order.items.flatMap((item) => item.cards);
      expect(cards).toHaveLength(1);
      expect(cards[0]?.serialNumber).toBeTruthy();
      // The PIN, encrypted by whichever instance seeded it, decrypts on whichever answers.
      expect(await scratch(lb, auth, cards[0]?.cardId ?? '')).toMatch(/^[A-Za-z0-9-]{4,}$/);

      const served = balancer.served.slice(from);
      expect(served.length).toBeGreaterThanOrEqual(12);
      expect(alternates(served)).toBe(true);
      // One worker claimed the job: the codes were mailed once, by one of the two.
      const mailed = mailsBySubject(instances, `Your codes for order ${orderNumber}`);
      expect((mailed.a ?? 0) + (mailed.b ?? 0)).toBe(1);
    }, 40_000);

    it('a card held on one instance shows the product sold out on the other at once, and back in stock when cancelled there', async () => {
      const epin = await productId(direct(a), 'local-epins', 'MEC', 'EPIN-MEC-3000');
      // A shop down to its last card of this product (set before either instance cached it).
      await sql(
        `delete from cards where product_id = $1 and status = 'available'
           and id <> (select id from cards where product_id = $1 and status = 'available' limit 1)`,
        [epin],
      );
      const status = async (i: Instance) =>
        (
          (await call(direct(i), 'GET', `/api/v1/products/${epin}`)).json as {
            data: { status: string };
          }
        ).data.status;
      // Both instances have the product cached as in stock.
      expect(await status(a)).toBe('active');
      expect(await status(b)).toBe('active');
      const untilSeen = async (i: Instance, want: string) => {
        // "At once": well within a second, where the cache's fallback poll of the shared
        // generation is every 5 s and its entries live 5 minutes.
        const deadline = Date.now() + 1000;
        let seen = await status(i);
        while (seen !== want && Date.now() < deadline) {
          await sleep(20);
          seen = await status(i);
        }
        return seen;
      };

      await call(direct(a), 'POST', '/api/v1/cart/add', {
        body: { productId: epin, quantity: 1 },
        headers: auth,
      });
      const held = await call(direct(a), 'POST', '/api/v1/checkout/initialize', {
        body: {},
        headers: auth,
      });
      expect(await untilSeen(b, 'out_of_stock')).toBe('out_of_stock');

      const orderId = (held.json as { data: { orderId: string } }).data.orderId;
      await call(direct(b), 'PUT', `/api/v1/orders/${orderId}/cancel-payment`, { headers: auth });
      expect(await untilSeen(a, 'active')).toBe('active');
    }, 20_000);

    it('a refresh token rotated on one instance and replayed on the other ends the whole session', async () => {
      const cookieOf = (res: Response) =>
        /(?:^|;\s*|,\s*)refresh_session=([^;]*)/.exec(res.headers.getSetCookie().join(', '))?.[1];
      const web = { 'content-type': 'application/json', 'accept-language': 'en' };
      const login = await fetch(`${direct(a)}/api/v1/auth/login`, {
        method: 'POST',
        headers: { ...web, [REFRESH_TRANSPORT_HEADER]: 'cookie' },
        body: JSON.stringify({ email: person.email, password: person.password }),
      });
      expect(login.status).toBe(200);
      const accessToken = ((await login.json()) as { accessToken: string }).accessToken;
      const first = cookieOf(login);
      if (!first) throw new Error('login set no refresh_session cookie');
      const refresh = (i: Instance, cookie: string) =>
        fetch(`${direct(i)}/api/v1/auth/refresh-token`, {
          method: 'POST',
          headers: {
            ...web,
            [REFRESH_TRANSPORT_HEADER]: 'cookie',
            cookie: `refresh_session=${cookie}`,
          },
          body: '{}',
        });

      const rotated = await refresh(a, first);
      expect(rotated.status).toBe(200);
      const second = cookieOf(rotated);
      expect(second).toBeTruthy();
      expect(second).not.toBe(first);

      // The first token was used 31 s ago: past the 30 s in which a second tab may still send it
      // (the servers' clocks cannot be moved, the row can).
      await sql(
        `update refresh_tokens set used_at = used_at - interval '31 seconds' where used_at is not null`,
      );
      const replay = await refresh(b, first);
      expect(replay.status).toBe(401);
      expect(((await replay.json()) as { error: string }).error).toBe(
        'Refresh token expired or invalid',
      );
      // The whole family is revoked, on both instances: the rotated token and the access token too.
      expect((await refresh(a, second ?? '')).status).toBe(401);
      for (const i of instances) {
        const profile = await fetch(`${direct(i)}/api/v1/users/profile`, {
          headers: { authorization: `Bearer ${accessToken}`, 'accept-language': 'en' },
        });
        expect(profile.status).toBe(401);
      }
    }, 20_000);

    it('five wrong passwords spread over both instances: the sixth try is refused on either', async () => {
      const from = balancer.served.length;
      const tries: number[] = [];
      for (let n = 0; n < 7; n += 1) {
        const res = await call(lb, 'POST', '/api/v1/auth/login', {
          body: { email: person.email, password: n < 5 ? `wrong-${n}` : person.password },
          expect: [401, 429],
        });
        tries.push(res.status);
        if (res.status === 429)
          expect((res.json as { error: string }).error).toBe(
            'Too many failed login attempts. Please try again later.',
          );
      }
      const served = balancer.served.slice(from);
      expect(alternates(served)).toBe(true);
      // 3 on one instance, 2 on the other; then the 6th and 7th (the right password) on each.
      expect(tries).toEqual([401, 401, 401, 401, 401, 429, 429]);
      expect(new Set(served.slice(5))).toEqual(new Set(['a', 'b']));
    }, 20_000);
  },
);
