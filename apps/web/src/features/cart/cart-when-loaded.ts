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
const whenLoaded = new Set<() => void>();

/** The controller, loading it if need be; parts that watch its state see it from then on. */
export async function cartControllerNow(): Promise<CartController> {
  if (loaded) return loaded;
  const controller = await loadCartController();
  if (!loaded) {
    loaded = controller;
    for (const listener of whenLoaded) listener();
  }
  return controller;
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
