#!/usr/bin/env node
/**
 * ESLint for `npm run lint`, with the rooms of issue 30 (README "Architecture") as errors: the
 * boundary zones and import-x/no-cycle (eslint.config.js, zones in scripts/boundaries.mjs), a table
 * that uses another module's table beyond a foreign key (ADR 0073), and rooms that reach each other
 * through imports (scripts/folder-cycles.mjs). Each was a warning held to a counted baseline until
 * the count reached zero.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { tablesBeyondForeignKeys } from './boundaries.mjs';
import { roomCycles } from './folder-cycles.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let failed = false;

const eslint = new ESLint({ cwd: root });
const results = await eslint.lintFiles(['.']);
const problems = results.filter((result) => result.errorCount + result.warningCount > 0);
if (problems.length > 0) {
  const formatter = await eslint.loadFormatter('stylish');
  console.log(await formatter.format(problems));
  failed = true; // warnings too: none is left to hold to a baseline
}

for (const use of tablesBeyondForeignKeys(root)) {
  console.log(`✗ ${use.split('\n')[0]} — another module's table, used beyond a foreign key`);
  failed = true;
}

for (const cycle of roomCycles(root)) {
  console.log(`✗ rooms in an import cycle: ${cycle.join(' → ')}`);
  failed = true;
}

if (!failed) console.log('ESLint: no errors; no room in an import cycle.');
process.exit(failed ? 1 : 0);
