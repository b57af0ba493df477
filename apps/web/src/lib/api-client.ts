import { errorBodySchema } from '@shop/contracts/errors';
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { currentLanguage } from './i18n.ts';

/** A failed call, carrying the server's message (already in the request's language) and code. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Every call to the shop API goes through here: same-origin, credentials sent, Accept-Language of
 * the current UI language, answers parsed with the contract schema so a drifting server is caught.
 */
export async function apiRequest<S extends $ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  const headers: Record<string, string> = {
    'Accept-Language': currentLanguage(),
    Accept: 'application/json',
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    credentials: 'include',
    body: options.body === undefined ? null : JSON.stringify(options.body),
    signal: options.signal ?? null,
  });
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(json);
    throw new ApiError(
      parsed.success ? parsed.data.error : `Request failed (${response.status})`,
      response.status,
      parsed.data?.code,
    );
  }
  return z.parse(schema, json);
}
