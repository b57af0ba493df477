import fs from 'node:fs';
import { ConfigError, loadConfig } from '../config.ts';
import { acquireDataDirLock } from '../platform/data-dir-lock.ts';
import { openDatabase } from '../platform/db.ts';
import { resolveSecrets } from '../platform/secrets.ts';
import { seedDemoShop } from './seed.ts';

// `npm run seed`: the same seeding the server does at start, for SEED_DEMO_DATA=false installs.

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

fs.mkdirSync(config.dataDir, { recursive: true });
// PGlite belongs to one process: seeding under a running server would corrupt its files.
let releaseLock: () => void;
try {
  releaseLock = config.databaseUrl ? () => undefined : acquireDataDirLock(config.dataDir);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

// The PIN key must be the server's, or the seeded PINs could never be decrypted.
const secrets = resolveSecrets(config, (msg) => {
  console.warn(msg);
});
const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
);
try {
  await database.migrate();
  const seeded = await database.withStartupLock(() => seedDemoShop(database.db, secrets));
  console.log(seeded ? 'Demo shop data seeded.' : 'Demo shop data already present; nothing to do.');
} finally {
  await database.close();
  releaseLock();
}
