#!/usr/bin/env node
// `npm run bench`: every benchmark of the repo in one run; exits non-zero when a budget fails.
// The method of the server's benchmarks: apps/server/bench/README.md. `npm run build` first.
//
//   npm run bench [-- --only catalogue,soak] [--soak-minutes 30] [--soak-rate 200]
//
// --only runs the named ones (startup, catalogue, cart, fulfilment, soak, capacity, pages,
// main-thread, slow-network); the soak runs 30 minutes at 200 requests/s unless told otherwise
// (`--soak-minutes 2` anywhere).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = option('--only')?.split(',');
const soakArgs = [
  ...(option('--soak-minutes') ? ['--minutes', option('--soak-minutes')] : []),
  ...(option('--soak-rate') ? ['--rate', option('--soak-rate')] : []),
];

const benches = [
  ['startup', 'start-up time and idle memory', 'bench/startup.mjs'],
  [
    'catalogue',
    'catalogue API throughput against bare Fastify',
    'apps/server/bench/catalogue.bench.mjs',
  ],
  ['cart', 'cart and checkout on PostgreSQL', 'apps/server/bench/cart.bench.mjs'],
  [
    'fulfilment',
    'payment webhook to completed E-PIN order',
    'apps/server/bench/fulfilment.bench.mjs',
  ],
  [
    'soak',
    'soak: two instances, mixed traffic, flat p95 and memory',
    'apps/server/bench/soak.bench.mjs',
    soakArgs,
  ],
  [
    'capacity',
    'add-to-cart capacity, one and two instances',
    'apps/server/bench/capacity.bench.mjs',
  ],
  [
    'pages',
    'first-visit pages: JavaScript per route and Lighthouse',
    'apps/web/scripts/measure-pages.mjs',
  ],
  [
    'main-thread',
    'first-visit long tasks, blocking and script time at CPU ×4, beside the 98fe577 build',
    'apps/web/scripts/main-thread.mjs',
  ],
  [
    'slow-network',
    'listing prices over 400 kbit/s, 400 ms round trip, CPU ×4',
    'apps/web/scripts/slow-network.mjs',
  ],
].filter(([key, , file]) => fs.existsSync(path.join(root, file)) && (!only || only.includes(key)));

let failed = 0;
for (const [, name, file, extra = []] of benches) {
  console.log(`\n=== ${name} (${file}) ===`);
  const result = spawnSync(process.execPath, [file, ...extra], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
