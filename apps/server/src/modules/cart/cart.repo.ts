import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { LocalizedText } from '@shop/contracts/i18n';
import type { Db } from '../../platform/db.ts';
import { cartItems } from './cart.tables.ts';

export type CartLineRow = typeof cartItems.$inferSelect;

export interface NewCartLine {
  owner: string;
  productId: string;
  quantity: number;
  kind: CartLineRow['kind'];
  phoneNumber: string | null;
  name: LocalizedText;
  imageUrl: string;
}

export function createCartRepo(db: Db) {
  return {
    async listLines(owner: string): Promise<CartLineRow[]> {
      return db
        .select()
        .from(cartItems)
        .where(eq(cartItems.owner, owner))
        .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
    },

    /**
     * Adds units to the product's line (creating it). One statement, so two adds racing never
     * lose units; null when the sum would pass `max` (nothing is changed then).
     */
    async addUnits(line: NewCartLine, max: number): Promise<CartLineRow | null> {
      const [row] = await db
        .insert(cartItems)
        .values(line)
        .onConflictDoUpdate({
          target: [cartItems.owner, cartItems.productId],
          set: {
            quantity: sql`${cartItems.quantity} + excluded.quantity`,
            phoneNumber: sql`coalesce(excluded.phone_number, ${cartItems.phoneNumber})`,
            name: sql`excluded.name`,
            imageUrl: sql`excluded.image_url`,
            updatedAt: sql`now()`,
          },
          setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${max}`,
        })
        .returning();
      return row ?? null;
    },

    /** Sets quantity (and the phone when given: null clears it); null when the line does not exist. */
    async updateLine(
      owner: string,
      productId: string,
      change: { quantity: number; phoneNumber?: string | null },
    ): Promise<CartLineRow | null> {
      const [row] = await db
        .update(cartItems)
        .set({ ...change, updatedAt: sql`now()` })
        .where(and(eq(cartItems.owner, owner), eq(cartItems.productId, productId)))
        .returning();
      return row ?? null;
    },

    async removeProducts(owner: string, productIds: string[]): Promise<string[]> {
      if (productIds.length === 0) return [];
      const rows = await db
        .delete(cartItems)
        .where(and(eq(cartItems.owner, owner), inArray(cartItems.productId, productIds)))
        .returning({ productId: cartItems.productId });
      return rows.map((r) => r.productId);
    },

    async clear(owner: string): Promise<void> {
      await db.delete(cartItems).where(eq(cartItems.owner, owner));
    },

    /**
     * Moves every line of `from` into `to` in one transaction: units of a product in both are
     * added (capped at `max`), the target's phone number wins when both have one.
     */
    async moveLines(from: string, to: string, max: number): Promise<number> {
      return db.transaction(async (tx) => {
        const lines = await tx.delete(cartItems).where(eq(cartItems.owner, from)).returning();
        for (const line of lines) {
          await tx
            .insert(cartItems)
            .values({
              owner: to,
              productId: line.productId,
              quantity: Math.min(line.quantity, max),
              kind: line.kind,
              phoneNumber: line.phoneNumber,
              name: line.name,
              imageUrl: line.imageUrl,
            })
            .onConflictDoUpdate({
              target: [cartItems.owner, cartItems.productId],
              set: {
                quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${max})`,
                phoneNumber: sql`coalesce(${cartItems.phoneNumber}, excluded.phone_number)`,
                updatedAt: sql`now()`,
              },
            });
        }
        return lines.length;
      });
    },
  };
}

export type CartRepo = ReturnType<typeof createCartRepo>;
