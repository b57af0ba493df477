#!/usr/bin/env node
// `npm start` on any checkout: installs dependencies when they are missing or out of date, builds
// when the sources changed since the last build, then runs the server (migrations and the demo
// seed happen in the server's own start). Only Node built-ins here: nothing is installed yet.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureInstalled, root, run } from './ensure-install.mjs';

const t0 = performance.now();

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Node.js 20.19 or newer is needed (this is ${process.versions.node}).`);
  process.exit(1);
}

/** A fingerprint of files: their paths, sizes and modification times (cheap, no reading). */
function fingerprint(entries) {
  const hash = createHash('sha256');
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) {
        if (
          name === 'node_modules' ||
          name === 'dist' ||
          name.endsWith('.test.ts') ||
          name.endsWith('.test.tsx')
        )
          continue;
        visit(path.join(p, name));
      }
    } else {
      hash.update(`${path.relative(root, p)}:${stat.size}:${stat.mtimeMs}\n`);
    }
  };
  entries.forEach((e) => visit(path.join(root, e)));
  return hash.digest('hex');
}

// 1. Dependencies.
ensureInstalled();

// 2. Build: keyed on every source file that goes into the server bundle or the web app.
const buildStamp = path.join(root, 'apps', 'server', 'dist', '.build-stamp');
const buildKey = fingerprint([
  'package-lock.json',
  'packages/contracts/src',
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
]);
if (!fs.existsSync(buildStamp) || fs.readFileSync(buildStamp, 'utf8') !== buildKey) {
  run('npm', ['run', 'build']);
  fs.writeFileSync(buildStamp, buildKey);
}

if (process.argv.includes('--check-only')) process.exit(0);

// `npm start` is the demo: it pays with the built-in sandbox bank (no money moves) unless an
// acquirer is named. Production runs `node apps/server/dist/main.js` without this (ADR 0017).
if (!process.env.PAYMENT_PROVIDER) {
  process.env.PAYMENT_PROVIDER = 'sandbox';
  process.env.ALLOW_SANDBOX ??= 'true';
  console.log('Demo payments: the sandbox bank is enabled (PAYMENT_PROVIDER=sandbox).');
}
console.log(`Starting the shop (checks took ${Math.round(performance.now() - t0)} ms)…`);
// The server runs in this process, so Ctrl-C reaches it directly and it shuts down cleanly.
await import(pathToFileURL(path.join(root, 'apps', 'server', 'dist', 'main.js')).href);
