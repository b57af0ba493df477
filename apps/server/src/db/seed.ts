import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { cardExpiryDate, cardExpiryInstant } from '@shop/contracts/orders';
import { CALL_CENTRE_SETTING } from '../modules/site/contact.repo.ts';
import { encryptSecret } from '../platform/crypto.ts';
import type { Db, Tx } from '../platform/db.ts';
import type { Secrets } from '../platform/secrets.ts';
import {
  DEMO_CARDS_PER_PRODUCT,
  demoBanners,
  demoCallCentre,
  demoCategories,
  demoExchangeRates,
  demoOperators,
  demoProducts,
  demoPromoCodes,
} from './demo-data.ts';
import { createPromotionsService } from '../modules/promotions/promotions.service.ts';
import {
  banners,
  cards,
  categories,
  exchangeRates,
  operators,
  products,
  siteSettings,
} from './schema.ts';

/** The site_settings key whose presence means the demo shop was seeded already. */
export const DEMO_SEED_SETTING = 'demo_seed';
const DEMO_SEED_VERSION = 1;

// Keeps each statement well below the 65,535 bind parameters PostgreSQL allows.
const CARD_CHUNK = 500;
const DAY_MS = 86_400_000;

/**
 * Seeds the demo shop once; answers whether it seeded. Everything goes in one transaction, so a
 * crash half-way leaves nothing behind and the next start tries again.
 */
export async function seedDemoShop(db: Db, secrets: Secrets): Promise<boolean> {
  const [done] = await db
    .select({ key: siteSettings.key })
    .from(siteSettings)
    .where(eq(siteSettings.key, DEMO_SEED_SETTING))
    .limit(1);
  if (done) return false;
  // A shop that already has its own catalogue never gets demo products mixed into it.
  const [existing] = await db.select({ id: categories.id }).from(categories).limit(1);
  if (existing) return false;

  return db.transaction(async (tx) => {
    const now = new Date();
    // The marker goes in first: a second seeder racing us (without the start-up lock) waits on
    // this key and then finds it taken, instead of failing on duplicate slugs.
    const marked = await tx
      .insert(siteSettings)
      .values({
        key: DEMO_SEED_SETTING,
        value: { version: DEMO_SEED_VERSION, seededAt: now.toISOString() },
      })
      .onConflictDoNothing()
      .returning({ key: siteSettings.key });
    if (marked.length === 0) return false;

    const categoryIds = await insertCategories(tx);
    const operatorIds = new Map(
      (
        await tx
          .insert(operators)
          .values(demoOperators)
          .returning({ id: operators.id, code: operators.code })
      ).map((o) => [o.code, o.id]),
    );

    const inserted = await tx
      .insert(products)
      .values(
        demoProducts.map(
          ({ categorySlug, operatorCode, serialPrefix: _serialPrefix, ...product }) => ({
            ...product,
            categoryId: lookup(categoryIds, categorySlug, 'category'),
            operatorId: operatorCode ? lookup(operatorIds, operatorCode, 'operator') : null,
          }),
        ),
      )
      .returning({ id: products.id, sku: products.sku });
    const productIds = new Map(inserted.map((p) => [p.sku, p.id]));

    const stock = makeCards(productIds, secrets.pinEncryptionKey, now);
    for (let i = 0; i < stock.length; i += CARD_CHUNK) {
      await tx.insert(cards).values(stock.slice(i, i + CARD_CHUNK));
    }

    await tx.insert(banners).values(demoBanners);
    // An operator's own rates and contact details win over the demo ones.
    await tx
      .insert(exchangeRates)
      .values(demoExchangeRates.map((r) => ({ ...r, baseCurrency: 'MMK' })))
      .onConflictDoNothing();
    await tx
      .insert(siteSettings)
      .values({ key: CALL_CENTRE_SETTING, value: demoCallCentre })
      .onConflictDoNothing();
    const promotions = createPromotionsService({ db: tx, clock: () => now });
    for (const promo of demoPromoCodes) await promotions.createCode(promo);
    return true;
  });
}

/** Parents first, so children can point at them; answers id by slug. */
async function insertCategories(tx: Tx): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const insert = async (rows: (typeof categories.$inferInsert)[]) => {
    const inserted = await tx
      .insert(categories)
      .values(rows)
      .returning({ id: categories.id, slug: categories.slug });
    for (const row of inserted) ids.set(row.slug, row.id);
  };
  await insert(
    demoCategories
      .filter((c) => !c.parentSlug)
      .map(({ parentSlug: _parentSlug, ...c }) => ({ ...c, parentId: null })),
  );
  await insert(
    demoCategories.flatMap(({ parentSlug, ...c }) =>
      parentSlug ? [{ ...c, parentId: lookup(ids, parentSlug, 'parent category') }] : [],
    ),
  );
  return ids;
}

/** E-PIN and gift-card stock for every product on sale; sold-out and coming-soon get none. */
function makeCards(
  productIds: Map<string, string>,
  key: Buffer,
  now: Date,
): (typeof cards.$inferInsert)[] {
  const year = now.getUTCFullYear();
  const rows: (typeof cards.$inferInsert)[] = [];
  for (const product of demoProducts) {
    if (product.kind !== 'epin' && product.kind !== 'giftcard') continue;
    if (product.status !== 'active') continue;
    if (!product.serialPrefix) throw new Error(`Demo product ${product.sku} has no serial prefix`);
    const productId = lookup(productIds, product.sku, 'product');
    for (let n = 1; n <= DEMO_CARDS_PER_PRODUCT; n++) {
      rows.push({
        productId,
        serial: `${product.serialPrefix}-${year}-${String(n).padStart(6, '0')}`,
        pinEncrypted: encryptSecret(randomPin(), key),
        // One to two years ahead, as real card batches carry different expiry dates: a calendar
        // date, as an imported card's.
        expiresAt: cardExpiryInstant(
          cardExpiryDate(new Date(now.getTime() + (365 + randomInt(366)) * DAY_MS)),
        ),
        status: 'available',
      });
    }
  }
  return rows;
}

/** Sixteen digits from the CSPRNG: demo PINs must not be guessable either. */
function randomPin(): string {
  let pin = '';
  for (let i = 0; i < 16; i++) pin += String(randomInt(10));
  return pin;
}

function lookup<K>(ids: Map<K, string>, key: K, what: string): string {
  const id = ids.get(key);
  if (!id) throw new Error(`Demo data names an unknown ${what}: ${String(key)}`);
  return id;
}
