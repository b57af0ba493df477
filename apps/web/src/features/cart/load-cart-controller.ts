/**
 * The cart controller (and the cart's schemas) loaded when first needed: pages that only offer
 * "Buy again" or "Try another number" keep it out of their first JavaScript (issue 14).
 */
export const loadCartController = () =>
  import('./cart-controller.ts').then((module) => module.cartController);
