import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The signed-in customer's order list and order details, kept on this device so they open offline
 * (issue 16, ADR 0030): the `orders` queries of TanStack Query, dehydrated into localStorage under
 * the user's id, restored when that user is signed in again. Never a card's PIN: a phone is often
 * shared, and a PIN is money — it is revealed again from the server when online.
 */
export const PERSISTED_ORDERS_PREFIX = 'orders-cache:';
/** A copy older than this is not shown (and is removed). */
export const PERSISTED_ORDERS_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Saves are gathered: an order page polling every 3 s writes at most this often. */
export const PERSIST_DELAY_MS = 1000;
const FORMAT_VERSION = 1;

/** One kept answer. (Not TanStack's dehydrate(): that would put it in the first JavaScript.) */
interface KeptQuery {
  queryKey: QueryKey;
  data: unknown;
  dataUpdatedAt: number;
}

interface StoredOrders {
  version: typeof FORMAT_VERSION;
  savedAt: number;
  queries: KeptQuery[];
}

const storageKey = (userId: string) => `${PERSISTED_ORDERS_PREFIX}${userId}`;

/** A copy of an answer with every `pin` emptied (cards keep serial number, scratched, …). */
export function withoutPins(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPins);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, key === 'pin' ? null : withoutPins(inner)]),
  );
}

const isOrdersQuery = (queryKey: readonly unknown[]) => queryKey[0] === 'orders';

/** What is written: the `orders` queries that have an answer, without PINs. */
export function ordersToKeep(client: QueryClient): KeptQuery[] {
  return client
    .getQueryCache()
    .findAll({ queryKey: ['orders'] })
    .filter((query) => query.state.data !== undefined)
    .map((query) => ({
      queryKey: query.queryKey,
      data: withoutPins(query.state.data),
      dataUpdatedAt: query.state.dataUpdatedAt,
    }));
}

function read(storage: Storage, userId: string, now: number): StoredOrders | null {
  try {
    const raw = storage.getItem(storageKey(userId));
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<StoredOrders>;
    if (
      stored.version !== FORMAT_VERSION ||
      typeof stored.savedAt !== 'number' ||
      !Array.isArray(stored.queries) ||
      now - stored.savedAt > PERSISTED_ORDERS_MAX_AGE_MS
    ) {
      storage.removeItem(storageKey(userId));
      return null;
    }
    return stored as StoredOrders;
  } catch {
    return null;
  }
}

/**
 * Restores `userId`'s kept orders into the client (a newer answer already there wins) and keeps
 * saving them as they change. Returns the stop function (called when the user changes).
 */
export function persistOrders(
  client: QueryClient,
  userId: string,
  { storage = localStorage, now = Date.now }: { storage?: Storage; now?: () => number } = {},
): () => void {
  const stored = read(storage, userId, now());
  for (const kept of stored?.queries ?? []) {
    // An answer already here (read since the page opened) is newer: kept.
    if (client.getQueryState(kept.queryKey)?.data !== undefined) continue;
    client.setQueryData(kept.queryKey, kept.data, { updatedAt: kept.dataUpdatedAt });
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const queries = ordersToKeep(client);
    try {
      if (queries.length === 0) return;
      const value: StoredOrders = { version: FORMAT_VERSION, savedAt: now(), queries };
      storage.setItem(storageKey(userId), JSON.stringify(value));
    } catch {
      // Storage full or unavailable (private mode): the orders just do not open offline.
    }
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    const queryKey = event.query.queryKey as readonly unknown[];
    if (event.type !== 'updated' || !isOrdersQuery(queryKey)) return;
    if (event.action.type !== 'success') return;
    timer ??= setTimeout(save, PERSIST_DELAY_MS);
  });
  return () => {
    unsubscribe();
    if (timer !== undefined) {
      clearTimeout(timer);
      save();
    }
  };
}

/**
 * Forgets the kept orders on this device: on sign-out every user's, on a switch of account every
 * user's but the one now signed in (no one else's orders on a shared phone).
 */
export function clearPersistedOrders({
  storage = localStorage,
  keepUserId,
}: { storage?: Storage; keepUserId?: string } = {}): void {
  try {
    const keys: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (
        key?.startsWith(PERSISTED_ORDERS_PREFIX) &&
        key !== (keepUserId && storageKey(keepUserId))
      )
        keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}
