import type { LocalizedText } from '@shop/contracts/i18n';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { products } from './catalogue.tables.ts';

/*
 * What the topup-account module (issue 28) reads and keeps of products: the facts of the products
 * it maps to the aggregator's catalogue, and whether the aggregator still offers what a product is
 * mapped to (a product it no longer offers is not sold: catalogue.repo's hasStock).
 */

/** A product as the aggregator mappings show and check it. */
export interface ProductFacts {
  id: string;
  sku: string;
  name: LocalizedText;
  kind: string;
  status: string;
  priceMmk: number;
  discountPriceMmk: number | null;
  topupAmountMmk: number | null;
}

/** The products with these ids, archived ones too (ids with no product are absent). */
export async function productFacts(db: Db, ids: string[]): Promise<Map<string, ProductFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      sku: products.sku,
      name: products.name,
      kind: products.kind,
      status: products.status,
      priceMmk: products.priceMmk,
      discountPriceMmk: products.discountPriceMmk,
      topupAmountMmk: products.topupAmountMmk,
    })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Whether the aggregator offers what the product is mapped to (true again when unmapped). */
export async function setProviderOffered(db: Db, productId: string, offered: boolean) {
  await db.update(products).set({ providerOffered: offered }).where(eq(products.id, productId));
}
