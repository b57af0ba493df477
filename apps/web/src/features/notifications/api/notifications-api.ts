import type { PushSubscriptionRequest } from '@shop/contracts/notifications';
import { plainSuccessSchema } from '@shop/contracts/responses';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/v1/notifications/vapid-public-key: the key PushManager.subscribe needs. */
export const vapidKeyQuery = {
  queryKey: ['notifications', 'vapid-public-key'] as const,
  queryFn: () =>
    apiRequest('/api/v1/notifications/vapid-public-key', () =>
      import('@shop/contracts/notifications').then((m) => m.vapidKeyResponseSchema),
    ).then((answer) => answer.data.publicKey),
  // One key per shop; it changes only when the operator replaces it (then the page reloads).
  staleTime: Number.POSITIVE_INFINITY,
};

/** POST /api/v1/notifications/subscriptions (signed in): this device's subscription → 201. */
export const saveSubscription = (body: PushSubscriptionRequest) =>
  apiRequest('/api/v1/notifications/subscriptions', plainSuccessSchema, {
    method: 'POST',
    body,
  });

/** DELETE /api/v1/notifications/subscriptions (signed in): idempotent. */
export const deleteSubscription = (endpoint: string) =>
  apiRequest('/api/v1/notifications/subscriptions', plainSuccessSchema, {
    method: 'DELETE',
    body: { endpoint },
  });
