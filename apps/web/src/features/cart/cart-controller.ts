import './content/lazy-messages.ts';
import {
  CART_QUANTITY_MAX,
  CART_QUANTITY_MIN,
  type Cart,
  type CartLine,
  type CartResponse,
} from '@shop/contracts/cart';
import { toInternationalPhone } from '@shop/contracts/phone';
import { recipientPhoneSchema } from '@shop/contracts/phone-schemas';
import { useSyncExternalStore } from 'react';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError, errorMessageOr } from '../../lib/api-client.ts';
import { i18n } from '../../lib/i18n.ts';
import { cartApi } from './api/cart-api.ts';
import { cartBadge } from './cart-badge-store.ts';

/** Shopping spec §5 and §9: an identical add within 1 s is refused. */
export const ADD_DEDUP_WINDOW_MS = 1000;
/** A recipient number typed into a cart line is saved this long after the last keystroke. */
export const PHONE_SAVE_DELAY_MS = 600;
/** Spec §9 "Automatic retries: up to 2, backoff 1 s times attempt". */
export const RETRY_DELAYS_MS = [1000, 2000] as const;

export interface CartState {
  cart: Cart | null;
  loading: boolean;
  /** Product ids (adds) and line ids (line changes) with a call under way. */
  busy: ReadonlySet<string>;
  /** A whole-cart action (clear, remove unavailable) is under way. */
  busyAll: boolean;
  /**
   * Recipient numbers typed into cart lines (line id → the field's text) until the cart has
   * them; `saving` while the call runs, `error` the message of a save that failed.
   */
  phones: ReadonlyMap<string, PhoneDraft>;
}

export interface PhoneDraft {
  value: string;
  saving: boolean;
  error: string | null;
}

/** Why checkout cannot start yet: a top-up line whose number is missing or wrong. */
export type PhoneCheck = { ok: true } | { ok: false; lineId: string };

type FailureKey = 'addFailed' | 'removeFailed' | 'updateFailed' | 'clearFailed' | 'getFailed';

/** A refusal decided in the browser before any call (quantity rules, offline, too frequent). */
export class CartRuleError extends Error {}

const isRetryable = (error: unknown) =>
  (error instanceof ApiError && (error.isNetworkError || error.status >= 500)) ||
  error instanceof TypeError;

/** How long an add confirmed before anyone listened is kept for the first listener. */
export const ADDS_KEPT_MS = 10_000;

/** The spec's message for a failure (§8): network, server, else the server's message, else ours. */
export function cartErrorMessage(error: unknown, fallback: FailureKey): string {
  if (error instanceof CartRuleError) return error.message;
  if (error instanceof ApiError) {
    if (error.isNetworkError) return i18n.t('cart.errors.network');
    if (error.status >= 500) return i18n.t('cart.errors.server');
  }
  if (error instanceof TypeError) return i18n.t('cart.errors.network');
  return errorMessageOr(error, i18n.t(`cart.errors.${fallback}`));
}

interface ControllerOptions {
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (id: unknown) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  isOnline?: () => boolean;
}

/**
 * The cart as the browser knows it, and every cart action with the spec's rules: quantity 1–20
 * (≤ 0 is removal), identical adds within 1 s refused and identical in-flight adds shared,
 * network/server failures retried twice (1 s, then 2 s), actions blocked while offline.
 */
