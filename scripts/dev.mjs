#!/usr/bin/env node
// `npm run dev`: the API server with reload on change (tsx watch, port 3000) and the Vite dev
// server with hot module replacement (port 5173), which proxies /api and /media to the API.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureInstalled, root } from './ensure-install.mjs';

ensureInstalled();
const children = [
  spawn('npm', ['run', 'dev', '-w', '@shop/server'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      NODE_ENV: 'development',
      DATA_DIR: path.join(root, 'data'),
      // Development pays with the built-in sandbox bank unless another acquirer is named.
      PAYMENT_PROVIDER: 'sandbox',
      ...process.env,
    },
  }),
  spawn('npm', ['run', 'dev', '-w', '@shop/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((c) => c.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children)
  child.on('exit', (code) => {
    if (code) {
      stop('SIGTERM');
      process.exitCode = code;
    }
  });
