#!/usr/bin/env node
/**
 * Budgets of the Home route (issue 4):
 *   (a) initial JavaScript of Home ≤ 120 KiB gzipped — the Vite entry chunk plus every chunk it
 *       imports statically (lazy chunks are not counted), read from the build manifest;
 *   (b) Lighthouse mobile performance ≥ 90 and accessibility ≥ 95 against the built server.
 *
 * Usage (after `npm run build`):
 *   node apps/web/scripts/measure-home.mjs              both checks; starts apps/server/dist/main.js
 *   node apps/web/scripts/measure-home.mjs --js-only    only (a)
 *   node apps/web/scripts/measure-home.mjs --url=http://localhost:3000/   Lighthouse on a running shop
 *   node apps/web/scripts/measure-home.mjs --report=lh.json   also keeps Lighthouse's full report
 * Environment: CHROME_PATH (default /usr/bin/chromium). Exits 1 when a budget is missed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import {
  freePort,
  mainJs,
  spawnServer,
  stop,
  waitFor,
} from '../../server/bench/server-process.mjs';

const BUDGET_JS_KIB = 120;
const BUDGET_PERFORMANCE = 90;
const BUDGET_ACCESSIBILITY = 95;

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(here, '..');
const distDir = path.join(webDir, 'dist');
const args = process.argv.slice(2);
const jsOnly = args.includes('--js-only');
const urlArg = args.find((a) => a.startsWith('--url='))?.slice('--url='.length);
const reportPath = args.find((a) => a.startsWith('--report='))?.slice('--report='.length);

function measureInitialJs() {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: run the web build (build.manifest is enabled).`);
  }
  /** @type {Record<string, {file: string, isEntry?: boolean, imports?: string[]}>} */
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The manifest names no entry chunk.');
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  const files = [...seen]
    .map((key) => manifest[key]?.file)
    .filter((file) => typeof file === 'string' && file.endsWith('.js'));
  let total = 0;
  const rows = files.map((file) => {
    const bytes = fs.readFileSync(path.join(distDir, file));
    const gzip = zlib.gzipSync(bytes, { level: 9 }).length;
    total += gzip;
    return { file, raw: bytes.length, gzip };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  for (const row of rows) {
    console.log(
      `  ${row.file.padEnd(48)} ${(row.raw / 1024).toFixed(1).padStart(7)} KiB  gzip ${(row.gzip / 1024).toFixed(1).padStart(6)} KiB`,
    );
  }
  return total / 1024;
}

/** The built shop on a free port with a fresh embedded database and the demo shop. */
async function startServer() {
  if (!fs.existsSync(mainJs)) throw new Error(`${mainJs} is missing: run npm run build.`);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-lighthouse-'));
  const child = spawnServer({ port, dataDir, env: { LOG_LEVEL: 'warn' } });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/readyz`, child, 'shop server');
  return {
    url: `${base}/`,
    stop: async () => {
      await stop(child, 'SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Lighthouse with Debian's (newer) Chromium now and then fails to record the trace (NO_NAVSTART,
 * "Please run Lighthouse again") and scores 0: such a run is repeated, up to three in all.
 */
async function runLighthouse(url) {
  for (let run = 1; ; run += 1) {
    const scores = await runLighthouseOnce(url);
    if (!scores.runtimeError || run === 3) return scores;
    console.log(`  run ${String(run)} failed (${scores.runtimeError}); running again`);
  }
}

async function runLighthouseOnce(url) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    // Lighthouse's default config is the mobile one (Moto G Power, simulated slow 4G).
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      formFactor: 'mobile',
    });
    if (!result) throw new Error('Lighthouse returned no result');
    if (reportPath) fs.writeFileSync(reportPath, JSON.stringify(result.lhr, null, 1));
    const { categories, audits, runtimeError } = result.lhr;
    // A failed page load or trace (no paint seen, a crashed tab) is reported here, scoring 0.
    if (runtimeError) return { runtimeError: runtimeError.code, performance: 0, accessibility: 0 };
    const metric = (id) => audits[id]?.displayValue ?? 'n/a';
    console.log(
      `  FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
    );
    const failedA11y = Object.values(audits).filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 1 &&
        categories.accessibility.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0),
    );
    for (const audit of failedA11y)
      console.log(`  accessibility issue: ${audit.id} — ${audit.title}`);
    return {
      performance: Math.round((categories.performance.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
    };
  } finally {
    chrome.kill();
  }
}

let failed = false;
console.log('Home route initial JavaScript (entry + static imports):');
const jsKib = measureInitialJs();
const jsOk = jsKib <= BUDGET_JS_KIB;
failed ||= !jsOk;
console.log(
  `JS gzip: ${jsKib.toFixed(1)} KiB (budget ${BUDGET_JS_KIB} KiB) ${jsOk ? 'OK' : 'OVER BUDGET'}`,
);

if (!jsOnly) {
  const server = urlArg ? null : await startServer();
  try {
    const url = urlArg ?? server?.url ?? '';
    console.log(`Lighthouse (mobile) on ${url}:`);
    const scores = await runLighthouse(url);
    const perfOk = scores.performance >= BUDGET_PERFORMANCE;
    const a11yOk = scores.accessibility >= BUDGET_ACCESSIBILITY;
    failed ||= !perfOk || !a11yOk;
    console.log(
      `performance: ${scores.performance} (budget ≥ ${BUDGET_PERFORMANCE}) ${perfOk ? 'OK' : 'FAIL'}`,
    );
    console.log(
      `accessibility: ${scores.accessibility} (budget ≥ ${BUDGET_ACCESSIBILITY}) ${a11yOk ? 'OK' : 'FAIL'}`,
    );
  } finally {
    await server?.stop();
  }
}

process.exit(failed ? 1 : 0);
