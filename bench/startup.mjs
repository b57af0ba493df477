#!/usr/bin/env node
// Measures `npm start` (scripts/start.mjs) from launch to the first 200 on /readyz, on a first run
// (empty DATA_DIR: migrations and demo seed) and on a later run (same DATA_DIR), the idle memory
// (RSS) of the server, and that Ctrl-C (SIGINT) stops it cleanly. Dependencies and build must be
// in place (run `npm run build` first); pass --with-build to include a forced rebuild in run 1.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LATER_RUN_BUDGET_MS = 3000;

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function startOnce(dataDir, label) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = null;
  child.on('exit', (code, signal) => (exited = { code, signal }));
  for (;;) {
    if (exited) throw new Error(`${label}: server exited early (${JSON.stringify(exited)})`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (performance.now() - t0 > 120_000) throw new Error(`${label}: not ready after 120 s`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const readyMs = performance.now() - t0;
  // Touch the home page and an API call once, then let the process settle before reading RSS.
  await fetch(`http://127.0.0.1:${port}/`).then((r) => r.text());
  await fetch(`http://127.0.0.1:${port}/api/v1/categories/parents`).then((r) => r.text());
  await new Promise((r) => setTimeout(r, 3000));
  const rss = rssMb(child.pid);
  const stopT0 = performance.now();
  child.kill('SIGINT');
  while (!exited) await new Promise((r) => setTimeout(r, 10));
  return { label, readyMs, rss, stopMs: performance.now() - stopT0, exit: exited };
}

if (process.argv.includes('--with-build'))
  fs.rmSync(path.join(root, 'apps/server/dist/.build-stamp'), { force: true });
else
  spawnSync(process.execPath, [path.join(root, 'scripts', 'start.mjs'), '--check-only'], {
    cwd: root,
    stdio: 'inherit',
  });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
const results = [];
results.push(await startOnce(dataDir, 'first run (empty DATA_DIR)'));
for (let i = 1; i <= 3; i++) results.push(await startOnce(dataDir, `later run #${i}`));
fs.rmSync(dataDir, { recursive: true, force: true });

console.log('\nnpm start → 200 on /readyz');
for (const r of results) {
  console.log(
    `  ${r.label.padEnd(28)} ${(r.readyMs / 1000).toFixed(2).padStart(6)} s   idle RSS ${r.rss.toFixed(0).padStart(4)} MB   SIGINT → exit ${r.exit.code} in ${r.stopMs.toFixed(0)} ms`,
  );
}
const later = results.slice(1);
const worst = Math.max(...later.map((r) => r.readyMs));
const clean = results.every((r) => r.exit.code === 0);
console.log(
  `  budget: later runs ≤ ${LATER_RUN_BUDGET_MS / 1000} s → worst ${(worst / 1000).toFixed(2)} s ${worst <= LATER_RUN_BUDGET_MS ? 'OK' : 'FAIL'}`,
);
console.log(`  clean shutdown on SIGINT: ${clean ? 'OK' : 'FAIL'}`);
process.exitCode = worst <= LATER_RUN_BUDGET_MS && clean ? 0 : 1;
