import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { seedDemoShop } from '../db/seed.ts';
import type { Clock } from '../platform/clock.ts';
import { openDatabase, type Database } from '../platform/db.ts';
import { createMessaging } from '../platform/messaging.ts';
import { serverRoot } from '../platform/paths.ts';
import { generateVapidKeys, type Secrets } from '../platform/secrets.ts';

/**
 * Integration tests run on a fresh database: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL. Each is a copy of the run's migrated template
 * (global-setup.ts) when there is one, else migrated on its own.
 */
export async function createTestDatabase(
  options: {
    /** PostgreSQL only: the app connects through this local port (a fault test's TCP proxy). */
    throughPort?: number;
    timeouts?: { connectMs: number; queryMs: number };
  } = {},
): Promise<Database & { dispose(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dump = await templateDump();
    const database = await openDatabase(
      dump ? { memory: true, loadDataDir: dump } : { memory: true },
    );
    await database.migrate();
    return { ...database, dispose: () => database.close() };
  }
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const template = inject('templateDatabase');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  if (options.throughPort !== undefined) {
    url.hostname = '127.0.0.1';
    url.port = String(options.throughPort);
  }
  const database = await openDatabase({ url: url.toString(), timeouts: options.timeouts });
  await database.migrate();
  return {
    ...database,
    dispose: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The migrated PGlite data directory of this run, read once per test process. */
let templateBlob: Promise<Blob | null> | undefined;
const templateDump = () =>
  (templateBlob ??= (async () => {
    const file = inject('templateDataDir');
    return file ? new Blob([await fs.promises.readFile(file)]) : null;
  })());

export const testSecrets = (): Secrets => ({
  jwtSecret: randomBytes(48).toString('base64url'),
  pinEncryptionKey: randomBytes(32),
  paymentWebhookSecret: randomBytes(32).toString('base64url'),
  vapid: testVapid,
});

/** One VAPID pair for every test app (making a key pair per app would only cost time). */
const testVapid = generateVapidKeys();

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  config: Config;
  secrets: Secrets;
  dataDir: string;
  outboxDir: string;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    webRoot?: string;
    /** A movable time source, so tests of expiry move time instead of sleeping. */
    clock?: Clock;
    /** How the app reaches a PostgreSQL test database (createTestDatabase). */
    database?: Parameters<typeof createTestDatabase>[0];
    /**
     * A second instance: on the database and with the secrets of this one (which closes the
     * database), as instances behind a balancer are.
     */
    secondInstanceOf?: TestApp;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://shop.test',
    // The sandbox bank is enabled explicitly (it has no default, ADR 0017).
    PAYMENT_PROVIDER: 'sandbox',
    // Tests call from one address: the request limits (ADR 0026) run in every test, 100 times
    // higher; request-limits.test.ts sets its own.
    REQUEST_LIMIT_FACTOR: '100',
    ...options.env,
  });
  const database = options.secondInstanceOf
    ? { ...options.secondInstanceOf.database, dispose: () => Promise.resolve() }
    : await createTestDatabase(options.database);
  const secrets = options.secondInstanceOf?.secrets ?? testSecrets();
  if (options.seed) await seedDemoShop(database.db, secrets);
  const logger = pino({ level: 'silent' });
  const { outbox, mailer, sms } = createMessaging(config, dataDir, logger);
  const app = await buildApp({
    config,
    database,
    secrets,
    mailer,
    sms,
    webRoot: options.webRoot ?? path.join(dataDir, 'no-web'),
    logger: false,
    clock: options.clock,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    secrets,
    dataDir,
    outboxDir: outbox.dir,
    close: async () => {
      await app.close();
      mailer.close();
      await database.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another instance of `t`'s app (another process in production): on its database, with its
 * secrets and config, nothing else shared. Its outbox is a folder `b` in t's data folder, or with
 * `ownDataDir` all its files are there (its config says so). Without a clock of its own. Close it
 * before `t`.
 */
export async function otherInstance(
  t: TestApp,
  ownDataDir?: string,
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const { mailer, sms } = createMessaging(
    { smtpUrl: undefined, mailFrom: t.config.mailFrom },
    ownDataDir ?? path.join(t.dataDir, 'b'),
    pino({ level: 'silent' }),
  );
  const app = await buildApp({
    config: ownDataDir ? { ...t.config, dataDir: ownDataDir } : t.config,
    database: t.database,
    secrets: t.secrets,
    mailer,
    sms,
    webRoot: path.join(ownDataDir ?? t.dataDir, 'no-web'),
    logger: false,
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      mailer.close();
    },
  };
}

/** Settings that put an app on the test Redis (TEST_REDIS_URL) under the key prefix given. */
export const sharedRedisEnv = (prefix: string) => ({
  REDIS_URL: process.env.TEST_REDIS_URL ?? '',
  REDIS_KEY_PREFIX: prefix,
});

/** Keys matching `pattern`, read straight from the test Redis (TEST_REDIS_URL). */
export async function redisKeys(pattern: string): Promise<string[]> {
  const client = new Redis(process.env.TEST_REDIS_URL ?? '');
  try {
    return await client.keys(pattern);
  } finally {
    client.disconnect();
  }
}

/**
 * Two instances of the app on one Redis (TEST_REDIS_URL), under a key prefix of their own (new for
 * every pair unless given), as instances behind a load balancer are. `sharedDatabase`: the second
 * is on the first's database, with its secrets (secondInstanceOf); otherwise each has its own.
 * Close them with closeInstances.
 */
export async function twoInstancesOnRedis(
  options: { prefix?: string; sharedDatabase?: boolean } = {},
): Promise<[TestApp, TestApp]> {
  const env = sharedRedisEnv(options.prefix ?? `test:${randomBytes(6).toString('hex')}:`);
  const a = await createTestApp({ env });
  const b = await createTestApp(options.sharedDatabase ? { env, secondInstanceOf: a } : { env });
  return [a, b];
}

/** Closes instances last first (a second instance before the one whose database it is on). */
export async function closeInstances(...instances: TestApp[]) {
  for (const instance of instances.reverse()) await instance.close();
}

/**
 * A stand-in server for the surrounding describe block: started before its tests, closed after
 * them. Read it with the returned function once the tests run.
 */
export function openStandin<T extends { close(): Promise<void> }>(
  start: () => Promise<T>,
): () => T {
  let standin: T | undefined;
  beforeAll(async () => {
    standin = await start();
  });
  afterAll(() => standin?.close());
  return () => {
    if (!standin) throw new Error('the stand-in is not started yet');
    return standin;
  };
}

/** Forgets the catalogue's generation counter a test kept in Redis under `prefix` (none without Redis). */
export async function dropCatalogueGeneration(redisUrl: string | undefined, prefix: string) {
  if (!redisUrl) return;
  const raw = new Redis(redisUrl);
  await raw.del(`${prefix}catalogue:generation`);
  await raw.quit();
}

/**
 * A shop that shares its caches with a second instance through Redis when the machine has one
 * (TEST_REDIS_URL, as CI has): `env` for the first instance; `start(t)` makes the second (null
 * without Redis); `close(t)` ends the second, then `t`, and forgets what the catalogue kept in Redis.
 */
export function sharedCacheInstances() {
  const redisUrl = process.env.TEST_REDIS_URL;
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  const env: Record<string, string> = redisUrl
    ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix }
    : {};
  let closeOther: () => Promise<void> = () => Promise.resolve();
  return {
    env,
    async start(t: TestApp): Promise<FastifyInstance | null> {
      if (!redisUrl) return null;
      const second = await otherInstance(t);
      closeOther = second.close;
      return second.app;
    },
    async close(t: TestApp) {
      await closeOther();
      await t.close();
      await dropCatalogueGeneration(redisUrl, prefix);
    },
  };
}

/**
 * A server command (`script`, a path under apps/server) as an operator runs it: on its own
 * embedded database in a fresh DATA_DIR (`dataDir`; DATABASE_URL unset), quiet. `run(args)` runs it
 * to the end and answers its output and exit status; `dispose()` removes the folder.
 */
export function serverCommand(script: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cli-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  const cli = path.join(serverRoot, script);
  return {
    dataDir,
    run: (args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
        env,
        encoding: 'utf8',
        timeout: 60_000,
      }),
    dispose: () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A test app for the surrounding describe block: made before its tests (createTestApp with
 * `options`), closed after them. The returned app is filled in by the time the first beforeAll
 * registered after this call runs; read it in hooks and tests, not while the block is declared.
 */
export function openTestApp(options?: Parameters<typeof createTestApp>[0]): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(options));
  });
  afterAll(() => t.close());
  return t;
}

/**
 * Two instances on one Redis (twoInstancesOnRedis with `options`) for the surrounding describe
 * block: made before its tests, closed after them (closeInstances). Filled in as openTestApp's is.
 */
export function openTwoInstancesOnRedis(
  options?: Parameters<typeof twoInstancesOnRedis>[0],
): [TestApp, TestApp] {
  const a = {} as TestApp;
  const b = {} as TestApp;
  beforeAll(async () => {
    const [first, second] = await twoInstancesOnRedis(options);
    Object.assign(a, first);
    Object.assign(b, second);
  });
  afterAll(() => closeInstances(a, b));
  return [a, b];
}
