// The top-up aggregator as the back-office sees it (issue 28): its prepaid balance. Shared by the
// server and the web back-office.

import * as z from 'zod/mini';
import { successResponse } from './responses.ts';

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

export const topupBalanceResponseSchema = successResponse(topupBalanceSchema);

/** One amount of a FIXED operator: its wholesale cost and the kyat (or bundle) it delivers. */
export const topupCatalogueAmountSchema = z.object({
  /** In the account's currency (`costCurrency`). */
  cost: z.number(),
  /** In the operator's currency (kyat); null when the aggregator gives neither it nor an FX. */
  localAmount: z.nullable(z.number()),
  /** A bundle's contents ("1.5 GB, 30 days"), when the aggregator describes it. */
  description: z.nullable(z.string()),
});
export type TopupCatalogueAmount = z.output<typeof topupCatalogueAmountSchema>;

/** One Myanmar operator (airtime, data or bundles) as the aggregator offers it. */
export const topupCatalogueOperatorSchema = z.object({
  operatorId: z.number(),
  name: z.string(),
  kind: z.enum(['airtime', 'data', 'bundle']),
  denominationType: z.enum(['FIXED', 'RANGE']),
  /** Kyat amounts can be sent (the shop sends only these). */
  supportsLocalAmounts: z.boolean(),
  /** The account's currency the costs are in (USD for most accounts). */
  costCurrency: z.nullable(z.string()),
  localCurrency: z.string(),
  /** The FX the aggregator quotes: local units per unit of the account's currency. */
  fxRate: z.nullable(z.number()),
  amounts: z.array(topupCatalogueAmountSchema),
  /** A RANGE operator's limits, in both currencies; null for FIXED. */
  range: z.nullable(
    z.object({
      minCost: z.nullable(z.number()),
      maxCost: z.nullable(z.number()),
      localMin: z.nullable(z.number()),
      localMax: z.nullable(z.number()),
    }),
  ),
});
export type TopupCatalogueOperator = z.output<typeof topupCatalogueOperatorSchema>;

export const topupCatalogueSchema = z.object({
  provider: z.string(),
  /** False for a provider without a catalogue (the simulator): `operators` is empty. */
  hasCatalogue: z.boolean(),
  operators: z.array(topupCatalogueOperatorSchema),
  /** When the shop last read it from the aggregator, ISO 8601. */
  refreshedAt: z.nullable(z.string()),
});
export type TopupCatalogue = z.output<typeof topupCatalogueSchema>;

export const topupCatalogueResponseSchema = successResponse(topupCatalogueSchema);

/** ?refresh=true reads the aggregator now instead of the last few minutes' copy. */
export const topupCatalogueQuerySchema = z.object({
  refresh: z.optional(z.enum(['true', 'false'])),
});

/** A shop product mapped to an aggregator operator and amount, with its margin at the last read. */
export const topupMappingSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  kind: z.string(),
  /** What the customer pays (the sale price when there is one), kyat. */
  priceMmk: z.number(),
  operatorId: z.number(),
  operatorName: z.string(),
  /** The kyat the operator delivers. */
  localAmount: z.number(),
  /** In `costCurrency`, at the last catalogue read. */
  cost: z.number(),
  costCurrency: z.string(),
  fxRate: z.number(),
  /** The cost in kyat at the quoted FX, and what is left of the price. */
  costMmk: z.number(),
  marginMmk: z.number(),
  /** Still in the catalogue at the last read; when false the product is not sold. */
  offered: z.boolean(),
  checkedAt: z.string(),
});
export type TopupMapping = z.output<typeof topupMappingSchema>;

export const topupMappingListResponseSchema = successResponse(z.array(topupMappingSchema));

export const topupMappingResponseSchema = successResponse(topupMappingSchema);

export const topupMappingParamsSchema = z.object({ productId: z.uuid() });

/** Maps a product to one operator's kyat amount as the catalogue offers it now. */
export const topupMappingPutSchema = z.object({
  operatorId: z.int().check(z.positive()),
  localAmount: z.int().check(z.positive(), z.maximum(10_000_000)),
});

/** A Yangon calendar day, YYYY-MM-DD. */
const yangonDaySchema = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/));

export const topupReconciliationMismatchSchema = z.object({
  id: z.string(),
  /** Theirs without ours, ours without theirs, or both with different kyat. */
  kind: z.enum(['theirs_without_ours', 'ours_without_theirs', 'amount_differs']),
  orderItemId: z.nullable(z.string()),
  /** The shop's line as recorded (order, SKU, phone, kyat expected, reference, delivered at). */
  ours: z.nullable(z.record(z.string(), z.unknown())),
  /** The aggregator's report rows for it, as it sent them. */
  theirs: z.nullable(z.array(z.record(z.string(), z.unknown()))),
});
export type TopupReconciliationMismatch = z.output<typeof topupReconciliationMismatchSchema>;

export const topupReconciliationDaySchema = z.object({
  day: z.string(),
  status: z.string(),
  finishedAt: z.nullable(z.string()),
  ours: z.number(),
  theirs: z.number(),
  mismatches: z.array(topupReconciliationMismatchSchema),
});
export type TopupReconciliationDay = z.output<typeof topupReconciliationDaySchema>;

export const topupReconciliationResponseSchema = successResponse(
  z.array(topupReconciliationDaySchema),
);

export const topupReconciliationQuerySchema = z.object({ day: z.optional(yangonDaySchema) });
export const topupReconciliationParamsSchema = z.object({ day: yangonDaySchema });
