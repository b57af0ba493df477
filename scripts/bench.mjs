#!/usr/bin/env node
// `npm run bench`: every benchmark of the repo in one run; exits non-zero when a budget fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const benches = [
  ['start-up time and idle memory', 'bench/startup.mjs'],
  ['catalogue API throughput', 'apps/server/bench/catalogue.bench.mjs'],
  ['cart and checkout on PostgreSQL', 'apps/server/bench/cart.bench.mjs'],
  ['payment webhook to completed E-PIN order', 'apps/server/bench/fulfilment.bench.mjs'],
  ['home page JavaScript and Lighthouse', 'apps/web/scripts/measure-home.mjs'],
].filter(([, file]) => fs.existsSync(path.join(root, file)));

let failed = 0;
for (const [name, file] of benches) {
  console.log(`\n=== ${name} (${file}) ===`);
  const result = spawnSync(process.execPath, [file], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
