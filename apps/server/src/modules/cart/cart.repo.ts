import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
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
  const param = sql.placeholder;

  // The two statements of every cart answer are prepared once: the SQL text is not rebuilt per call
  // and, on PostgreSQL, a connection that has run one does not parse it again.
  const linesOf = db
    .select()
    .from(cartItems)
    .where(eq(cartItems.owner, param('owner')))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
    .prepare('cart_lines_of');

  const upserted = db.$with('added').as(
    db
      .insert(cartItems)
      .values({
        owner: param('owner'),
        productId: param('productId'),
        quantity: param('quantity'),
        kind: param('kind'),
        phoneNumber: param('phoneNumber'),
        name: param('name'),
        imageUrl: param('imageUrl'),
      })
      .onConflictDoUpdate({
        target: [cartItems.owner, cartItems.productId],
        set: {
          quantity: sql`${cartItems.quantity} + excluded.quantity`,
          phoneNumber: sql`coalesce(excluded.phone_number, ${cartItems.phoneNumber})`,
          name: sql`excluded.name`,
          imageUrl: sql`excluded.image_url`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${param('max')}`,
      })
      .returning(),
  );
  // The statement's snapshot does not show its own insert or update: the product's line comes from
  // the CTE, the other lines from the table. (A data-modifying WITH must be at the top level.)
  const linesAfterAdd = db
    .select()
    .from(upserted)
    .unionAll(
      db
        .select()
        .from(cartItems)
        .where(
          and(eq(cartItems.owner, param('owner')), ne(cartItems.productId, param('productId'))),
        ),
    )
    .as('lines');
  const addUnitsAndList = db
    .with(upserted)
    .select()
    .from(linesAfterAdd)
    .orderBy(asc(linesAfterAdd.createdAt), asc(linesAfterAdd.id))
    .prepare('cart_add_units');

  return {
    async listLines(owner: string): Promise<CartLineRow[]> {
      return linesOf.execute({ owner });
    },

    /**
     * Adds units to the product's line (creating it) and answers the cart's lines after the change,
     * in one statement: two adds racing never lose units, and the add costs one round trip.
     * `added` is null when the sum would pass `max` (nothing is changed then).
     */
    async addUnits(
      line: NewCartLine,
      max: number,
    ): Promise<{ added: CartLineRow | null; lines: CartLineRow[] }> {
      const lines = await addUnitsAndList.execute({ ...line, max });
      return { added: lines.find((r) => r.productId === line.productId) ?? null, lines };
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
     * added (capped at `max`). When both have a recipient number the moved line's wins: it is the
     * one the customer just typed before signing in to check out (issue 12), the target's is
     * from an earlier visit.
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
                phoneNumber: sql`coalesce(excluded.phone_number, ${cartItems.phoneNumber})`,
                updatedAt: sql`now()`,
              },
            });
        }
        return lines.length;
      });
    },

    /**
     * Deletes guest carts untouched (no line added or changed) for `days` days — the guest id's own
     * lifetime (issue 13); answers how many lines went. Signed-in customers' carts stay.
     */
    async purgeIdleGuestCarts(days: number): Promise<number> {
      const idle = db
        .select({ owner: cartItems.owner })
        .from(cartItems)
        .where(sql`${cartItems.owner} like 'guest:%'`)
        .groupBy(cartItems.owner)
        .having(sql`max(${cartItems.updatedAt}) < now() - make_interval(days => ${days})`);
      const gone = await db
        .delete(cartItems)
        .where(inArray(cartItems.owner, idle))
        .returning({ id: cartItems.id });
      return gone.length;
    },
  };
}

export type CartRepo = ReturnType<typeof createCartRepo>;
