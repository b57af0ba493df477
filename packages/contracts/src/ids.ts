/** A UUID as PostgreSQL reads one: 8-4-4-4-12 hexadecimal digits (the shop's ids). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `value` is an id the database can read: checked before a query, so a malformed id is
 * the caller's 4xx (not found, invalid) instead of PostgreSQL's cast error.
 */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && UUID_PATTERN.test(value);
