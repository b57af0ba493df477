// What the benchmarks in this folder and the fault test of the real server
// (src/modules/fulfilment/fulfilment.fault.test.ts) share: a free port, the shop server started as a
// child process on a fresh DATA_DIR, waiting until it is ready, stopping it, JSON calls, the codes
// it mails, a scratch PostgreSQL database, percentiles, command-line options. Plain JavaScript so
// that `node` runs the benchmarks as they are; the types for TypeScript are in server-process.d.mts.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const mainJs = path.join(serverRoot, 'dist', 'main.js');

/** A TCP port free on 127.0.0.1 right now. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

/**
 * Starts the shop server on 127.0.0.1:`port` with its data in `dataDir`: production mode, the demo
 * data seeded, the embedded database, the sandbox bank; `env` adds to and overrides these variables. Runs
 * dist/main.js (`main`: another build's, e.g. a baseline in a worktree), or with `source` src/main.ts
 * through tsx.
 */
export function spawnServer({
  port,
  dataDir,
  env = {},
  source = false,
  stdio = ['ignore', 'ignore', 'inherit'],
  main = mainJs,
}) {
  return spawn(
    process.execPath,
    source ? ['--import', 'tsx', path.join(serverRoot, 'src', 'main.ts')] : [main],
    {
      cwd: serverRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: 'true',
        DATABASE_URL: '',
        // The benches pay with the sandbox bank, enabled by name as production requires.
        PAYMENT_PROVIDER: 'sandbox',
        ALLOW_SANDBOX: 'true',
        // Load from one address and a few accounts: the request limits (ADR 0026) still run, far
        // above what the benches send.
        REQUEST_LIMIT_FACTOR: '1000',
        // The load generators open 100+ connections from one address, as a proxy would (ADR 0048).
        HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0',
        ...env,
      },
      stdio,
    },
  );
}

/** Waits until `url` answers 200; throws when `child` exits first or after 120 s. */
export async function waitFor(url, child, label) {
  const t0 = Date.now();
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${label} exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - t0 > 120_000) throw new Error(`${label} not ready after 120 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Sends `signal` to `child` (SIGKILL 10 s later if it still runs); resolves once it has exited. */
export function stop(child, signal = 'SIGINT') {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

/**
 * A server (spawnServer's options) on a free port with a fresh DATA_DIR (`shop-<label>-…` in the
 * temp folder), not waited for; `stop()` ends it and removes its DATA_DIR.
 */
export async function spawnBenchServer(label, options = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-${label}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawnServer({ ...options, port, dataDir });
  return {
    base,
    dataDir,
    child,
    stop: async () => {
      await stop(child, 'SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The built shop on a free port with a fresh embedded database and the demo shop. */
export async function startDemoShop(label, main = mainJs) {
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run npm run build.`);
  const shop = await spawnBenchServer(label, { env: { LOG_LEVEL: 'warn' }, main });
  await waitFor(`${shop.base}/readyz`, shop.child, 'shop server');
  return { base: shop.base, dataDir: shop.dataDir, stop: shop.stop };
}

/** Nearest-rank percentile `p` (0–100) of an ascending array; NaN when it is empty. */
export const percentile = (sorted, p) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
    : NaN;

/**
 * A JSON call to the server at `base` that must succeed (`accept-language: en`, `body` sent as
 * JSON): throws unless the status is one of `expect`, any 2xx when not given. Answers the status
 * and the parsed body.
 */
export async function call(base, method, url, { body, headers = {}, expect, timeoutMs } = {}) {
  const res = await fetch(base + url, {
    method,
    headers: {
      'accept-language': 'en',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  if (expect ? !expect.includes(res.status) : res.status < 200 || res.status > 299)
    throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

/**
 * The newest six-digit code mailed to each address: every mail is a JSON file in DATA_DIR/outbox,
 * named in sending order.
 */
export function mailedCodes(dataDir) {
  const outbox = path.join(dataDir, 'outbox');
  const codes = new Map();
  for (const name of fs.readdirSync(outbox).sort()) {
    if (!name.endsWith('.json')) continue;
    const record = JSON.parse(fs.readFileSync(path.join(outbox, name), 'utf8'));
    const code = /\b(\d{6})\b/.exec(record.text ?? '')?.[1];
    if (code) codes.set(record.to, code);
  }
  return codes;
}

/** The newest six-digit code mailed to `to`. */
export function latestCode(dataDir, to) {
  const code = mailedCodes(dataDir).get(to);
  if (!code) throw new Error(`no code for ${to}`);
  return code;
}

/**
 * Registers a customer, verifies the e-mail address and the phone number (local form, 09…) with
 * the codes the server mailed, logs in; answers the authorization header.
 */
export async function signUp(base, dataDir, { name, email, phoneNumber, password }) {
  await call(base, 'POST', '/api/v1/auth/register', {
    body: { name, email, phoneNumber, password },
  });
  await call(base, 'POST', '/api/v1/auth/verify/otp', {
    body: { email, otp: latestCode(dataDir, email) },
  });
  await call(base, 'POST', '/api/v1/auth/verify/phone/send', { body: { phoneNumber } });
  await call(base, 'POST', '/api/v1/auth/verify/otp', {
    body: { phoneNumber, otp: latestCode(dataDir, `+95${phoneNumber.slice(1)}`) },
  });
  const { json } = await call(base, 'POST', '/api/v1/auth/login', { body: { email, password } });
  return { authorization: `Bearer ${json.accessToken}` };
}

/**
 * Creates the database `<prefix>_<random hex>` on the server of `adminUrl` (its role must be
 * allowed to create databases); answers its name, its URL and `drop()`, which removes it.
 */
export async function scratchDatabase(adminUrl, prefix) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.href,
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** Whether the module of `moduleUrl` (its import.meta.url) is the script node was started with. */
export const isMain = (moduleUrl) =>
  Boolean(process.argv[1]) && moduleUrl === pathToFileURL(path.resolve(process.argv[1])).href;

/** The number after `name` on the command line (`--duration 10`), else `fallback`. */
export function numberOption(name, fallback) {
  const args = process.argv.slice(2);
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
}
