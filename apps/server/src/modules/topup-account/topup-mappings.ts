import { toBurmeseDigits } from '@shop/contracts/languages';
import type { TopupCatalogueOperator, TopupMapping } from '@shop/contracts/topup-provider-admin';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, type Text } from '../../platform/errors.ts';
import {
  productFacts,
  setProviderOffered,
  type ProductFacts,
} from '../catalogue/product-supply.ts';
import { costOf } from '../fulfilment/providers/reloadly-catalogue.ts';
import type { TopupMapping as MappingToSend } from '../fulfilment/topup-provider.ts';
import { topupProductMappings } from './topup-account.tables.ts';
import type { TopupCatalogueReader } from './topup-catalogue.ts';

/** The product kinds the aggregator's airtime catalogue delivers. */
const MAPPABLE_KINDS = new Set(['topup', 'data']);

type MappingRow = {
  mapping: typeof topupProductMappings.$inferSelect;
  product: ProductFacts;
};

/** The margin in kyat: the customer's price less the cost at the quoted FX. */
function toMapping({ mapping: m, product }: MappingRow): TopupMapping {
  const price = product.discountPriceMmk ?? product.priceMmk;
  const costMmk = Math.round(m.cost * m.fxRate);
  return {
    productId: m.productId,
    sku: product.sku,
    name: product.name.en,
    kind: product.kind,
    priceMmk: price,
    operatorId: m.operatorId,
    operatorName: m.operatorName,
    localAmount: m.localAmount,
    cost: m.cost,
    costCurrency: m.costCurrency,
    fxRate: m.fxRate,
    costMmk,
    marginMmk: price - costMmk,
    offered: m.offered,
    checkedAt: m.checkedAt.toISOString(),
  };
}

const refused = (code: 'NOT_FOUND' | 'VALIDATION_ERROR' | 'CONFLICT', message: Text) =>
  new AppError(code, message);

/** The back-office's refusals, in English and Burmese (Burmese with Burmese digits). */
const mappingTexts = {
  notMapped: {
    en: 'This product is not mapped',
    my: 'ဤကုန်ပစ္စည်းကို ဖြန့်ချိသူ၏ ကတ်တလောက်နှင့် ချိတ်ဆက်ထားခြင်း မရှိပါ',
  },
  noProduct: { en: 'No such product', my: 'ဤကုန်ပစ္စည်း မရှိပါ' },
  notMappable: {
    en: 'Only top-up and data products are mapped to the aggregator',
    my: 'ဖုန်းငွေဖြည့်နှင့် ဒေတာ ကုန်ပစ္စည်းများကိုသာ ဖြန့်ချိသူနှင့် ချိတ်ဆက်နိုင်ပါသည်',
  },
  notOffered: (amount: number, operatorId: number): Text => ({
    en: `The aggregator does not offer ${String(amount)} kyat at operator ${String(operatorId)} (with a quoted FX) in its catalogue`,
    my: toBurmeseDigits(
      `ဖြန့်ချိသူ၏ ကတ်တလောက်တွင် အော်ပရေတာ ${String(operatorId)} ၌ ${String(amount)} ကျပ် (ငွေလဲနှုန်းနှင့်တကွ) မရှိပါ`,
    ),
  }),
  otherAmount: (amount: number): Text => ({
    en: `This top-up credits ${String(amount)} kyat: map it to that amount`,
    my: toBurmeseDigits(`ဤငွေဖြည့်သည် ${String(amount)} ကျပ် ဖြည့်ပေးပါသည်။ ထိုပမာဏနှင့်သာ ချိတ်ဆက်ပါ`),
  }),
};

/** What the catalogue says of a mapping now: its cost and FX, or null when no longer offered. */
function offerOf(
  operators: TopupCatalogueOperator[],
  operatorId: number,
  localAmount: number,
): { operator: TopupCatalogueOperator; cost: number; fxRate: number } | null {
  const operator = operators.find((o) => o.operatorId === operatorId);
  const cost = operator ? costOf(operator, localAmount) : null;
  if (!operator || cost === null || !operator.fxRate || !operator.costCurrency) return null;
  return { operator, cost, fxRate: operator.fxRate };
}

/**
 * The owner's mapping of shop products to the aggregator's catalogue (issue 28): stored, priced
 * (cost, FX, margin), and checked against every read of the catalogue; a product whose operator
 * or amount is no longer offered is not sold until the catalogue offers it again or the mapping
 * is changed or removed.
 */
