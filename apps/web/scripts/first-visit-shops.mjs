/**
 * The shops the first-visit benchmarks (main-thread.mjs, measure-pages.mjs) open side by side: the
 * current build and, because this machine class is slow and uneven, a baseline revision built
 * beside it, so only ratios from one run are compared (issue 29).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { call, signUp, startDemoShop } from '../../server/bench/server-process.mjs';

/** The landed build issue 29 measured against (before the regions, the formatter, the subsets). */
export const ISSUE_29_BASELINE = '98fe577';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The baseline build in its own detached worktree (/tmp/shop-baseline-<rev>: npm ci and npm run
 * build, a few minutes), made once and kept; returns its server's main.js.
 */
export function baselineMainJs(rev) {
  const dir = path.join(os.tmpdir(), `shop-baseline-${rev}`);
  const mainJs = path.join(dir, 'apps/server/dist/main.js');
  if (fs.existsSync(mainJs) && fs.existsSync(path.join(dir, 'apps/web/dist/index.html')))
    return mainJs;
  console.log(`Building the baseline ${rev} in ${dir} (once)…`);
  if (!fs.existsSync(dir))
    execFileSync('git', ['worktree', 'add', '--detach', dir, rev], { cwd: repoRoot });
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
  execFileSync('npm', ['run', 'build'], { cwd: dir, stdio: 'inherit' });
  return mainJs;
}

/**
 * A shared order's page (/sharewith/{id}): a customer buys an E-PIN, pays in the sandbox bank,
 * waits for the code and shares the order as a gift link. Returns the link's path.
 */
export async function sharedOrderPath(base, dataDir) {
  const stamp = Date.now().toString(36);
  const { authorization } = await signUp(base, dataDir, {
    name: 'First Visit',
    email: `first-visit-${stamp}@example.com`,
    phoneNumber: `0926${String(Date.now()).slice(-7)}`,
    password: 'Mingalar-Tea-84',
  });
  const headers = { authorization };
  const api = async (method, url, body) => (await call(base, method, url, { body, headers })).json;
  const epins = (await api('GET', '/api/v1/products/category/local-epins')).data;
  const product = epins.find((p) => !p.outOfStock);
  await api('POST', '/api/v1/cart/add', { productId: product.id, quantity: 1 });
  const order = (await api('POST', '/api/v1/checkout/initialize')).data;
  const payment = await api('POST', '/api/v1/checkout/complete', {
    sessionId: order.orderId,
    paymentMethod: 'mmqr',
  });
  await api('POST', '/api/v1/sandbox/bank/pay', { qrPayload: payment.data.paymentQrCode });
  for (let i = 0; ; i += 1) {
    const { data } = await api('GET', `/api/v1/orders/${order.orderId}`);
    if (data.status === 'completed') break;
    if (i > 300) throw new Error(`the shared order did not complete: ${String(data.status)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const types = (await api('GET', '/api/v1/sharetypes')).data;
  const share = await call(base, 'POST', `/api/v1/orders/${order.orderId}/share`, {
    headers,
    body: { type: types[0].title },
    expect: [201, 208],
  });
  return new URL(share.json.data.shareUrl).pathname;
}

/**
 * The current build's demo shop and, with `baselineRev`, the baseline's: each with its base URL,
 * data folder, stop() and — with `sharePath` — a shared order's path of its own.
 * @param {{ label: string, baselineRev: string | null, sharePath: boolean }} options
 */
export async function startShops({ label, baselineRev, sharePath }) {
  const shops = [];
  try {
    shops.push({ name: 'new', ...(await startDemoShop(label)) });
    if (baselineRev) {
      const main = baselineMainJs(baselineRev);
      shops.push({ name: `baseline ${baselineRev}`, ...(await startDemoShop('baseline', main)) });
    }
    if (sharePath)
      for (const shop of shops) shop.sharePath = await sharedOrderPath(shop.base, shop.dataDir);
    return shops;
  } catch (error) {
    await stopShops(shops);
    throw error;
  }
}

export async function stopShops(shops) {
  for (const shop of shops) await shop.stop();
}

/** A page's URL in `shop`: the placeholder /sharewith/{id} becomes the shop's own shared order. */
export const pageUrl = (shop, pagePath) =>
  shop.base + (pagePath === '/sharewith/{id}' ? shop.sharePath : pagePath);

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
