import type { ChildProcessByStdio } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  scratchDatabase,
  signUp,
  spawnServer,
  stop,
  waitFor,
} from '../../bench/server-process.mjs';
import { ConfigError, loadConfig } from '../config.ts';
import { createCartRepo } from '../modules/cart/cart.repo.ts';
import { buyWithSandboxBank, fulfilledOrder, productId, scratch } from '../test/purchase-kit.ts';
import { openDatabase } from './db.ts';
import { withoutStatementName } from './pg-statements.ts';

/*
 * PgBouncer in transaction mode (ADR 0024) hands a client a server connection for one transaction
 * at a time. A named prepared statement, a session advisory lock, a SET or a LISTEN stays with the
 * server connection, not the client: another client may find it, the next transaction may miss it.
 * DATABASE_PREPARED_STATEMENTS=false must leave none of them. What the server sends is read on
 * the wire, between it and PostgreSQL, so no path of the code can escape the check.
 */

describe('DATABASE_PREPARED_STATEMENTS', () => {
  it('is true unless set to false; anything else stops the start', () => {
    expect(loadConfig({}).databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }).databasePreparedStatements).toBe(
      false,
    );
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'no' })).toThrow(ConfigError);
  });

  it('a query config loses its statement name; text, values and other options stay', () => {
    const types = { getTypeParser: () => String };
    expect(
      withoutStatementName({ name: 'cart_lines_of', text: 'select 1', rowMode: 'array', types }),
    ).toEqual({ name: undefined, text: 'select 1', rowMode: 'array', types });
    expect(withoutStatementName('select 1')).toBe('select 1');
    const submittable = { name: 'kept', submit: () => undefined };
    expect(withoutStatementName(submittable)).toBe(submittable);
  });
});

