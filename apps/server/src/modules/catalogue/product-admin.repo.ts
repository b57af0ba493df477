import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.ts';
import { products } from './catalogue.tables.ts';

export type ProductRow = typeof products.$inferSelect;
export type ProductEdit = Partial<Pick<ProductRow, 'priceMmk' | 'discountPriceMmk' | 'status'>>;

/** Back-office writes to products (issue 17): each inside the caller's transaction. */
export function createProductAdminRepo(db: Db) {
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    /** The row, locked until the transaction ends, so two edits cannot interleave. */
    async lockProduct(tx: Tx, id: string): Promise<ProductRow | undefined> {
      const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
      return row;
    },

    async updateProduct(tx: Tx, id: string, edit: ProductEdit, now: Date): Promise<ProductRow> {
      const [row] = await tx
        .update(products)
        .set({ ...edit, updatedAt: now })
        .where(eq(products.id, id))
        .returning();
      if (!row) throw new Error(`product ${id} vanished under its lock`);
      return row;
    },
  };
}

export type ProductAdminRepo = ReturnType<typeof createProductAdminRepo>;
