import fs from 'node:fs';
import {
  expect,
  holdRequests,
  test,
  type APIRequestContext,
  type Page,
  keepScreenshot,
} from './fixtures.ts';
import { type Identity, openLoginDialog, verifiedIdentity } from './auth-support.ts';
import { expectAccessible } from './shop-support.ts';

/**
 * Issue 25: after a password spray from a carrier NAT's address (25 made-up e-mails), a neighbour
 * whose browser never logged in before still signs in with the right password. The server asks
 * for a proof of work (428 PROOF_REQUIRED, ADR 0045); the login form solves it by itself and shows
 * "Checking your connection..." meanwhile. Screenshots in /tmp/login-proof.
 */
const dir = '/tmp/login-proof';

const texts = {
  en: {
    menu: /^Account menu$/,
    menuLogin: 'Login',
    dialog: 'Login',
    email: 'Email',
    emailLabel: 'Email address',
    password: 'Password',
    submit: 'Login',
    proving: 'Checking your connection...',
    success: 'Logged in successfully',
  },
  my: {
    menu: /အကောင့်မီနူး$/,
    menuLogin: 'အကောင့်ဝင်မည်',
    dialog: 'အကောင့်ဝင်ရန်',
    email: 'အီးမေးလ်',
    emailLabel: 'အီးမေးလ်လိပ်စာ',
    password: 'စကားဝှက်',
    submit: 'အကောင့်ဝင်မည်',
    proving: 'ချိတ်ဆက်မှုကို စစ်ဆေးနေပါသည်...',
    success: 'အကောင့်ဝင်ခြင်း အောင်မြင်ပါသည်',
  },
} as const;

/** 25 failed logins with made-up e-mails from `nat`: the address's spray limit is reached. */
async function sprayFrom(request: APIRequestContext, nat: Record<string, string>) {
  const tag = Math.random().toString(36).slice(2, 8);
  for (let i = 0; i < 25; i += 1) {
    const res = await request.post('/api/v1/auth/login', {
      data: { email: `made-up-${tag}-${i}@example.com`, password: 'Password1!' },
      headers: nat,
    });
    expect(res.status()).toBe(401);
  }
}

/**
 * Holds the login that brings the proof until `release` is called, so the verifying state can be
 * looked at; answers whether such a login was sent.
 */
async function holdProvenLogin(page: Page) {
  const proofs: string[] = [];
  const release = await holdRequests(page, '**/api/v1/auth/login', (request) => {
    const body = request.postDataJSON() as { proof?: string } | null;
    if (body?.proof) proofs.push(body.proof);
    return !!body?.proof;
  });
  return { release, proofs };
}

async function signInAfterSpray(
  page: Page,
  request: APIRequestContext,
  person: Identity,
  lang: 'en' | 'my',
) {
  const t = texts[lang];
  const nat = { 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 250) + 1}` };
  await sprayFrom(request, nat);
  // Without a proof the right password is not refused flatly: 428 with a challenge, no 429.
  const asked = await request.post('/api/v1/auth/login', {
    data: { email: person.email, password: person.password },
    headers: nat,
  });
  expect(asked.status()).toBe(428);
  expect(((await asked.json()) as { code: string }).code).toBe('PROOF_REQUIRED');

  await page.setExtraHTTPHeaders(nat);
  const held = await holdProvenLogin(page);
  await page.goto(lang === 'en' ? '/' : '/?lang=my');
  if (lang === 'en') await openLoginDialog(page);
  else {
    await page.getByRole('button', { name: t.menu }).click();
    await page.getByRole('menuitem', { name: t.menuLogin }).click();
  }
  const dialog = page.getByRole('dialog', { name: t.dialog });
  await dialog.getByRole('radio', { name: t.email }).click();
  await dialog.getByLabel(t.emailLabel).fill(person.email);
  await dialog.getByLabel(t.password, { exact: true }).fill(person.password);
  await dialog.getByRole('button', { name: t.submit, exact: true }).click();

  // The browser solved the challenge and sent the login again with it; it is held here.
  const verifying = dialog.getByRole('button', { name: t.proving });
  await expect(verifying).toBeVisible();
  await expect(verifying).toHaveAttribute('aria-busy', 'true');
  await expect.poll(() => held.proofs.length).toBe(1);
  await keepScreenshot(dialog, { path: `${dir}/login-verifying-${lang}.png` });
  await expectAccessible(page, '[role="dialog"]');
  held.release();

  await expect(page.getByText(t.success)).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(held.proofs).toHaveLength(1);
  // How long this browser took to solve the challenge (altcha-lib reports it in the solution).
  const proof = JSON.parse(Buffer.from(held.proofs[0] ?? '', 'base64url').toString('utf8')) as {
    solution: { counter: number; time?: number };
  };
  console.log(`solved counter ${proof.solution.counter} in ${proof.solution.time ?? '?'} ms`);
}

test.beforeAll(() => {
  fs.mkdirSync(dir, { recursive: true });
});

for (const lang of ['en', 'my'] as const) {
  test(`after a password spray from its address a new browser signs in with the right password (${lang})`, async ({
    page,
    request,
  }) => {
    const person = await verifiedIdentity(request);
    await signInAfterSpray(page, request, person, lang);
  });
}
