import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/app-kit.ts';
import { insertTestCatalogue } from '../../test/catalogue-kit.ts';
import { GUEST_CART_IDLE_DAYS } from './cart.service.ts';
import { createCartRepo } from './cart.repo.ts';
import { cartItems } from './cart.tables.ts';

/** Guest carts idle for 30 days are deleted (issue 13); customers' carts and live guests' stay. */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let productIds: string[];

beforeAll(async () => {
  database = await createTestDatabase();
  const fixtures = await insertTestCatalogue(database.db);
  productIds = [fixtures.productId('T-MPT-1000'), fixtures.productId('T-OOR-5000')];
});
afterAll(async () => {
  await database.dispose();
});

const line = (owner: string, productId: string, daysAgo: number) => ({
  owner,
  productId,
  quantity: 1,
  kind: 'topup' as const,
  name: { en: 'A', my: 'A' },
  imageUrl: '/media/a.png',
  updatedAt: sql`now() - make_interval(days => ${daysAgo})`,
});

it(`deletes guest carts untouched for ${String(GUEST_CART_IDLE_DAYS)} days, keeps the rest`, async () => {
  const [a = '', b = ''] = productIds;
  await database.db.insert(cartItems).values([
    // Idle guest: both lines old.
    line('guest:idle', a, 31),
    line('guest:idle', b, 40),
    // A guest with one recent change keeps the whole cart.
    line('guest:live', a, 45),
    line('guest:live', b, 2),
    // A signed-in customer's cart is never purged.
    line('user:00000000-0000-4000-8000-000000000001', a, 90),
  ]);
  expect(await createCartRepo(database.db).purgeIdleGuestCarts(GUEST_CART_IDLE_DAYS)).toBe(2);
  const owners = await database.db.select({ owner: cartItems.owner }).from(cartItems);
  expect(owners.map((o) => o.owner).sort()).toEqual([
    'guest:live',
    'guest:live',
    'user:00000000-0000-4000-8000-000000000001',
  ]);
});
