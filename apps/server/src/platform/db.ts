import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { migrationsFolder } from './paths.ts';
import { UnnamedStatementsClient } from './pg-statements.ts';

/**
 * The one database type the modules see; it is the same for PGlite and PostgreSQL. It knows no
 * module's tables (each module imports its own): queries name their tables, none uses Drizzle's
 * relational `db.query` API, so platform/ needs no schema of every module (issue 30). The tables
 * are collected for drizzle-kit's migrations in db/schema.ts only.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Serialises the transactions that name `key` until each ends (a PostgreSQL advisory transaction
 * lock; PGlite runs one statement at a time and takes it at once). For checks that count rows
 * and then write ("at most N per account"), which a row lock cannot cover.
 */
export async function lockForTransaction(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * The constraint a Postgres unique_violation (SQLSTATE 23505) names ('' when none is told), or
 * null for any other error; the same on node-postgres and PGlite, possibly wrapped by Drizzle.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

export const isUniqueViolation = (error: unknown): boolean => uniqueViolation(error) !== null;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  /** Runs fn while holding a cluster-wide lock (start-up work such as seeding). */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  /** The connection pool's counts now (metrics); null on PGlite, which has one in-process connection. */
  poolStats(): PoolStats | null;
  /** PGlite in memory: its data directory as a tar (the tests' migrated template). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

/** node-postgres's pool as it reports itself. */
export interface PoolStats {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection (all are busy and the pool is at max). */
  waiting: number;
  max: number;
}

// Any fixed number: the key of the advisory lock taken around migrations and seeding.
const STARTUP_LOCK_KEY = 727_001;
/** How long an instance waits for another's migrations and seed at start. */
const STARTUP_LOCK_WAIT_MS = 10 * 60_000;

export type DatabaseTarget =
  | {
      url: string;
      /** false: no named prepared statements, for PgBouncer in transaction mode (ADR 0024). */
      preparedStatements?: boolean;
      /** Milliseconds to wait for a connection and for a query's answer (ADR 0025). */
      timeouts?: { connectMs: number; queryMs: number };
    }
  | { dataDir: string }
  /** In memory; started from a data directory's dump when given (the tests' template). */
  | { memory: true; loadDataDir?: Blob };

/** Connections of one instance's pool to PostgreSQL. */
const POOL_MAX = 20;

/** Defaults of DATABASE_CONNECT_TIMEOUT_MS and DATABASE_QUERY_TIMEOUT_MS (config.ts). */
const DEFAULT_TIMEOUTS = { connectMs: 10_000, queryMs: 10_000 };

/**
 * The only place that knows which engine runs (DESIGN §1): PGlite stored in DATA_DIR when there is
 * no DATABASE_URL, else a PostgreSQL server through a pool.
 */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) {
    const timeouts = target.timeouts ?? DEFAULT_TIMEOUTS;
    const pool = new pg.Pool({
      connectionString: target.url,
      max: POOL_MAX,
      ...(target.preparedStatements === false ? { Client: UnnamedStatementsClient } : {}),
      // A database that is down or frozen fails the call (503, platform/errors.ts) instead of
      // holding it: no connection (new, or a free one of the pool) within connectMs, no answer
      // within queryMs. Client-side only: a startup statement_timeout would be refused by
      // PgBouncer (ADR 0024); a timed-out query's connection is closed by the pool.
      connectionTimeoutMillis: timeouts.connectMs,
      query_timeout: timeouts.queryMs,
      keepAlive: true,
    });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool) as unknown as Db;
    const withStartupLock = async <T>(fn: () => Promise<T>): Promise<T> => {
      // A transaction's lock, held by an open transaction while fn runs on other connections: a
      // session lock would stay behind PgBouncer in transaction mode with whichever server
      // connection took it, and its unlock could go to another one (ADR 0024).
      const client = await pool.connect();
      try {
        await client.query('begin');
        // Waiting for another instance's migration or seed may take longer than a query may.
        await client.query({
          text: 'select pg_advisory_xact_lock($1)',
          values: [STARTUP_LOCK_KEY],
          query_timeout: STARTUP_LOCK_WAIT_MS,
        } as pg.QueryConfig);
        return await fn();
      } finally {
        // Nothing was written in this transaction: ending it releases the lock.
        const failed = await client.query('rollback').then(
          () => undefined,
          (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
        );
        client.release(failed);
      }
    };
    return {
      db,
      kind: 'postgres',
      migrate: () => withStartupLock(() => migratePg(drizzlePg(pool), { migrationsFolder })),
      withStartupLock,
      ping: () => ping(db),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: POOL_MAX,
      }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if ('dataDir' in target) {
    const dir = path.join(target.dataDir, 'pgdata');
    fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {});
  }
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // PGlite is single-process: no other instance can race us.
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    withStartupLock: (fn) => fn(),
    ping: () => ping(db),
    poolStats: () => null,
    ...('memory' in target ? { dumpDataDir: () => client.dumpDataDir('none') } : {}),
    close: () => client.close(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
