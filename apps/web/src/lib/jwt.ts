/**
 * Client-side look at an access token (account spec §5 "Tokens"): valid only with 3 dot-separated
 * parts, a header with alg and typ, and a payload whose exp is in the future. The signature is the
 * server's business; the client only needs to know when to refresh.
 */

function decodePart(part: string | undefined): Record<string, unknown> | null {
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(
      Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) =>
        c.charCodeAt(0),
      ),
    );
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Expiry in epoch milliseconds, or null when the token is not a well-formed JWT. */
export function jwtExpiresAt(token: string | null | undefined): number | null {
  const parts = token?.split('.');
  if (parts?.length !== 3) return null;
  const header = decodePart(parts[0]);
  if (!header || typeof header.alg !== 'string' || typeof header.typ !== 'string') return null;
  const exp = decodePart(parts[1])?.exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}

export function isJwtValid(token: string | null | undefined, now = Date.now()): boolean {
  const expiresAt = jwtExpiresAt(token);
  return expiresAt !== null && expiresAt > now;
}
