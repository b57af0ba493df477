/**
 * A use case `fn(ctx, ...args)` as a service's method `(...args)`, run with `ctx`: how a service
 * split by use case (issue 30: payments, fulfilment, auth, checkout) hands its context to each.
 */
export const withContext =
  <C>(ctx: C) =>
  <A extends unknown[], R>(fn: (ctx: C, ...args: A) => R) =>
  (...args: A): R =>
    fn(ctx, ...args);
