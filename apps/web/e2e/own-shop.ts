import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from './fixtures.ts';

/**
 * A built shop of a spec's own, for what the suite's shop is not configured with (a real
 * acquirer's or aggregator's stand-in): on `port`, a fresh embedded database, the suite's
 * relaxed limits, and `env` on top.
 */
export interface OwnShop {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

const serverMain = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../server/dist/main.js',
);

/** Starts it and waits until /readyz answers (stopped again if it never does). */
export async function startOwnShop(
  port: number,
  env: Record<string, string>,
  name: string,
): Promise<OwnShop> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-${name}-`));
  const url = `http://localhost:${String(port)}`;
  const child: ChildProcess = spawn(process.execPath, [serverMain], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      REQUEST_LIMIT_FACTOR: '100',
      TRUST_PROXY: 'true',
      CARD_HOLD_MAX_PER_ADDRESS: '100000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString('utf8');
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) {
        resolve();
        return;
      }
      child.once('exit', () => {
        resolve();
      });
      child.kill('SIGTERM');
    });
  try {
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`the shop stopped: ${errors}`);
          return fetch(`${url}/readyz`).then(
            (res) => res.status,
            () => 0,
          );
        },
        // As long as the suite's own shops may take to start (playwright.config.ts).
        { timeout: 120_000, intervals: [250] },
      )
      .toBe(200);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, stop };
}
