// The top-up aggregator as the back-office sees it (issue 28): its prepaid balance. Shared by the
// server and the web back-office.

import * as z from 'zod/mini';

/** The aggregator's prepaid balance, as last read (cached briefly by the server). */
export const topupBalanceSchema = z.object({
  /** TOPUP_PROVIDER: `reloadly` has a balance; the simulator has none. */
  provider: z.string(),
  /** False when the provider keeps no balance (the simulator): the figures are null. */
  hasBalance: z.boolean(),
  /** In the aggregator's currency (`currencyCode`), not kyat. */
  amount: z.nullable(z.number()),
  currencyCode: z.nullable(z.string()),
  /** When the aggregator last changed it (its own word), ISO 8601. */
  updatedAt: z.nullable(z.string()),
  /** When the shop read it, ISO 8601. */
  readAt: z.nullable(z.string()),
  /** RELOADLY_LOW_BALANCE: below this the owner is e-mailed (null: no threshold set). */
  lowThreshold: z.nullable(z.number()),
  /** The balance is below the threshold. */
  low: z.boolean(),
  /** Why the balance could not be read just now (the aggregator unreachable), else null. */
  problem: z.nullable(z.string()),
});
export type TopupBalance = z.output<typeof topupBalanceSchema>;

export const topupBalanceResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: topupBalanceSchema,
});