export function createCartController(options: ControllerOptions = {}) {
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const isOnline = options.isOnline ?? (() => navigator.onLine);

  const initialState: CartState = {
    cart: null,
    loading: false,
    busy: new Set(),
    busyAll: false,
    phones: new Map(),
  };
  let state = initialState;
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer =
    options.clearTimer ??
    ((id: unknown) => {
      clearTimeout(id as number);
    });
  const phoneTimers = new Map<string, unknown>();
  /** Per line, the change under way: the next one starts after it (it reads the new line). */
  const lineChains = new Map<string, Promise<unknown>>();
  const listeners = new Set<() => void>();
  const addListeners = new Set<(line: CartLine, quantity: number) => void>();
  /**
   * Adds confirmed before anyone listened (the analytics host mounts once the page is idle,
   * issue 29): the first listener is told of those of the last ADDS_KEPT_MS, then they go.
   */
  let addsBeforeListening: { line: CartLine; quantity: number; at: number }[] = [];
  const addsInFlight = new Map<string, Promise<boolean>>();
  const lastAddAt = new Map<string, number>();
  let loadGeneration = 0;

  const set = (patch: Partial<CartState>) => {
    state = { ...state, ...patch };
    if (patch.cart !== undefined) cartBadge.setTotalItems(patch.cart?.totalItems ?? 0);
    for (const listener of listeners) listener();
  };
  const markBusy = (key: string, busy: boolean) => {
    const next = new Set(state.busy);
    if (busy) next.add(key);
    else next.delete(key);
    set({ busy: next });
  };
  /** The cart's line `lineId` as the browser has it now. */
  const lineOf = (lineId: string) => state.cart?.items.find((item) => item.lineId === lineId);

  async function withRetry<T>(call: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await call();
      } catch (error) {
        const delay = RETRY_DELAYS_MS[attempt];
        if (delay === undefined || !isRetryable(error)) throw error;
        await sleep(delay);
      }
    }
  }

  const assertOnline = () => {
    if (!isOnline()) throw new CartRuleError(i18n.t('cart.errors.offline'));
  };
  const assertQuantity = (quantity: number) => {
    if (!Number.isInteger(quantity) || quantity < CART_QUANTITY_MIN || quantity > CART_QUANTITY_MAX)
      throw new CartRuleError(i18n.t('cart.errors.quantityRange'));
  };

  /** Runs a change, applies the answered cart, and toasts the outcome. */
  async function run(
    call: () => Promise<CartResponse | { message: string; data: Cart }>,
    failure: FailureKey,
    { announce }: { announce: boolean },
  ): Promise<boolean> {
    try {
      assertOnline();
      const answer = await withRetry(call);
      set({ cart: answer.data });
      if (announce) toast.success(answer.message);
      return true;
    } catch (error) {
      toast.error(cartErrorMessage(error, failure));
      return false;
    }
  }

  /** Runs a change of one line after the one under way (each reads the line as it is then). */
  function onLine<T>(lineId: string, change: () => Promise<T>): Promise<T> {
    const previous = lineChains.get(lineId) ?? Promise.resolve();
    const next = previous.then(change, change);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    lineChains.set(lineId, settled);
    void settled.then(() => {
      if (lineChains.get(lineId) === settled) lineChains.delete(lineId);
    });
    return next;
  }

  function setPhone(lineId: string, draft: PhoneDraft | null) {
    const phones = new Map(state.phones);
    if (draft) phones.set(lineId, draft);
    else phones.delete(lineId);
    set({ phones });
  }

  function cancelPhoneTimer(lineId: string) {
    const timer = phoneTimers.get(lineId);
    if (timer !== undefined) clearTimer(timer);
    phoneTimers.delete(lineId);
  }

  /**
   * What a line's typed number stores, by the same schema as the line's field: the 95 form, null
   * (blank: the number is removed), or undefined when it breaks a rule (or nothing was typed).
   */
  function typedPhone(lineId: string): string | null | undefined {
    const draft = state.phones.get(lineId);
    const line = lineOf(lineId);
    if (!draft || !line) return undefined;
    const parsed = recipientPhoneSchema(line.operator).safeParse(draft.value);
    return parsed.success ? parsed.data : undefined;
  }

  /** What a typed number would save: as typedPhone, but undefined when the line has it already. */
  function phoneToSave(lineId: string): string | null | undefined {
    const typed = typedPhone(lineId);
    return typed === lineOf(lineId)?.phoneNumber ? undefined : typed;
  }

  function savePhone(lineId: string): Promise<boolean> {
    return onLine(lineId, async () => {
      const phoneNumber = phoneToSave(lineId);
      const draft = state.phones.get(lineId);
      const line = lineOf(lineId);
      if (!draft || !line) return false;
      if (phoneNumber === undefined) {
        // Unchanged from what the cart has: nothing left to save.
        const same = typedPhone(lineId) === line.phoneNumber;
        if (same) setPhone(lineId, null);
        return same;
      }
      const typed = draft.value;
      setPhone(lineId, { ...draft, saving: true, error: null });
      try {
        assertOnline();
        const answer = await withRetry(() =>
          cartApi.update({
            productId: line.productId,
            lineId,
            quantity: line.quantity,
            phoneNumber,
          }),
        );
        set({ cart: answer.data });
        const now = state.phones.get(lineId);
        // Typed on while saving: that text is saved next; else the line has what was typed (or,
        // given a number another line of the product had, joined that line and is gone).
        if (now && now.value !== typed && lineOf(lineId)) {
          setPhone(lineId, { ...now, saving: false });
          void savePhone(lineId);
        } else setPhone(lineId, null);
        return true;
      } catch (error) {
        const now = state.phones.get(lineId) ?? draft;
        setPhone(lineId, {
          ...now,
          saving: false,
          error: cartErrorMessage(error, 'updateFailed'),
        });
        return false;
      }
    });
  }

  const controller = {
    getState: () => state,
    /** What the server renders, and the browser hydrates: no cart yet (it is read after that). */
    getInitialState: () => initialState,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Told of every add the server confirmed: the line as it is now, and the units added. */
    onAdded: (listener: (line: CartLine, quantity: number) => void) => {
      addListeners.add(listener);
      const kept = addsBeforeListening.filter((add) => now() - add.at <= ADDS_KEPT_MS);
      addsBeforeListening = [];
      for (const add of kept) listener(add.line, add.quantity);
      return () => {
        addListeners.delete(listener);
      };
    },

    /** GET the cart; quiet loads (start-up, sign-in change) do not toast a failure. */
    async load({ quiet = false }: { quiet?: boolean } = {}): Promise<boolean> {
      if (!isOnline()) {
        if (!quiet) toast.error(i18n.t('cart.errors.offline'));
        return false;
      }
      const generation = ++loadGeneration;
      set({ loading: true });
      try {
        const answer = await withRetry(() => cartApi.get());
        // A newer load (e.g. after signing in) wins over a slower older one.
        if (generation === loadGeneration) set({ cart: answer.data, loading: false });
        return true;
      } catch (error) {
        if (generation === loadGeneration) set({ loading: false });
        if (!quiet) toast.error(cartErrorMessage(error, 'getFailed'));
        return false;
      }
    },

    /**
     * Adds units of a product (for the recipient `phoneNumber`: its own line). An identical add
     * (same product, quantity and number) while one is in flight shares its result; one started
     * less than 1 s after the previous is refused.
     */
    add(productId: string, quantity = 1, phoneNumber?: string | null): Promise<boolean> {
      const recipient = phoneNumber ? toInternationalPhone(phoneNumber) : null;
      const key = `${productId}:${String(quantity)}:${recipient ?? ''}`;
      const inFlight = addsInFlight.get(key);
      if (inFlight) return inFlight;
      const last = lastAddAt.get(key);
      if (last !== undefined && now() - last < ADD_DEDUP_WINDOW_MS) {
        toast.error(i18n.t('cart.errors.tooFrequent'));
        return Promise.resolve(false);
      }
      try {
        assertQuantity(quantity);
      } catch (error) {
        toast.error(cartErrorMessage(error, 'addFailed'));
        return Promise.resolve(false);
      }
      lastAddAt.set(key, now());
      markBusy(productId, true);
      const promise = run(
        () => cartApi.add({ productId, quantity, ...(phoneNumber ? { phoneNumber } : {}) }),
        'addFailed',
        { announce: true },
      ).then((ok) => {
        addsInFlight.delete(key);
        lastAddAt.set(key, now());
        markBusy(productId, false);
        if (ok) {
          cartBadge.bounce();
          const line = state.cart?.items.find(
            (item) => item.productId === productId && item.phoneNumber === recipient,
          );
          if (line && addListeners.size === 0)
            addsBeforeListening = [...addsBeforeListening, { line, quantity, at: now() }].slice(
              -20,
            );
          if (line) for (const listener of addListeners) listener(line, quantity);
        }
        return ok;
      });
      addsInFlight.set(key, promise);
      return promise;
    },

    /** Sets a line's quantity; 0 or less removes the line (spec §4), above 20 is refused. */
    async updateQuantity(lineId: string, quantity: number): Promise<boolean> {
      if (Number.isInteger(quantity) && quantity <= 0) return controller.remove(lineId);
      try {
        assertQuantity(quantity);
      } catch (error) {
        toast.error(cartErrorMessage(error, 'updateFailed'));
        return false;
      }
      const line = lineOf(lineId);
      if (!line) return false;
      markBusy(lineId, true);
      const ok = await onLine(lineId, () =>
        run(() => cartApi.update({ productId: line.productId, lineId, quantity }), 'updateFailed', {
          announce: false,
        }),
      );
      markBusy(lineId, false);
      return ok;
    },

    /**
     * The customer typed into a line's number field: kept as typed, and saved on the cart line
     * PHONE_SAVE_DELAY_MS after the last change when it is a valid number for the line (or empty:
     * the number is removed). There is no separate "Save" step that could lose it (issue 12).
     */
    typePhoneNumber(lineId: string, value: string): void {
      const draft = state.phones.get(lineId);
      setPhone(lineId, { value, saving: draft?.saving ?? false, error: null });
      cancelPhoneTimer(lineId);
      if (phoneToSave(lineId) === undefined) return;
      phoneTimers.set(
        lineId,
        setTimer(() => {
          phoneTimers.delete(lineId);
          void savePhone(lineId);
        }, PHONE_SAVE_DELAY_MS),
      );
    },

    /** Saves a typed number at once (the field was left, or Enter was pressed). */
    savePhoneNumber(lineId: string): Promise<boolean> {
      cancelPhoneTimer(lineId);
      return savePhone(lineId);
    },

    /**
     * Before checkout: every typed number is saved now, and each top-up or data line that can be
     * bought has a number. Answers the first line that has none or a wrong one.
     */
    async flushPhoneNumbers(): Promise<PhoneCheck> {
      const typed = [...state.phones.keys()];
      for (const lineId of typed) cancelPhoneTimer(lineId);
      await Promise.all(typed.map((lineId) => savePhone(lineId)));
      await Promise.all([...lineChains.values()]);
      for (const line of state.cart?.items ?? []) {
        if (!line.requiresPhoneNumber || !line.available) continue;
        const draft = state.phones.get(line.lineId);
        if (draft || line.phoneNumber === null) return { ok: false, lineId: line.lineId };
      }
      return { ok: true };
    },

    /** The line is dropped locally only after the server confirms (spec §4). */
    async remove(lineId: string): Promise<boolean> {
      const line = lineOf(lineId);
      if (!line) return false;
      markBusy(lineId, true);
      const ok = await run(() => cartApi.remove(line.productId, lineId), 'removeFailed', {
        announce: true,
      });
      markBusy(lineId, false);
      return ok;
    },

    async clear(): Promise<boolean> {
      set({ busyAll: true });
      const ok = await run(() => cartApi.clear(), 'clearFailed', { announce: true });
      set({ busyAll: false });
      return ok;
    },

    async removeUnavailable(): Promise<boolean> {
      set({ busyAll: true });
      const ok = await run(() => cartApi.removeUnavailable(), 'removeFailed', { announce: true });
      set({ busyAll: false });
      return ok;
    },
  };
  return controller;
}

export type CartController = ReturnType<typeof createCartController>;

/** The one cart of the app. */
export const cartController = createCartController();

export const useCartState = () =>
  useSyncExternalStore(
    cartController.subscribe,
    cartController.getState,
    cartController.getInitialState,
  );
