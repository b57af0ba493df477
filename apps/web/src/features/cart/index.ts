/**
 * What other features (and the app) may use of the cart (issue 30: a feature is entered through its
 * index.ts). The web package is side-effect free but for the files apps/web/package.json names
 * ("sideEffects"), so an importer's bundle keeps only what it uses of this list. Pages that need
 * the controller only after a tap take it through loadCartController (it and the cart's schemas
 * load on demand); the dialogs already loaded with it import cartController itself.
 */
export { cartBadge, useCartBadge } from './cart-badge-store.ts';
export { loadCartController } from './load-cart-controller.ts';
export { cartController } from './cart-controller.ts';
export { AddToCartButton } from './components/add-to-cart-button.tsx';
export { CartButton } from './components/cart-button.tsx';
export { CartDrawer } from './components/cart-drawer.tsx';
