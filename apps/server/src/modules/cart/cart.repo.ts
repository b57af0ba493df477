import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { LocalizedText } from '@shop/contracts/i18n';
import { isUniqueViolation, type Db } from '../../platform/db.ts';
import { cartItems } from './cart.tables.ts';

export type CartLineRow = typeof cartItems.$inferSelect;

export interface NewCartLine {
  owner: string;
  productId: string;
  quantity: number;
  kind: CartLineRow['kind'];
  phoneNumber: string | null;
  /** The "Top me up" request the line pays (ADR 0080), or null. */
  topupRequestId: string | null;
  name: LocalizedText;
  imageUrl: string;
}

/**
 * What makes a line: its cart, product, recipient and the request it pays (NULLS NOT DISTINCT: no
 * recipient is one, no request is one).
 */
const lineKey = [
  cartItems.owner,
  cartItems.productId,
  cartItems.phoneNumber,
  cartItems.topupRequestId,
];

/**
 * A line of `productId` for `phoneNumber` paying `topupRequestId` (null: none), as
 * cart_items_owner_product_phone_request_key.
 */
const sameLine = (productId: string, phoneNumber: string | null, topupRequestId: string | null) =>
  and(
    eq(cartItems.productId, productId),
    phoneNumber === null ? isNull(cartItems.phoneNumber) : eq(cartItems.phoneNumber, phoneNumber),
    topupRequestId === null
      ? isNull(cartItems.topupRequestId)
      : eq(cartItems.topupRequestId, topupRequestId),
  );

export type LineChange =
  | { outcome: 'updated'; row: CartLineRow }
  | { outcome: 'missing' }
  /** The new number's line plus this one's units would pass `max`: nothing changed. */
  | { outcome: 'over' };

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
        topupRequestId: param('topupRequestId'),
        name: param('name'),
        imageUrl: param('imageUrl'),
      })
      .onConflictDoUpdate({
        target: lineKey,
        set: {
          quantity: sql`${cartItems.quantity} + excluded.quantity`,
          name: sql`excluded.name`,
          imageUrl: sql`excluded.image_url`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${param('max')}`,
      })
      .returning(),
  );
  // The statement's snapshot does not show its own insert or update: the added line comes from
  // the CTE, the other lines from the table. (A data-modifying WITH must be at the top level.)
  const linesAfterAdd = db
    .select()
    .from(upserted)
    .unionAll(
      db
        .select()
        .from(cartItems)
        .where(
          and(
            eq(cartItems.owner, param('owner')),
            or(
              ne(cartItems.productId, param('productId')),
              sql`${cartItems.phoneNumber} is distinct from ${param('phoneNumber')}`,
              sql`${cartItems.topupRequestId} is distinct from ${param('topupRequestId')}`,
            ),
          ),
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
     * Adds units to the line of the product for the recipient (creating it) and answers the cart's
     * lines after the change,
     * in one statement: two adds racing never lose units, and the add costs one round trip.
     * `added` is null when the sum would pass `max` (nothing is changed then).
     */
    async addUnits(
      line: NewCartLine,
      max: number,
    ): Promise<{ added: CartLineRow | null; lines: CartLineRow[] }> {
      const lines = await addUnitsAndList.execute({ ...line, max });
      const added =
        lines.find(
          (r) =>
            r.productId === line.productId &&
            r.phoneNumber === line.phoneNumber &&
            r.topupRequestId === line.topupRequestId,
        ) ?? null;
      return { added, lines };
    },

    /** The owner's lines of a product (one per recipient). */
    async linesOfProduct(owner: string, productId: string): Promise<CartLineRow[]> {
      return db
        .select()
        .from(cartItems)
        .where(and(eq(cartItems.owner, owner), eq(cartItems.productId, productId)))
        .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
    },

    /**
     * Sets a line's quantity, and its recipient when given (null clears it). A recipient that
     * another line of the same product already has joins the two: that line gets these units too
     * (at most `max` in all) and this one goes, so a product is never twice in the cart for one
     * number. One transaction, the product's lines locked: two changes at once cannot both join.
     */
    async updateLine(
      owner: string,
      lineId: string,
      change: { quantity: number; phoneNumber?: string | null },
      max: number,
    ): Promise<LineChange> {
      const attempt = async (): Promise<LineChange> =>
        db.transaction(async (tx) => {
          // Every line of the product is locked: a second change of the same product waits and
          // then sees this one's outcome.
          const lines = await tx
            .select()
            .from(cartItems)
            .where(
              and(
                eq(cartItems.owner, owner),
                eq(
                  cartItems.productId,
                  sql`(select ${cartItems.productId} from ${cartItems} where ${cartItems.id} = ${lineId})`,
                ),
              ),
            )
            .for('update');
          const line = lines.find((l) => l.id === lineId);
          if (!line) return { outcome: 'missing' };
          const phoneNumber =
            change.phoneNumber === undefined ? line.phoneNumber : change.phoneNumber;
          const other = lines.find(
            (l) =>
              l.id !== line.id &&
              l.phoneNumber === phoneNumber &&
              l.topupRequestId === line.topupRequestId,
          );
          if (other) {
            const quantity = other.quantity + change.quantity;
            if (quantity > max) return { outcome: 'over' };
            await tx.delete(cartItems).where(eq(cartItems.id, line.id));
            const [joined] = await tx
              .update(cartItems)
              .set({ quantity, updatedAt: sql`now()` })
              .where(eq(cartItems.id, other.id))
              .returning();
            return joined ? { outcome: 'updated', row: joined } : { outcome: 'missing' };
          }
          const [row] = await tx
            .update(cartItems)
            .set({ quantity: change.quantity, phoneNumber, updatedAt: sql`now()` })
            .where(eq(cartItems.id, line.id))
            .returning();
          return row ? { outcome: 'updated', row } : { outcome: 'missing' };
        });
      // An add of the new number's line committed between the lock and the update: once more,
      // and the add's line is joined then.
      try {
        return await attempt();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        return attempt();
      }
    },

    async removeLines(owner: string, lineIds: string[]): Promise<void> {
      if (lineIds.length === 0) return;
      await db
        .delete(cartItems)
        .where(and(eq(cartItems.owner, owner), inArray(cartItems.id, lineIds)));
    },

    /**
     * Removes the lines of these products for these recipients and requests (what an order has
     * just bought).
     */
    async removeBought(
      owner: string,
      bought: { productId: string; phoneNumber: string | null; topupRequestId: string | null }[],
    ): Promise<void> {
      if (bought.length === 0) return;
      await db
        .delete(cartItems)
        .where(
          and(
            eq(cartItems.owner, owner),
            or(...bought.map((b) => sameLine(b.productId, b.phoneNumber, b.topupRequestId))),
          ),
        );
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
     * Moves every line of `from` into `to` in one transaction: units of a line in both (the same
     * product for the same recipient) are added, capped at `max`; a recipient only one of them
     * has stays a line of its own (issue 26: two numbers never become one).
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
              topupRequestId: line.topupRequestId,
              name: line.name,
              imageUrl: line.imageUrl,
              // The cart lists lines in the order they were added, the guest's among them.
              createdAt: line.createdAt,
            })
            .onConflictDoUpdate({
              target: lineKey,
              set: {
                quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${max})`,
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
