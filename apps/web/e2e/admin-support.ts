import fs from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import {
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
  keepScreenshot,
} from './fixtures.ts';
import { expectAccessible } from './shop-support.ts';

/**
 * The demo back-office admin of the server under test: its first login, written by the server
 * beside its data (main.ts, DEMO_ADMIN_LOGIN_FILE), and the authenticator secret the first
 * sign-in set up (kept beside it by this kit, so a retried test signs in without enrolling).
 */
const dataDir = () => process.env.E2E_DATA_DIR ?? '';
const secretFile = () => path.join(dataDir(), 'e2e-admin-totp-secret.txt');

export function demoAdminLogin() {
  const text = fs.readFileSync(path.join(dataDir(), 'demo-admin-login.txt'), 'utf8');
  const match = /email (\S+)\s+password (\S+)/.exec(text);
  if (!match?.[1] || !match[2]) throw new Error(`no demo admin login in: ${text}`);
  return { email: match[1], password: match[2] };
}

const stepFile = () => path.join(dataDir(), 'e2e-admin-totp-step.txt');
const STEP_SECONDS = 30;

/**
 * A code of the authenticator for a time step after the last one used: the server takes each step
 * once (a replayed code is refused) and accepts the next step's code too (30 s of clock drift), so
 * a second sign-in within the same 30 s uses the next step's code; a third waits for it.
 */
export async function totpCode(secret: string): Promise<string> {
  const last = fs.existsSync(stepFile()) ? Number(fs.readFileSync(stepFile(), 'utf8')) : -1;
  let now = Math.floor(Date.now() / 1000 / STEP_SECONDS);
  while (last > now) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    now = Math.floor(Date.now() / 1000 / STEP_SECONDS);
  }
  const step = Math.max(now, last + 1);
  fs.writeFileSync(stepFile(), String(step));
  return generate({ secret, epoch: step * STEP_SECONDS });
}

/**
 * One sign-in at a time across the test workers (a lock file beside the data): the first one
 * enrols the authenticator, and two at once would each start an enrolment. A lock left by a
 * crashed worker is taken over after a minute.
 */
async function oneAtATime<T>(run: () => Promise<T>): Promise<T> {
  const lock = path.join(dataDir(), 'e2e-admin-sign-in.lock');
  const giveUpAt = Date.now() + 60_000;
  for (;;) {
    try {
      fs.closeSync(fs.openSync(lock, 'wx'));
      break;
    } catch {
      if (Date.now() > giveUpAt) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await run();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

const sessionFile = () => path.join(dataDir(), 'e2e-admin-session.json');
const SESSION_KEY = 'backOfficeSession';

/**
 * The demo admin at /admin, on the Dashboard. The first call signs in (setting up the authenticator
 * from the enrolment screen, its key and recovery codes shown) and keeps the session beside the
 * data; later calls put that session into the page's sessionStorage, as a second tab of the same
 * admin would have it, while the server still takes it. So the back-office specs sign in with a
 * code once or twice, not once each: each sign-in needs a new 30-second authenticator step, and
 * that wait, not the tests, made their run 30 s a test.
 *
 * `ownSession`: a sign-in of its own, kept by no other test (for a test that signs out). Answers the
 * login and whether this sign-in enrolled.
 */
export function signInToBackOffice(page: Page, options: { ownSession?: boolean } = {}) {
  return oneAtATime(async () => {
    const stored = options.ownSession ? null : await liveStoredSession(page);
    if (stored) {
      await page.goto('/admin');
      await page.evaluate(
        ([key, value]) => {
          sessionStorage.setItem(key, value);
        },
        [SESSION_KEY, stored] as const,
      );
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      return { admin: demoAdminLogin(), enrolled: false };
    }
    const result = await signIn(page);
    if (!options.ownSession) {
      const session = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY);
      if (session) fs.writeFileSync(sessionFile(), session);
    }
    return result;
  });
}

/** The kept session when the server still takes it (it ends after 15 idle minutes). */
async function liveStoredSession(page: Page): Promise<string | null> {
  if (!fs.existsSync(sessionFile())) return null;
  const stored = fs.readFileSync(sessionFile(), 'utf8');
  const { token } = JSON.parse(stored) as { token: string };
  const answer = await page.request.get('/api/v1/admin/dashboard', {
    headers: { Authorization: `Bearer ${token}` },
  });
  return answer.ok() ? stored : null;
}

async function signIn(page: Page) {
  const admin = demoAdminLogin();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Back-office sign-in' })).toBeVisible();
  await page.getByLabel('E-mail').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const enrol = page.getByRole('heading', { name: 'Set up your authenticator' });
  const codeField = page.getByLabel('Authenticator code');
  await expect(codeField).toBeVisible();
  const enrolling = await enrol.isVisible();
  let secret: string;
  if (enrolling) {
    await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await expectAccessible(page);
    await keepScreenshot(page, { path: '/tmp/admin/0-enrol.png', fullPage: true });
    secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    fs.writeFileSync(secretFile(), secret);
  } else {
    secret = fs.readFileSync(secretFile(), 'utf8');
  }
  await codeField.fill(await totpCode(secret));
  await page.getByRole('button', { name: enrolling ? 'Confirm and sign in' : 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  return { admin, enrolled: enrolling };
}

/** The back-office API as the signed-in admin of `page` (set-up and putting the shop back). */
export async function adminApi(page: Page, request: APIRequestContext) {
  const token = await page.evaluate(
    () =>
      (JSON.parse(sessionStorage.getItem('backOfficeSession') ?? '{}') as { token?: string }).token,
  );
  const headers = { authorization: `Bearer ${token ?? ''}`, 'accept-language': 'en' };
  return {
    headers,
    get: async <T>(path: string) => {
      const res = await request.get(`/api/v1/admin${path}`, { headers });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { data: T }).data;
    },
    patch: async (path: string, data: object) => {
      const res = await request.patch(`/api/v1/admin${path}`, { headers, data });
      expect(res.status(), await res.text()).toBe(200);
    },
  };
}

/** The back-office's Orders, searched by a recipient number: answers the orders table. */
export async function ordersByRecipient(page: Page, recipient: string) {
  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  await page.getByLabel('Recipient number').fill(recipient);
  await page.getByRole('button', { name: 'Search' }).click();
  return page.getByTestId('admin-orders');
}

/** The rows of the back-office table `table` (its test id, e.g. 'admin-banners') that name `text`. */
export const adminRow = (page: Page, table: string, text: string) =>
  page.getByTestId(table).getByRole('row').filter({ hasText: text });

/** Opens the edit dialog of `row`, a row of a back-office table; answers the dialog ("Edit …"). */
export async function openEditDialog(page: Page, row: Locator) {
  await row.getByRole('button', { name: /^Edit / }).click();
  return page.getByRole('dialog', { name: /^Edit / });
}

/** Opens a back-office page from the navigation by its link and waits for its heading. */
export async function openAdminPage(page: Page, name: string) {
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}
