import type { Db } from '../platform/db.ts';
import type { Secrets } from '../platform/secrets.ts';

/** Seeds the demo shop once; answers whether it seeded. (Filled in by the demo-data work.) */
export async function seedDemoShop(_db: Db, _secrets: Secrets): Promise<boolean> {
  return Promise.resolve(false);
}
