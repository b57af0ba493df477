#!/usr/bin/env node
// `npm test`: installs dependencies when missing or out of date, then lint, typecheck, unit tests,
// the server's integration tests (on PostgreSQL when TEST_DATABASE_URL is set, else on the embedded
// PGlite), then browser tests against the built app.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { ensureInstalled, root } from './ensure-install.mjs';

// The browser tests drive the system's Chromium (never a downloaded one): say how to get it before
// spending minutes on the other steps.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(
    `✗ Chromium not found at ${chromium}; the browser tests need it.\n` +
      '  On Debian or Ubuntu: sudo apt-get install -y chromium fonts-noto-core poppler-utils\n' +
      '  Elsewhere: install Chromium or Chrome and set CHROMIUM_PATH to its executable.',
  );
  process.exit(1);
}

// A fresh clone has no node_modules yet: install first (lint would stop at `eslint: not found`).
ensureInstalled();

const pgUrl = process.env.TEST_DATABASE_URL;
const withoutPg = { ...process.env };
delete withoutPg.TEST_DATABASE_URL;

// With PostgreSQL at hand (CI), the server's integration tests run once, on PostgreSQL: the
// database the shop runs on in production, and the only one where races are real. Without it they
// run on the embedded PGlite. The embedded database stays covered in CI by the browser tests,
// whose server runs on it as `npm start` does (ADR 0041).
// Each entry is a group of lanes that run side by side; a lane is one or more steps, one after
// another (issue 30: a suite a newcomer can run). Side by side only where the steps share nothing
// and each leaves a core idle: the lint (one process, the longest) beside the type check, the unit
// tests and the build (the build writes apps/web/dist, which no unit or integration test reads).
// The unit tests take one worker there: with two beside the lint, three processes shared CI's two
// cores and the lint took 255 s instead of 143 (stop 41). On either database: on the embedded one
// they used to run inside the PGlite step, while a core stood idle beside the lint (stop 46).
const unitTests = [
  'unit tests (web, contracts)',
  ['npx', 'vitest', 'run', '--project', 'web', '--project', 'contracts', '--maxWorkers=1'],
  withoutPg,
];
const build = ['build', ['npm', 'run', 'build']];
const groups = [
  [
    [['lint', ['npm', 'run', 'lint']]],
    [['typecheck', ['npm', 'run', 'typecheck']], unitTests, build],
  ],
  pgUrl
    ? [
        [
          [
            'integration tests (PostgreSQL)',
            ['npx', 'vitest', 'run', '--project', 'server'],
            { ...process.env, TEST_DATABASE_URL: pgUrl },
          ],
        ],
      ]
    : [
        [
          [
            'integration tests (PGlite)',
            ['npx', 'vitest', 'run', '--project', 'server'],
            withoutPg,
          ],
        ],
      ],
  // A browser test that fails is run once more; a pass on the second try is listed as "flaky" in
  // the report (not hidden), one that fails twice fails the run. Two CI runs were lost to timing on
  // a busy machine. Run a spec alone (test:e2e) and nothing is retried.
  [
    [
      [
        'browser tests (Chromium)',
        ['npx', 'playwright', 'test', '-c', 'apps/web/playwright.config.ts', '--retries=1'],
      ],
    ],
  ],
];

const seconds = (t0) => ((Date.now() - t0) / 1000).toFixed(1);

/** One step with the terminal to itself. */
function runAlone([name, [cmd, ...args], env]) {
  console.log(`\n=== ${name} ===`);
  const t0 = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: env ?? process.env });
  return { name, status: result.status ?? 1, time: seconds(t0) };
}

/** One step beside others: its output is kept and printed whole when it ends. */
function runQuietly([name, [cmd, ...args], env]) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const output = [];
    const child = spawn(cmd, args, { cwd: root, env: env ?? process.env });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      console.log(`\n--- ${name} ---`);
      process.stdout.write(Buffer.concat(output));
      resolve({ name, status: status ?? 1, time: seconds(t0) });
    });
  });
}

/** A lane's steps one after another, stopping at the first that fails. */
async function runLane(steps) {
  const results = [];
  for (const step of steps) {
    const result = await runQuietly(step);
    results.push(result);
    if (result.status !== 0) break;
  }
  return results;
}

/** Lanes side by side. */
async function runTogether(lanes) {
  const names = lanes.map((lane) => lane.map(([name]) => name).join(' → '));
  console.log(`\n=== ${names.join(' + ')} (side by side) ===`);
  return (await Promise.all(lanes.map(runLane))).flat();
}

const started = Date.now();
for (const group of groups) {
  const results =
    group.length === 1 && group[0].length === 1
      ? [runAlone(group[0][0])]
      : await runTogether(group);
  for (const { name, status, time } of results) {
    if (status === 0) console.log(`✓ ${name} (${time} s)`);
    else console.error(`\n✗ ${name} failed`);
  }
  const failed = results.find((r) => r.status !== 0);
  if (failed) process.exit(failed.status);
}
console.log(`\nAll steps passed in ${seconds(started)} s.`);
if (!pgUrl) console.log('\nNote: TEST_DATABASE_URL is not set, so the PostgreSQL run was skipped.');