export function createTopupMappings(deps: {
  db: Db;
  provider: string;
  clock: Clock;
  /** The catalogue as last read (reading it refreshes the mappings, see refresh). */
  catalogue: () => TopupCatalogueReader;
  /** Drops the shop's catalogue caches on every instance (a product became (un)sellable). */
  catalogueChanged: () => Promise<void>;
}) {
  const { db, provider } = deps;

  /** The mappings with their products, in the order given (a mapping's product always exists). */
  async function withProducts(
    mappings: (typeof topupProductMappings.$inferSelect)[],
  ): Promise<MappingRow[]> {
    const facts = await productFacts(
      db,
      mappings.map((m) => m.productId),
    );
    return mappings.flatMap((mapping) => {
      const product = facts.get(mapping.productId);
      return product ? [{ mapping, product }] : [];
    });
  }

  async function one(productId: string): Promise<TopupMapping> {
    const [row] = await withProducts(
      await db
        .select()
        .from(topupProductMappings)
        .where(eq(topupProductMappings.productId, productId)),
    );
    if (!row) throw refused('NOT_FOUND', mappingTexts.notMapped);
    return toMapping(row);
  }

  async function mappableProduct(productId: string) {
    const product = (await productFacts(db, [productId])).get(productId);
    if (!product || product.status === 'archived')
      throw refused('NOT_FOUND', mappingTexts.noProduct);
    if (!MAPPABLE_KINDS.has(product.kind))
      throw refused('VALIDATION_ERROR', mappingTexts.notMappable);
    return product;
  }

  return {
    async list(): Promise<TopupMapping[]> {
      const rows = await withProducts(
        await db
          .select()
          .from(topupProductMappings)
          .where(eq(topupProductMappings.provider, provider)),
      );
      return rows.sort((a, b) => a.product.sku.localeCompare(b.product.sku, 'en')).map(toMapping);
    },

    async put(
      productId: string,
      body: { operatorId: number; localAmount: number },
    ): Promise<TopupMapping> {
      const product = await mappableProduct(productId);
      const read = await deps.catalogue().current();
      const offer = offerOf(read.operators, body.operatorId, body.localAmount);
      if (!offer)
        throw refused('CONFLICT', mappingTexts.notOffered(body.localAmount, body.operatorId));
      // A top-up is sent for the mapped amount: it must be the kyat the customer is buying.
      if (product.kind === 'topup' && product.topupAmountMmk !== body.localAmount)
        throw refused('VALIDATION_ERROR', mappingTexts.otherAmount(product.topupAmountMmk ?? 0));
      const values = {
        productId,
        provider,
        operatorId: body.operatorId,
        operatorName: offer.operator.name,
        localAmount: body.localAmount,
        cost: offer.cost,
        costCurrency: offer.operator.costCurrency ?? '',
        fxRate: offer.fxRate,
        offered: true,
        checkedAt: read.readAt,
        mappedAt: deps.clock(),
      };
      await db
        .insert(topupProductMappings)
        .values(values)
        .onConflictDoUpdate({ target: topupProductMappings.productId, set: values });
      await setProviderOffered(db, productId, true);
      await deps.catalogueChanged();
      return one(productId);
    },

    async remove(productId: string): Promise<void> {
      const gone = await db
        .delete(topupProductMappings)
        .where(eq(topupProductMappings.productId, productId))
        .returning({ productId: topupProductMappings.productId });
      if (gone.length === 0) throw refused('NOT_FOUND', mappingTexts.notMapped);
      await setProviderOffered(db, productId, true);
      await deps.catalogueChanged();
    },

    /** After a catalogue read: each mapping's cost, FX and whether it is still offered. */
    async refresh(operators: TopupCatalogueOperator[], at: Date): Promise<void> {
      const mappings = await db
        .select()
        .from(topupProductMappings)
        .where(eq(topupProductMappings.provider, provider));
      let sellabilityChanged = false;
      for (const m of mappings) {
        const offer = offerOf(operators, m.operatorId, m.localAmount);
        sellabilityChanged ||= m.offered !== (offer !== null);
        await db
          .update(topupProductMappings)
          .set(
            offer
              ? { offered: true, cost: offer.cost, fxRate: offer.fxRate, checkedAt: at }
              : { offered: false, checkedAt: at },
          )
          .where(eq(topupProductMappings.productId, m.productId));
        await setProviderOffered(db, m.productId, offer !== null);
      }
      if (sellabilityChanged) await deps.catalogueChanged();
    },
  };
}

export type TopupMappings = ReturnType<typeof createTopupMappings>;

/**
 * The aggregator operator and kyat amount a top-up or data product is mapped to at `provider`
 * (a data product's is a bundle operator and one of its fixed amounts), for fulfilment to send
 * (ADR 0062 addendum, ADR 0064); null when the product has no mapping.
 */
export async function mappingToSendOf(
  db: Db,
  provider: string,
  productId: string,
): Promise<MappingToSend | null> {
  const [mapping] = await db
    .select()
    .from(topupProductMappings)
    .where(
      and(
        eq(topupProductMappings.productId, productId),
        eq(topupProductMappings.provider, provider),
      ),
    );
  return mapping
    ? {
        operatorId: mapping.operatorId,
        amount: mapping.localAmount,
        unitCost: { amount: mapping.cost, currencyCode: mapping.costCurrency },
      }
    : null;
}
