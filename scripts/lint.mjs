#!/usr/bin/env node
/**
 * ESLint for `npm run lint`: errors fail; the boundary rules of issue 30 (eslint.config.js, zones in
 * scripts/boundaries.mjs) are warnings held to a counted baseline, scripts/lint-baseline.json: the
 * count per file and rule message. A count above its baseline fails (a new arrow into a room); a
 * count below it fails too until the baseline is lowered (`node scripts/lint.mjs --update`), so the
 * baseline only shrinks. When it is empty, the rules become errors. The same for the rooms caught
 * in import cycles between rooms (scripts/folder-cycles.mjs): none may join one. A table that uses
 * another module's table beyond a foreign key (ADR 0073) is an error.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { tablesBeyondForeignKeys } from './boundaries.mjs';
import { roomCycles } from './folder-cycles.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baselineFile = path.join(root, 'scripts', 'lint-baseline.json');
const update = process.argv.includes('--update');

const eslint = new ESLint({ cwd: root });
const results = await eslint.lintFiles(['.']);
const errors = results.filter((result) => result.errorCount > 0);
if (errors.length > 0) {
  const formatter = await eslint.loadFormatter('stylish');
  console.log(await formatter.format(errors));
  process.exit(1);
}

// ADR 0073: another module's table only in a foreign key or as an enum column's type.
const beyond = tablesBeyondForeignKeys(root);
if (beyond.length > 0) {
  for (const use of beyond)
    console.log(`✗ ${use.split('\n')[0]} — another module's table, used beyond a foreign key`);
  process.exit(1);
}

/** @type {Record<string, number>} "file: rule: message" → how many */
const counts = {};
for (const result of results) {
  const file = path.relative(root, result.filePath);
  for (const message of result.messages) {
    const key = `${file}: ${message.ruleId ?? 'eslint'}: ${message.message}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
}
// A room caught in a cycle counts as one more entry: "room cycle: <room>".
for (const room of roomCycles(root).flat()) counts[`room cycle: ${room}`] = 1;
const sorted = Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
if (update) {
  fs.writeFileSync(baselineFile, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`Baseline written: ${String(Object.keys(sorted).length)} entries.`);
  process.exit(0);
}

/** @type {Record<string, number>} */
const baseline = fs.existsSync(baselineFile)
  ? JSON.parse(fs.readFileSync(baselineFile, 'utf8'))
  : {};
const over = Object.entries(sorted).filter(([key, n]) => n > (baseline[key] ?? 0));
const under = Object.entries(baseline).filter(([key, n]) => (sorted[key] ?? 0) < n);
const total = Object.values(sorted).reduce((sum, n) => sum + n, 0);
for (const [key, n] of over)
  console.log(`✗ new: ${key} (${String(n)}, baseline ${String(baseline[key] ?? 0)})`);
for (const [key, n] of under)
  console.log(`↓ fewer: ${key} (${String(sorted[key] ?? 0)}, baseline ${String(n)})`);
if (under.length > 0 && over.length === 0)
  console.log(
    'Fewer warnings than the baseline: run `node scripts/lint.mjs --update` and commit it.',
  );
console.log(
  `ESLint: no errors; ${String(total)} boundary warnings and rooms in cycles (the baseline holds them).`,
);
process.exit(over.length > 0 || under.length > 0 ? 1 : 0);