/** Statements that leave state on a server connection beyond their transaction. */
const SESSION_STATE =
  /\bpg_advisory_(lock|unlock|lock_shared|unlock_shared|unlock_all)\s*\(|^\s*(listen|prepare|deallocate|discard)\b|^\s*set\s+(?!local\b|transaction\b)|\bwith\s+hold\b|^\s*create\s+temp/i;

describe('the check for session state', () => {
  it('catches what outlives a transaction, and only that', () => {
    for (const kept of [
      'select pg_advisory_lock($1)',
      'SELECT pg_advisory_unlock($1)',
      'SET statement_timeout = 5000',
      'set session search_path to shop',
      'LISTEN catalogue_changed',
      'PREPARE cart AS select 1',
      'declare c cursor with hold for select 1',
    ])
      expect(kept).toMatch(SESSION_STATE);
    for (const scoped of [
      'select pg_advisory_xact_lock($1)',
      'set local statement_timeout = 5000',
      'update "cart_items" set "quantity" = $1',
      'select "settings" from "users"',
    ])
      expect(scoped).not.toMatch(SESSION_STATE);
  });
});

/**
 * A TCP relay to PostgreSQL that reads what clients send: every Parse message (the statement
 * name, empty for the unnamed statement, and its SQL) and every simple query.
 */
async function wireTap(target: URL) {
  const parses: { name: string; text: string }[] = [];
  const queries: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    let pending = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        if (!started) {
          // Startup, SSL or GSS request: length and code, no type byte.
          if (pending.length < 8 || pending.length < pending.readInt32BE(0)) return;
          const code = pending.readInt32BE(4);
          pending = pending.subarray(pending.readInt32BE(0));
          started = code !== 80877103 && code !== 80877104;
          continue;
        }
        if (pending.length < 5 || pending.length < 1 + pending.readInt32BE(1)) return;
        const type = String.fromCharCode(pending[0] ?? 0);
        const body = pending.subarray(5, 1 + pending.readInt32BE(1));
        pending = pending.subarray(1 + pending.readInt32BE(1));
        if (type === 'P') {
          const nameEnd = body.indexOf(0);
          const textEnd = body.indexOf(0, nameEnd + 1);
          parses.push({
            name: body.toString('utf8', 0, nameEnd),
            text: body.toString('utf8', nameEnd + 1, textEnd),
          });
        } else if (type === 'Q') queries.push(body.toString('utf8', 0, body.indexOf(0)));
      }
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target.href);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.href,
    parses,
    queries,
    /** Every SQL text sent, by Parse or simple query. */
    statements: () => [...parses.map((p) => p.text), ...queries],
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => {
          resolve();
        });
      }),
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'behind PgBouncer in transaction mode: no named statements, no session state (PostgreSQL; skipped without TEST_DATABASE_URL)',
  () => {
    let database: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
    let tap: Awaited<ReturnType<typeof wireTap>> | undefined;
    beforeAll(async () => {
      database = await scratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'shop_pgbouncer');
      tap = await wireTap(new URL(database.url));
    });
    afterAll(async () => {
      await tap?.close();
      await database?.drop();
    });

    it('by default the hot statements are named (what the tap would catch); with the setting false the same calls are not', async () => {
      if (!tap) throw new Error('no tap');
      const named = await openDatabase({ url: tap.url });
      try {
        await named.migrate();
        await createCartRepo(named.db).listLines('guest_1');
        await named.db.transaction(async (tx) => {
          await createCartRepo(tx).listLines('guest_1');
        });
      } finally {
        await named.close();
      }
      expect(tap.parses.map((p) => p.name)).toContain('cart_lines_of');

      const before = tap.parses.length;
      const unnamed = await openDatabase({ url: tap.url, preparedStatements: false });
      try {
        await createCartRepo(unnamed.db).listLines('guest_1');
        await unnamed.db.transaction(async (tx) => {
          await createCartRepo(tx).listLines('guest_1');
        });
      } finally {
        await unnamed.close();
      }
      const after = tap.parses.slice(before);
      expect(after.filter((p) => p.text.includes('"cart_items"'))).toHaveLength(2);
      expect(after.filter((p) => p.name !== '')).toEqual([]);
    });

    it('DATABASE_PREPARED_STATEMENTS=false: start-up and a whole purchase on the real server send none', async () => {
      if (!tap) throw new Error('no tap');
      await tap.close();
      // A fresh database and tap: everything the server sends from its first connection on.
      await database?.drop();
      database = await scratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'shop_pgbouncer');
      tap = await wireTap(new URL(database.url));
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pgbouncer-'));
      const port = await freePort();
      let server: ChildProcessByStdio<null, Readable, Readable> | undefined;
      let log = '';
      try {
        server = spawnServer({
          port,
          dataDir,
          source: true,
          env: { DATABASE_URL: tap.url, DATABASE_PREPARED_STATEMENTS: 'false', LOG_LEVEL: 'warn' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const keep = (chunk: Buffer) => {
          log = (log + chunk.toString()).slice(-10_000);
        };
        server.stdout.on('data', keep);
        server.stderr.on('data', keep);
        const base = `http://127.0.0.1:${port}`;
        await waitFor(`${base}/readyz`, server, 'server').catch((err: unknown) => {
          throw new Error(`${(err as Error).message}\n${log.slice(-3000)}`);
        });

        const auth = await signUp(base, dataDir, {
          name: 'Pool Test',
          email: `pool.${Date.now()}@example.com`,
          phoneNumber: `0997${randomInt(1_000_000, 9_999_999)}`,
          password: 'mingalaba-bago-2032',
        });
        const epin = await productId(base, 'local-epins', 'MEC', 'EPIN-MEC-3000');
        const { orderId } = await buyWithSandboxBank(base, auth, epin);
        const order = await fulfilledOrder(base, auth, orderId);
        expect(order.status).toBe('completed');
        const card = order.items[0]?.cards[0];
        expect(await scratch(base, auth, card?.cardId ?? '')).toBeTruthy();
      } finally {
        if (server) await stop(server, 'SIGTERM');
        fs.rmSync(dataDir, { recursive: true, force: true });
      }

      // The tap saw the whole of it: migrations under the start-up lock, the seed, the cart...
      const statements = tap.statements();
      expect(tap.parses.length).toBeGreaterThan(100);
      expect(statements).toContain('select pg_advisory_xact_lock($1)');
      expect(statements.some((s) => s.includes('"cart_items"'))).toBe(true);
      // ...and none of it named or left behind on the connection.
      expect(tap.parses.filter((p) => p.name !== '').map((p) => p.name)).toEqual([]);
      expect(statements.filter((s) => SESSION_STATE.test(s))).toEqual([]);
    }, 60_000);
  },
);
