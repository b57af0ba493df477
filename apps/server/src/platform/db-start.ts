import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Database } from './db.ts';

/** The waits between tries: 0.5 s, 1 s, 2 s, 4 s, then 5 s each. */
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 5000;

/**
 * SQLSTATEs that waiting does not heal: a wrong password or role (class 28), a database that does
 * not exist (3D000). The start ends at the first of them.
 */
const hopeless = (code: string | undefined) =>
  code !== undefined && (code.startsWith('28') || code === '3D000');

/** Why the database could not be used, told in one line (main.ts prints it and exits 1). */
export class DatabaseStartError extends Error {
  constructor(
    message: string,
    readonly details: { target: string; tries: number; seconds: number; code?: string },
  ) {
    super(message);
    this.name = 'DatabaseStartError';
  }
}

/** The driver's error under Drizzle's wrapping: its code (errno name or SQLSTATE) and message. */
function reasonOf(error: unknown): { code?: string; message: string } {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return { code, message: current.message };
    if (!(current.cause instanceof Error)) return { message: current.message };
    current = current.cause;
  }
  return { message: String(error) };
}

/** host:port of a postgres:// URL, never its user or password. */
export function databaseTargetOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}`;
  } catch {
    return 'the DATABASE_URL';
  }
}

/**
 * Waits until the database answers `select 1`, before migrating (ADR 0048): a PostgreSQL still
 * starting, or a network not yet up when the instance starts, is tried again after 0.5 s, 1 s,
 * 2 s, … (at most 5 s apart) until `timeoutMs` has passed, each failed try one log line (attempt,
 * code, message, the wait; no stack). Then, or at once for a wrong password or database name,
 * throws a DatabaseStartError of one line. A try itself waits at most the connection timeout.
 */
export async function waitForDatabase(
  database: Pick<Database, 'db'>,
  options: {
    target: string;
    timeoutMs: number;
    log: (fields: Record<string, unknown>, message: string) => void;
  },
): Promise<void> {
  const startedAt = performance.now();
  const deadline = startedAt + options.timeoutMs;
  for (let attempt = 1; ; attempt += 1) {
    let reason: { code?: string; message: string };
    try {
      await database.db.execute(sql`select 1`);
      return;
    } catch (err) {
      reason = reasonOf(err);
    }
    const wait = Math.min(FIRST_DELAY_MS * 2 ** (attempt - 1), MAX_DELAY_MS);
    const retryInMs = hopeless(reason.code)
      ? 0
      : Math.round(Math.min(wait, deadline - performance.now()));
    options.log(
      {
        attempt,
        code: reason.code,
        error: reason.message,
        ...(retryInMs > 0 ? { retryInMs } : {}),
      },
      retryInMs > 0 ? 'database not reachable yet; trying again' : 'database not reachable',
    );
    if (retryInMs <= 0) {
      const seconds = Math.round((performance.now() - startedAt) / 100) / 10;
      throw new DatabaseStartError(
        `database unreachable at ${options.target} after ${String(attempt)} ${attempt === 1 ? 'try' : 'tries'} over ${String(seconds)} s: ${reason.message}`,
        { target: options.target, tries: attempt, seconds, code: reason.code },
      );
    }
    await sleep(retryInMs);
  }
}
