import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { getAuthSession } from '../../../lib/auth-session.ts';
import { login } from './auth-api.ts';

/** The server's two keys (ADR 0045); here only this test knows them. */
const keys = { hmacSignatureSecret: 'challenge-key', hmacKeySignatureSecret: 'answer-key' };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** The JSON body of a login the client sent (always a string: apiRequest stringifies it). */
const sentBody = (init?: RequestInit) =>
  JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { proof?: string };

const proofRequired = async () =>
  json(428, {
    success: false,
    error: 'Many failed logins came from your network.',
    message: 'Many failed logins came from your network.',
    code: 'PROOF_REQUIRED',
    challenge: await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      deriveKey,
      counter: 500,
      expiresAt: new Date(Date.now() + 60_000),
      data: { net: 'test' },
      ...keys,
    }),
  });

const user = {
  id: 'u1',
  _id: 'u1',
  name: 'Aye',
  email: 'aye@example.com',
  phoneNumber: '959123456789',
  role: 'user',
  emailVerified: true,
  phoneVerified: false,
  createdAt: new Date().toISOString(),
};

describe('login past the spray limit (428 PROOF_REQUIRED)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    await getAuthSession().clear();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('solves the challenge, says so, and sends the login again with a proof the server accepts', async () => {
    const proofs: string[] = [];
    fetchMock.mockImplementation(async (_input, init) => {
      const body = sentBody(init);
      if (!body.proof) return proofRequired();
      proofs.push(body.proof);
      return json(200, { success: true, message: 'ok', accessToken: 'token', user });
    });
    const onProving = vi.fn();
    const answer = await login({ email: 'aye@example.com', password: 'secret-1' }, onProving);
    expect(answer.accessToken).toBe('token');
    expect(onProving).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // The proof is what the server checks: base64url JSON of the challenge and its solution.
    const sent = JSON.parse(atob((proofs[0] ?? '').replaceAll('-', '+').replaceAll('_', '/'))) as {
      challenge: Parameters<typeof verifySolution>[0]['challenge'];
      solution: Parameters<typeof verifySolution>[0]['solution'];
    };
    expect(sent.solution.counter).toBe(500);
    const verdict = await verifySolution({ ...sent, deriveKey, ...keys });
    expect(verdict.verified).toBe(true);
  });

  it('gives up after two solved challenges and shows the server its answer', async () => {
    fetchMock.mockImplementation(proofRequired);
    const failure = await login({ email: 'aye@example.com', password: 'secret-1' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('PROOF_REQUIRED');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('a wrong password after the proof is the usual 401', async () => {
    fetchMock.mockImplementation(async (_input, init) => {
      const body = sentBody(init);
      if (!body.proof) return proofRequired();
      return json(401, {
        success: false,
        error: 'Invalid phone number, email or password',
        message: 'Invalid phone number, email or password',
        code: 'UNAUTHORIZED',
      });
    });
    const failure = await login({ email: 'aye@example.com', password: 'wrong' }).catch(
      (error: unknown) => error,
    );
    expect((failure as ApiError).status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
