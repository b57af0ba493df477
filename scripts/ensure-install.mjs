// Installs the npm dependencies when they are missing or out of date (keyed on the lockfile's and
// manifests' content), so `npm start`, `npm test` and `npm run dev` work on a fresh clone.
// Only Node built-ins here: nothing is installed yet when this runs.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command in the repository root; exits this process when it fails. */
export function run(cmd, args) {
  console.log(`> ${cmd} ${args.join(' ')}`);
  const result = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const manifests = [
  'package-lock.json',
  'package.json',
  'apps/server/package.json',
  'apps/web/package.json',
  'packages/contracts/package.json',
];

export function ensureInstalled() {
  const stamp = path.join(root, 'node_modules', '.shop-install-stamp');
  const key = createHash('sha256')
    .update(
      manifests
        .map((f) => (fs.existsSync(path.join(root, f)) ? fs.readFileSync(path.join(root, f)) : ''))
        .join('\0'),
    )
    .digest('hex');
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === key) return;
  run(
    'npm',
    fs.existsSync(path.join(root, 'package-lock.json'))
      ? ['ci', '--no-audit', '--no-fund']
      : ['install', '--no-audit', '--no-fund'],
  );
  fs.writeFileSync(stamp, key);
}
