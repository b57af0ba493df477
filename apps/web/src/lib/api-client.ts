import { classifyAuthError } from '@shop/contracts/auth-session-rules';
import { readErrorBody } from '@shop/contracts/error-codes';
import type { $ZodType, output } from 'zod/v4/core';
import { getAuthSession, PROACTIVE_REFRESH_MS } from './auth-session.ts';
import { getGuestId, rememberGuestId, GUEST_ID_COOKIE } from './guest-session.ts';
import { readCookie } from './cookies.ts';
import { currentLanguage, i18n } from './i18n.ts';
import { whenIdleAfterLoad } from './when-idle.ts';

/** A failed call, carrying the server's message (already in the request's language) and code. */
/** The message of an answer without the API's error body (a proxy's page, an empty answer). */
const UNREADABLE_ANSWER = 'Request failed';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
    /** Set when the request never reached the server (account spec §8 "Network connection lost"). */
    readonly isNetworkError = false,
    /** Field-level problems the server named (the error body's `fields`), keyed by field. */
    readonly fields?: Readonly<Record<string, string>>,
    /** The answer's whole JSON body, for errors that carry more (a login's challenge, ADR 0045). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** false: never send the Bearer token (login, register, OTP calls). Default: when signed in. */
  auth?: boolean;
  /** Extra request headers (e.g. the guest id beside the token, for the cart merge). */
  headers?: Record<string, string>;
  /** The HTTP cache mode, e.g. 'no-store' for the connectivity probe (ADR 0030). */
  cache?: RequestCache;
  /** The request outlives the page (analytics sent as the page is hidden or left). */
  keepalive?: boolean;
}

/** The access token to send, refreshing first when it is within 5 minutes of expiry. */
async function tokenForRequest(useAuth: boolean): Promise<string | null> {
  if (!useAuth) return null;
  const session = getAuthSession();
  if (!session.getAccessToken()) return null;
  if (session.isRefreshing() || session.msUntilExpiry() <= PROACTIVE_REFRESH_MS) {
    // Requests made while a refresh runs wait for it (the queue of account spec §7).
    await session.refresh().catch(() => undefined);
  }
  return session.getAccessToken();
}

async function send(path: string, options: RequestOptions, token: string | null) {
  const headers: Record<string, string> = {
    'Accept-Language': currentLanguage(),
    Accept: 'application/json',
    // The back-office, in English whatever the shop's language, asks for English answers.
    ...options.headers,
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  // Signed in: Bearer token. Guest: the guest id as header gid (account spec §3, §6).
  if (token) headers.Authorization = `Bearer ${token}`;
  else headers.gid = getGuestId();
  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      credentials: 'include',
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
      ...(options.cache ? { cache: options.cache } : {}),
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(i18n.t('ui.networkLost'), 0, undefined, true);
  }
}

/** The server may hand out a guest id as cookie gid, body field gid or header x-guest-id. */
/**
 * What to tell the user of a failed call: the server's message when it gave one (already in the
 * page's language), or ours for a lost connection or a paused fetch; else `fallback` (spec §8).
 */
export const errorMessageOr = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.message && !error.message.startsWith(UNREADABLE_ANSWER)
    ? error.message
    : fallback;

function captureGuestId(response: Response, json: unknown) {
  rememberGuestId(response.headers.get('x-guest-id'));
  if (typeof json === 'object' && json !== null && 'gid' in json) rememberGuestId(json.gid);
  rememberGuestId(readCookie(GUEST_ID_COOKIE));
}

function toApiError(response: Response, json: unknown): ApiError {
  const body = readErrorBody(json);
  return new ApiError(
    body?.error ?? `${UNREADABLE_ANSWER} (${response.status})`,
    response.status,
    body?.code,
    false,
    body?.fields,
    json,
  );
}

/** How the server, rendering a page, reaches its own API (a guest's call, no cookies). */
export type ServerTransport = (path: string, headers: Record<string, string>) => Promise<Response>;

let serverTransport: ServerTransport | null = null;

/** Set by the server render (entry-server.tsx): the page's data comes from the same API answers. */
export function setServerTransport(transport: ServerTransport): void {
  serverTransport = transport;
}

/**
 * A contract schema, or a function that imports it. Calls made while Home first loads pass the
 * import, so the schema library arrives in a chunk fetched alongside the answer instead of in the
 * first bundle (issue 4's 120 KiB budget); the answer is validated the same way either way.
 */
