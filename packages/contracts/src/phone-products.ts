/**
 * Products whose lines carry the recipient's phone number (E-load top-ups and data packages). Apart
 * from cart.ts, whose schemas bring the schema library: a listing's product card asks this before
 * any cart code has loaded (issue 29). cart.ts re-exports both.
 */
export const phoneProductKinds = ['topup', 'data'] as const;
export const needsRecipientPhone = (kind: string): boolean =>
  (phoneProductKinds as readonly string[]).includes(kind);
