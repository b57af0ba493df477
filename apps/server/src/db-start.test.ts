import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, scratchDatabase, spawnServer, stop, waitFor } from '../bench/server-process.mjs';
import { startTcpProxy } from './test/fault-kit.ts';

/*
 * Issue 25: a PostgreSQL not reachable when the server starts ended the process with a raw stack
 * trace. Now (ADR 0048) it is tried again with back-off for DATABASE_START_TIMEOUT_MS, one JSON
 * log line per try, then exit code 1 with one clear line; a database that appears meanwhile is
 * used. The real server process (src/main.ts through tsx, as the scale-out test runs it).
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const dataDirs: string[] = [];

afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The server on a fresh DATA_DIR with DATABASE_URL `databaseUrl`; `output()` is all it printed. */
async function startServer(databaseUrl: string, env: Record<string, string>) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-db-start-'));
  dataDirs.push(dataDir);
  const child = spawnServer({
    port,
    dataDir,
    source: true,
    env: { DATABASE_URL: databaseUrl, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept apart: a chunk of stderr (a runtime warning) arriving between two chunks of stdout would
  // otherwise split a JSON log line in the middle.
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // 'close', not 'exit': the process may have exited while its last lines still sit in the pipes
  // (CI once read the try lines without the final one).
  const exited = new Promise<number | null>((resolve) => {
    child.once('close', (code) => {
      resolve(code);
    });
  });
  return { child, port, exited, output: () => `${stdout}\n${stderr}`, logs: () => stdout };
}

/** The JSON log lines of `output` (anything else, such as a stack trace, is left out). */
const logLines = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('a database not reachable at start', () => {
  it('is tried again with back-off, one log line per try, then exit 1 with one clear line and no stack trace', async () => {
    const closedPort = await freePort();
    const server = await startServer(
      `postgres://shop:not-this-password@127.0.0.1:${String(closedPort)}/shop`,
      { DATABASE_START_TIMEOUT_MS: '2500' },
    );
    expect(await server.exited).toBe(1);
    const output = server.output();
    expect(output, output).not.toMatch(/^\s+at /m);
    expect(output).not.toContain('not-this-password');
    const tries = logLines(server.logs()).filter((line) => typeof line.attempt === 'number');
    // Tries at about 0, 0.5, 1.5 and 2.5 s: waits of 0.5 s, 1 s, then what is left of 2.5 s.
    expect(tries.map((line) => line.attempt)).toEqual([1, 2, 3, 4]);
    expect(tries.map((line) => line.retryInMs).slice(0, 2)).toEqual([500, 1000]);
    expect(tries[3]?.retryInMs).toBeUndefined();
    for (const line of tries)
      expect(line).toMatchObject({
        code: 'ECONNREFUSED',
        error: `connect ECONNREFUSED 127.0.0.1:${String(closedPort)}`,
      });
    // The fatal line, wherever it landed: pino writes a fatal line at once, so it can come out
    // before the last try's warning still in its buffer (seen: 4 of 6 runs).
    const fatal = logLines(server.logs()).filter((line) => line.level === 60);
    expect(fatal, output).toHaveLength(1);
    const [last] = fatal;
    expect(last?.msg, output).toMatch(
      new RegExp(
        `^database unreachable at 127\\.0\\.0\\.1:${String(closedPort)} after 4 tries over 2\\.\\d s: connect ECONNREFUSED`,
      ),
    );
    expect(last).toMatchObject({ level: 60, tries: 4, code: 'ECONNREFUSED' });
  }, 60_000);

  describe.runIf(adminUrl)('on PostgreSQL', () => {
    it('starts once the database appears during the tries', async () => {
      const database = await scratchDatabase(adminUrl ?? '', 'shop_db_start');
      const target = new URL(database.url);
      const proxy = await startTcpProxy({
        host: target.hostname,
        port: Number(target.port || 5432),
      });
      // Down at first: every connection is refused.
      proxy.cut();
      const viaProxy = new URL(database.url);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      const server = await startServer(viaProxy.href, { DATABASE_START_TIMEOUT_MS: '30000' });
      try {
        // Up after two tries have failed.
        while (!server.output().includes('"attempt":2')) {
          if (server.child.exitCode !== null) throw new Error(server.output());
          await sleep(50);
        }
        proxy.restore();
        await waitFor(`http://127.0.0.1:${String(server.port)}/readyz`, server.child, 'server');
        const tries = logLines(server.output()).filter((line) => typeof line.attempt === 'number');
        expect(tries.length).toBeGreaterThanOrEqual(2);
        for (const line of tries) expect(typeof line.error).toBe('string');
        expect(server.output()).toContain('shop ready at');
      } finally {
        await stop(server.child, 'SIGTERM');
        await proxy.close();
        await database.drop();
      }
    }, 90_000);
  });
});
