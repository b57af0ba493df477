import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../platform/db.ts';

/**
 * Once per run of the server's tests (issue 30, "databases made once and copied per test file"):
 * the schema is migrated into one template, and every test database is a copy of it instead of a
 * migration of its own. On PostgreSQL the template is a database (`create database … template`);
 * on the embedded PGlite it is a dump of a migrated data directory, loaded by each test database.
 * Dropped when the run ends.
 */
export async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `shop_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString() });
    await database.migrate();
    await database.close();
    project.provide('templateDatabase', name);
    return async () => {
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    };
  }
  const database = await openDatabase({ memory: true });
  await database.migrate();
  const dump = await database.dumpDataDir?.();
  await database.close();
  if (!dump) throw new Error('the embedded database gave no dump of its data directory');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-template-'));
  const file = path.join(dir, 'pgdata.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('templateDataDir', file);
  return () => {
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

async function adminQuery(adminUrl: string, text: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the migrated template database's name. */
    templateDatabase?: string;
    /** PGlite: the file of the migrated data directory's dump. */
    templateDataDir?: string;
  }
}
