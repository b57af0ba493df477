import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { sendJson } from './http-standin.ts';

/**
 * Reloadly's sign-in as both its stand-ins (top-ups, gift cards) answer it: POST /oauth/token
 * gives a Bearer token for client credentials and the API's audience; every other call needs a
 * live one. Each call is counted by method and path (ids as :x).
 */
export function reloadlyTokenDesk(options: {
  clientId: string;
  clientSecret: string;
  scope: string;
  /** The audience the token is asked for: the API's URL, known once its server listens. */
  audience: () => string;
  problem: (
    res: http.ServerResponse,
    status: number,
    errorCode: string,
    message: string,
    path: string,
  ) => void;
  /** The 401's message for a missing or expired token. */
  invalidTokenMessage: string;
}) {
  const liveTokens = new Set<string>();
  const calls = new Map<string, number>();
  let issued = 0;

  function issueToken(res: http.ServerResponse, body: Record<string, unknown>) {
    if (
      body.client_id !== options.clientId ||
      body.client_secret !== options.clientSecret ||
      body.grant_type !== 'client_credentials' ||
      body.audience !== options.audience()
    ) {
      options.problem(res, 401, 'INVALID_CREDENTIALS', 'Invalid credentials', '/oauth/token');
      return;
    }
    issued += 1;
    const token = randomBytes(12).toString('hex');
    liveTokens.add(token);
    sendJson(res, 200, {
      access_token: token,
      scope: options.scope,
      expires_in: 3600,
      token_type: 'Bearer',
    });
  }

  return {
    calls,
    issued: () => issued,
    expireTokens: () => {
      liveTokens.clear();
    },
    /**
     * Counts the call and answers what is not the API's own: the token endpoint, or a 401 for a
     * request without a live token. 'admitted' leaves the answer to the caller.
     */
    admit(
      req: http.IncomingMessage,
      res: http.ServerResponse,
      path: string,
      body: Record<string, unknown>,
    ): 'admitted' | 'token' | 'refused' {
      const key = `${req.method ?? ''} ${path.replace(/\/\d[\w-]*/g, '/:x')}`;
      calls.set(key, (calls.get(key) ?? 0) + 1);
      if (req.method === 'POST' && path === '/oauth/token') {
        issueToken(res, body);
        return 'token';
      }
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (liveTokens.has(token)) return 'admitted';
      options.problem(res, 401, 'INVALID_TOKEN', options.invalidTokenMessage, path);
      return 'refused';
    },
  };
}
