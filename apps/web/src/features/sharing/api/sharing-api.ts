import type { Language } from '@shop/contracts/languages';
import type { CreateShareTypeRequest, ShareRequest, SharedOrder } from '@shop/contracts/sharing';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { withCooldown } from '../../../lib/fetch-cooldown.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

/** Spec §9: share-type answers are cached 30 s, the AI limit 10 s; both paused 10 s after an error. */
export const SHARE_TYPES_CACHE_MS = 30_000;
export const AI_LIMIT_CACHE_MS = 10_000;
export const SHARING_ERROR_PAUSE_MS = 10_000;
/** The dialog lists the built-ins (6) and the user's own (at most 5) on one page. */
const SHARE_TYPES_PAGE_LIMIT = 20;

// The schemas arrive with the first sharing call rather than in the page's first JavaScript.
const schemas = () => import('@shop/contracts/sharing');

const orderSharePath = (orderId: string) => `/api/v1/orders/${encodeURIComponent(orderId)}/share`;
const shareTypesPath = `/api/v1/sharetypes?page=1&limit=${String(SHARE_TYPES_PAGE_LIMIT)}`;
const aiLimitPath = '/api/v1/sharetypes/ai-limit-status';
const sharedOrderPath = (shareId: string) => `/api/v1/shares/${encodeURIComponent(shareId)}`;

const signalOption = (signal?: AbortSignal) => (signal ? { signal } : {});

export const sharingApi = {
  /** 201 a new link; 208 (a success too) the order's existing one, with its message. */
  createLink: (orderId: string, body: ShareRequest) =>
    apiRequest(orderSharePath(orderId), () => schemas().then((m) => m.shareResponseSchema), {
      method: 'POST',
      body,
    }),
  disableLink: (orderId: string) =>
    apiRequest(
      orderSharePath(orderId),
      () => import('@shop/contracts/responses').then((m) => m.plainSuccessSchema),
      {
        method: 'DELETE',
      },
    ),
  types: (signal?: AbortSignal) =>
    withCooldown(
      shareTypesPath,
      SHARING_ERROR_PAUSE_MS,
      () =>
        apiRequest(
          shareTypesPath,
          () => schemas().then((m) => m.shareTypeListResponseSchema),
          signalOption(signal),
        ),
      { signal },
    ),
  createType: (body: CreateShareTypeRequest) =>
    apiRequest('/api/v1/sharetypes', () => schemas().then((m) => m.shareTypeResponseSchema), {
      method: 'POST',
      body,
    }),
  deleteType: (id: string) =>
    apiRequest(
      `/api/v1/sharetypes/${encodeURIComponent(id)}`,
      () => import('@shop/contracts/responses').then((m) => m.plainSuccessSchema),
      { method: 'DELETE' },
    ),
  generateStyle: (title: string) =>
    apiRequest(
      '/api/v1/sharetypes/generate-style',
      () => schemas().then((m) => m.generateStyleResponseSchema),
      { method: 'POST', body: { title } },
    ),
  aiLimit: (signal?: AbortSignal) =>
    withCooldown(
      aiLimitPath,
      SHARING_ERROR_PAUSE_MS,
      () =>
        apiRequest(
          aiLimitPath,
          () => schemas().then((m) => m.aiLimitStatusResponseSchema),
          signalOption(signal),
        ),
      { signal },
    ),
  /** Public: anyone with the link (no token needed; a signed-in visitor's is harmless). */
  sharedOrder: (shareId: string, signal?: AbortSignal) =>
    apiRequest(
      sharedOrderPath(shareId),
      () => schemas().then((m) => m.sharedOrderResponseSchema),
      signalOption(signal),
    ),
  scratchShared: (shareId: string, cardId: string) =>
    apiRequest(
      `${sharedOrderPath(shareId)}/cards/${encodeURIComponent(cardId)}/scratch`,
      () => import('@shop/contracts/orders').then((m) => m.scratchCardResponseSchema),
      { method: 'PUT', body: { scratch: true } },
    ),
};

export const sharingKeys = {
  types: () => ['sharing', 'types', currentLanguage()] as const,
  aiLimit: () => ['sharing', 'ai-limit'] as const,
  shared: (shareId: string, language: Language) =>
    ['sharing', 'shared', shareId, language] as const,
};

export function useShareTypes() {
  return useQuery({
    queryKey: sharingKeys.types(),
    queryFn: async ({ signal }) => (await sharingApi.types(signal)).data,
    staleTime: SHARE_TYPES_CACHE_MS,
    // A failed call is paused 10 s rather than retried at once (withCooldown).
    retry: false,
  });
}

export function useAiLimit() {
  return useQuery({
    queryKey: sharingKeys.aiLimit(),
    queryFn: async ({ signal }) => (await sharingApi.aiLimit(signal)).data,
    staleTime: AI_LIMIT_CACHE_MS,
    retry: false,
  });
}

/** After adding or deleting a type, or generating a style, the cached answers are stale. */
export function useInvalidateSharing() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['sharing'] }).then(() => undefined);
}

/**
 * What the shared page shows: the shared order, or `null` when the link is unknown, disabled or
 * expired (the API answers 404 for all three alike). A missing link is a state of the page, not
 * an error, so the server renders it (and its answer is kept in the page's data like any other).
 */
export type SharedOrderResult = { found: true; share: SharedOrder } | { found: false };

/** The same options on the server (app/route-data.ts prefetches them) and in the page. */
export const sharedOrderQuery = (shareId: string, language: Language) =>
  queryOptions({
    queryKey: sharingKeys.shared(shareId, language),
    queryFn: async ({ signal }): Promise<SharedOrderResult> => {
      try {
        return { found: true, share: (await sharingApi.sharedOrder(shareId, signal)).data };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { found: false };
        throw error;
      }
    },
    staleTime: 30_000,
    retry: 1,
  });

export function useSharedOrder(shareId: string, language: Language) {
  return useQuery(sharedOrderQuery(shareId, language));
}