export type SchemaSource<S extends $ZodType> = S | (() => Promise<S>);

/** Whether the page has had its first idle moment since it loaded (see schemaOf). */
let pageIdle = false;

/**
 * The schema of a SchemaSource. An import asked for while the page starts waits for its first idle
 * moment (issue 29): a server-rendered page that refreshes its data at once (a page kept by the
 * server or the worker, its data older than the query's staleTime) would otherwise fetch the
 * schema library while the page starts; the page shows the data it came with meanwhile.
 */
function schemaOf<S extends $ZodType>(source: SchemaSource<S>): Promise<S> {
  if (typeof source !== 'function') return Promise.resolve(source);
  if (serverTransport || pageIdle) return source();
  return new Promise<S>((resolve, reject) => {
    whenIdleAfterLoad(() => {
      pageIdle = true;
      source().then(resolve, reject);
    });
  });
}

/** Thrown when an answer does not match its contract: a server and client out of step. */
export class ContractError extends Error {
  constructor(path: string, issues: readonly { message: string }[]) {
    super(`Unexpected answer from ${path}: ${issues.map((i) => i.message).join('; ')}`);
    this.name = 'ContractError';
  }
}

export async function validateAnswer<S extends $ZodType>(
  path: string,
  source: SchemaSource<S> | Promise<S>,
  value: unknown,
): Promise<output<S>> {
  const schema = await (typeof source === 'function' ? source() : source);
  const result = await schema['~standard'].validate(value);
  if (result.issues) throw new ContractError(path, result.issues);
  return result.value;
}

/**
 * Every call to the shop API goes through here: same-origin, credentials sent, Accept-Language of
 * the current UI language, Bearer token or guest id, answers parsed with the contract schema so a
 * drifting server is caught. A 401 refreshes the token once (one refresh shared by all waiting
 * requests) and retries with the new token; "signed in elsewhere" ends the session.
 */
export async function apiRequest<S extends $ZodType>(
  path: string,
  schema: SchemaSource<S>,
  options: RequestOptions = {},
): Promise<output<S>> {
  // Start loading a lazily imported schema now (once the page is idle), in parallel with the request.
  const schemaReady = schemaOf(schema);
  schemaReady.catch(() => undefined);
  const response = serverTransport
    ? await serverTransport(path, {
        'Accept-Language': currentLanguage(),
        Accept: 'application/json',
      })
    : await sendWithRefresh(path, options);
  const json: unknown = await response.json().catch(() => undefined);
  if (!serverTransport) captureGuestId(response, json);
  if (!response.ok) throw await failure(response, json);
  return validateAnswer(path, schemaReady, json);
}

/** A file from the API (invoice, card list): its bytes and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** Like apiRequest, for answers that are files; errors carry the server's JSON message. */
export async function apiDownload(path: string, options: RequestOptions = {}) {
  const response = await sendWithRefresh(path, options);
  if (!response.ok) {
    const json: unknown = await response.json().catch(() => undefined);
    throw await failure(response, json);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), fileName } satisfies DownloadedFile;
}

/**
 * Sends with the Bearer token (or guest id). A 401 refreshes the token once (one refresh shared by
 * all waiting requests) and retries with the new token; "signed in elsewhere" ends the session.
 */
async function sendWithRefresh(path: string, options: RequestOptions): Promise<Response> {
  const session = getAuthSession();
  const token = await tokenForRequest(options.auth ?? true);
  const response = await send(path, options, token);
  if (response.status !== 401 || !token) return response;
  const json: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  const body = readErrorBody(json);
  if (body && classifyAuthError(body) === 'other_device_login') {
    await session.end('other_device_login');
    throw toApiError(response, json);
  }
  // Another request may already have refreshed: then just retry with the newer token.
  const fresh =
    session.getAccessToken() !== token
      ? session.getAccessToken()
      : await session.refresh().catch(() => null);
  if (!fresh) throw toApiError(response, json);
  return send(path, options, fresh);
}

async function failure(response: Response, json: unknown): Promise<ApiError> {
  const error = toApiError(response, json);
  if (
    response.status === 401 &&
    error.code === 'OTHER_DEVICE_LOGIN' &&
    getAuthSession().getAccessToken()
  )
    await getAuthSession().end('other_device_login');
  return error;
}
