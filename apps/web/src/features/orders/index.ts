/**
 * What other features (and the app) may use of orders (issue 30: a feature is entered through its
 * index.ts): the copy of the signed-in customer's orders kept on this device (ADR 0030), as a
 * loader (its own chunk, as before), which the app hands to the auth provider (orders is above
 * auth: auth does not reach it).
 */
export const loadOrdersPersistence = () => import('./orders-persistence.ts');
