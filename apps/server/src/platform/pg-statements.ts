import pg from 'pg';

/**
 * A query config as pg would send it, but without a statement name: pg then parses it as the
 * unnamed statement, which lives only until the next one on that connection. Drizzle's
 * `.prepare('name')` and a pg `{ name }` query otherwise leave a named statement on the server
 * connection, which a pooler in transaction mode (PgBouncer before 1.21, or without
 * `max_prepared_statements`) may hand to another client, or never give back (ADR 0024).
 */
export function withoutStatementName(config: unknown): unknown {
  if (config === null || typeof config !== 'object') return config;
  // A Query or cursor object submits itself: sent as it is.
  if (typeof (config as { submit?: unknown }).submit === 'function') return config;
  if (!(config as { name?: unknown }).name) return config;
  return { ...config, name: undefined };
}

/** The pg client of a pool that never creates named prepared statements (DATABASE_PREPARED_STATEMENTS=false). */
export class UnnamedStatementsClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((config: unknown, ...rest: unknown[]) =>
      query(withoutStatementName(config), ...rest)) as pg.Client['query'];
  }
}
