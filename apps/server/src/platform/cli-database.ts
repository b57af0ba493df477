import fs from 'node:fs';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { openDatabase, type Database } from './db.ts';
import { resolveSecrets, type Secrets } from './secrets.ts';

export interface CliDatabase {
  config: Config;
  database: Database;
  secrets: Secrets;
  /** Closes the database and releases the data-folder lock. */
  close: () => Promise<void>;
}

/**
 * The set-up every command-line tool shares (`npm run seed`, `npm run stock:import`): the
 * configuration (a bad one exits 1 with the offending keys), the data-folder lock (PGlite belongs
 * to one process: writing under a running server would corrupt its files), the server's secrets
 * (the PIN key must be the server's, or PINs written here could never be decrypted) and the
 * migrated database.
 */
export async function openCliDatabase(): Promise<CliDatabase> {
  let config: Config;
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
  let releaseLock: () => void;
  try {
    releaseLock = config.databaseUrl ? () => undefined : acquireDataDirLock(config.dataDir);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }

  const secrets = resolveSecrets(config, (msg) => {
    console.warn(msg);
  });
  const database = await openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, preparedStatements: config.databasePreparedStatements }
      : { dataDir: config.dataDir },
  );
  const close = async () => {
    await database.close();
    releaseLock();
  };
  try {
    await database.migrate();
  } catch (err) {
    await close();
    throw err;
  }
  return { config, database, secrets, close };
}
