import { localDigits, type Language } from '@shop/contracts/languages';
import { useSyncExternalStore } from 'react';

/**
 * The little the header needs before the cart code loads: the number of units for the badge, a
 * counter that replays the bounce after each successful add, and whether the drawer is open.
 * Kept free of API and schema imports so the Home route's initial JavaScript stays small.
 */
export interface CartBadgeState {
  totalItems: number;
  bounce: number;
  drawerOpen: boolean;
  /** Set once the drawer (and its lazy chunk) has been opened, so overlays stay mounted. */
  overlaysMounted: boolean;
  /** The product whose recipient number field takes the focus when the drawer shows it. */
  focusPhoneOf: string | null;
}

const initialState: CartBadgeState = {
  totalItems: 0,
  bounce: 0,
  drawerOpen: false,
  overlaysMounted: false,
  focusPhoneOf: null,
};
let state = initialState;
const listeners = new Set<() => void>();

function update(patch: Partial<CartBadgeState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const cartBadge = {
  get: () => state,
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  setTotalItems: (totalItems: number) => {
    if (totalItems !== state.totalItems) update({ totalItems });
  },
  bounce: () => {
    update({ bounce: state.bounce + 1 });
  },
  openDrawer: () => {
    update({ drawerOpen: true, overlaysMounted: true });
  },
  closeDrawer: () => {
    update({ drawerOpen: false });
  },
  /** Opens the drawer with the number field of this product's line focused ("Try another number"). */
  openDrawerAtPhone: (productId: string) => {
    update({ drawerOpen: true, overlaysMounted: true, focusPhoneOf: productId });
  },
  phoneFocused: () => {
    if (state.focusPhoneOf !== null) update({ focusPhoneOf: null });
  },
  mountOverlays: () => {
    if (!state.overlaysMounted) update({ overlaysMounted: true });
  },
};

/** The server renders, and the browser hydrates, an empty badge: the cart is read after that. */
export const useCartBadge = () =>
  useSyncExternalStore(cartBadge.subscribe, cartBadge.get, () => initialState);

/** The badge shows at most "99+" (shopping spec §9 "Badge cap"). */
export const badgeText = (count: number, language: Language): string =>
  localDigits(count > 99 ? '99+' : String(count), language);
