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
import * as schema from '../db/schema.ts';
import { migrationsFolder } from './paths.ts';

export type Schema = typeof schema;
/** The one database type the modules see; it is the same for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  /** Runs fn while holding a cluster-wide lock (start-up work such as seeding). */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

// Any fixed number: the key of the advisory lock taken around migrations and seeding.
const STARTUP_LOCK_KEY = 727_001;

export type DatabaseTarget =
  | {
      url: string;
      /** Milliseconds to wait for a connection and for a query's answer (ADR 0025). */
      timeouts?: { connectMs: number; queryMs: number };
    }
  | { dataDir: string }
  | { memory: true };

/** Defaults of DATABASE_CONNECT_TIMEOUT_MS and DATABASE_QUERY_TIMEOUT_MS (config.ts). */
const DEFAULT_TIMEOUTS = { connectMs: 3000, queryMs: 10_000 };

/**
 * The only place that knows which engine runs (DESIGN §1): PGlite stored in DATA_DIR when there is
 * no DATABASE_URL, else a PostgreSQL server through a pool.
 */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) {
    const timeouts = target.timeouts ?? DEFAULT_TIMEOUTS;
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 20,
      // A database that is down or frozen fails the call (503, platform/errors.ts) instead of
      // holding it: no connection within connectMs, no answer within queryMs (the server cancels
      // the statement a little earlier, so a slow query frees its connection too).
      connectionTimeoutMillis: timeouts.connectMs,
      query_timeout: timeouts.queryMs,
      statement_timeout: Math.max(timeouts.queryMs - 500, 100),
      keepAlive: true,
    });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const withStartupLock = async <T>(fn: () => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      try {
        // Waiting for another instance's migration or seed may take longer than a query may.
        await client.query('set statement_timeout = 0');
        await client.query({
          text: 'select pg_advisory_lock($1)',
          values: [STARTUP_LOCK_KEY],
          query_timeout: 3_600_000,
        } as pg.QueryConfig);
        return await fn();
      } finally {
        await client
          .query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY])
          .catch(() => undefined);
        await client.query('reset statement_timeout').catch(() => undefined);
        client.release();
      }
    };
    return {
      db,
      kind: 'postgres',
      migrate: () => withStartupLock(() => migratePg(drizzlePg(pool), { migrationsFolder })),
      withStartupLock,
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if ('dataDir' in target) {
    const dir = path.join(target.dataDir, 'pgdata');
    fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // PGlite is single-process: no other instance can race us.
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    withStartupLock: (fn) => fn(),
    ping: () => ping(db),
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
