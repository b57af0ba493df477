import fs from 'node:fs';
import path from 'node:path';
import { openCliDatabase } from '../../platform/cli-database.ts';
import { announceCatalogueChange } from './catalogue-cache.ts';
import { importStock } from './stock-import.ts';

// `npm run stock:import -- cards.csv`: E-PIN and gift-card stock into the configured database.
// Columns product (SKU or id), serial, pin, expiry (YYYY-MM-DD or empty). All rows or none.

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error('usage: npm run stock:import -- <file.csv>   (columns: product,serial,pin,expiry)');
  process.exit(2);
}

let csv: string;
try {
  csv = fs.readFileSync(path.resolve(file), 'utf8');
} catch (err) {
  console.error(`cannot read ${file}: ${(err as Error).message}`);
  process.exit(1);
}

const { config, database, secrets, close } = await openCliDatabase();
let exitCode = 0;
try {
  const report = await importStock(database.db, secrets.pinEncryptionKey, csv);
  if (report.rejected.length > 0) {
    console.error(`${report.rejected.length} row(s) rejected; nothing was imported:`);
    for (const row of report.rejected) console.error(`  line ${row.line}: ${row.reason}`);
    exitCode = 1;
  } else {
    console.log(`Imported ${report.imported} card(s):`);
    for (const [sku, n] of Object.entries(report.byProduct)) console.log(`  ${sku}: ${n}`);
    // The cards are in: a failure to tell the servers must not read as a failed import.
    const told = await announceCatalogueChange(config, (err, what) => {
      console.error(`${what}: ${(err as Error).message}`);
    }).catch((err: unknown) => {
      console.error(`could not tell running servers: ${(err as Error).message}`);
      return false;
    });
    console.log(
      told
        ? 'Running servers were told through Redis: listings show the new stock now.'
        : 'Running servers show the new stock when their cached listings expire (at most 5 minutes).',
    );
  }
} catch (err) {
  console.error(`import failed, nothing was imported: ${(err as Error).message}`);
  exitCode = 1;
} finally {
  await close();
}
process.exit(exitCode);
