// Plain rules of share types, without schemas: the shared-order page starts without them (issue 29).

/** The built-in share types (spec §3), each with its own style. */
export const builtInShareTypes = [
  'gift',
  'treat',
  'share',
  'allowance',
  'repayment',
  'love',
] as const;
export type BuiltInShareType = (typeof builtInShareTypes)[number];
export const isBuiltInShareType = (title: string): title is BuiltInShareType =>
  (builtInShareTypes as readonly string[]).includes(title);
