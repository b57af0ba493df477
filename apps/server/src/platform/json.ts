/*
 * Reading what outside services send (issue 30): one home for the two checks every provider made
 * for itself.
 */

/** A JSON object: not null, not an array. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text read as JSON, or `undefined` when it is not JSON (JSON itself never gives undefined). */
export function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
