import { announceCatalogueChange } from '../modules/catalogue/catalogue-cache.ts';
import { openCliDatabase } from '../platform/cli-database.ts';
import { seedDemoShop } from './seed.ts';

// `npm run seed`: the same seeding the server does at start, for SEED_DEMO_DATA=false installs.

const { config, database, secrets, close } = await openCliDatabase();
try {
  const seeded = await database.withStartupLock(() => seedDemoShop(database.db, secrets));
  console.log(seeded ? 'Demo shop data seeded.' : 'Demo shop data already present; nothing to do.');
  // Servers already running (with REDIS_URL) drop their cached, empty catalogue.
  if (seeded)
    await announceCatalogueChange(config, (err, what) => {
      console.error(`${what}: ${(err as Error).message}`);
    });
} finally {
  await close();
}
