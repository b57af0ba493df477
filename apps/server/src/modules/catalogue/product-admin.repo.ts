import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.ts';
import { categories, operators, products } from './catalogue.tables.ts';

export type ProductRow = typeof products.$inferSelect;
/** The fields of a product a back-office edit may change, besides its operator. */
export type ProductEditableField =
  | 'priceMmk'
  | 'discountPriceMmk'
  | 'status'
  | 'name'
  | 'description'
  | 'sortOrder'
  | 'imageUrl'
  | 'instructions'
  | 'source'
  | 'reloadlyProductId'
  | 'reloadlyUnitPrice';
export type ProductEdit = Partial<Pick<ProductRow, ProductEditableField | 'operatorId'>>;
export type ProductInsert = Pick<
  ProductRow,
  | 'categoryId'
  | 'operatorId'
  | 'kind'
  | 'sku'
  | 'name'
  | 'description'
  | 'priceMmk'
  | 'discountPriceMmk'
  | 'status'
  | 'sortOrder'
  | 'imageUrl'
  | 'instructions'
  | 'topupAmountMmk'
  | 'dataMb'
  | 'validityDays'
  | 'faceValueMinor'
  | 'faceCurrency'
>;

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

    async operatorIdOf(tx: Tx, code: string): Promise<string | undefined> {
      const [row] = await tx
        .select({ id: operators.id })
        .from(operators)
        .where(eq(operators.code, code));
      return row?.id;
    },

    async operatorCodeOf(tx: Tx, id: string | null): Promise<string | null> {
      if (!id) return null;
      const [row] = await tx
        .select({ code: operators.code })
        .from(operators)
        .where(eq(operators.id, id));
      return row?.code ?? null;
    },

    /** The category, locked against a concurrent change, with the image a new product borrows. */
    async categoryOf(tx: Tx, id: string): Promise<{ imageUrl: string } | undefined> {
      const [row] = await tx
        .select({ imageUrl: categories.imageUrl })
        .from(categories)
        .where(eq(categories.id, id))
        .for('share');
      return row;
    },

    async skuTaken(tx: Tx, sku: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.sku, sku));
      return row !== undefined;
    },

    async insertProduct(tx: Tx, values: ProductInsert, now: Date): Promise<ProductRow> {
      const [row] = await tx
        .insert(products)
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('product insert returned nothing');
      return row;
    },
  };
}

export type ProductAdminRepo = ReturnType<typeof createProductAdminRepo>;
