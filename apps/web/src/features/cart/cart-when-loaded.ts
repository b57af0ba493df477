import { useEffect, useSyncExternalStore } from 'react';
import { whenIdleAfterLoad } from '../../lib/when-idle.ts';
import type { CartController } from './cart-controller.ts';
import { loadCartController } from './load-cart-controller.ts';

/**
 * The cart controller for parts the first paint shows but does not need it for (a listing's Add
 * buttons, issue 29): the controller and the cart's schemas, ~5 KiB gzip, load once the page is
 * idle or at the first tap, whichever comes first, instead of with the page.
 */
let loaded: CartController | undefined;
let arrival: Promise<CartController> | undefined;
const whenLoaded = new Set<() => void>();

/** The controller, loading it if need be (again after a failed load); watchers see it arrive. */
export function cartControllerNow(): Promise<CartController> {
  arrival ??= loadCartController().then(
    (controller) => {
      loaded = controller;
      for (const listener of whenLoaded) listener();
      return controller;
    },
    (error: unknown) => {
      arrival = undefined;
      throw error;
    },
  );
  return arrival;
}

/** Subscribes to the controller's state once it has loaded (and to its arrival until then). */
function subscribeCart(listener: () => void): () => void {
  let stopWatching = loaded?.subscribe(listener);
  const onLoaded = () => {
    stopWatching ??= loaded?.subscribe(listener);
    listener();
  };
  whenLoaded.add(onLoaded);
  return () => {
    whenLoaded.delete(onLoaded);
    stopWatching?.();
  };
}

/** Whether the product's add is under way; false until the controller has loaded. */
export function useCartBusy(productId: string): boolean {
  return useSyncExternalStore(
    subscribeCart,
    () => loaded?.getState().busy.has(productId) ?? false,
    () => false,
  );
}

/** Loads the controller once the page is idle, so that the first tap finds it there. */
export function useCartControllerWhenIdle() {
  useEffect(
    () =>
      whenIdleAfterLoad(() => {
        cartControllerNow().catch(() => undefined);
      }),
    [],
  );
}
