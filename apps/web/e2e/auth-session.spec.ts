import { expect, test, type Page } from './fixtures.ts';
import {
  loginByEmail,
  loginFromHome,
  openLoginDialog,
  readCode,
  readNewCode,
  verifiedIdentity,
} from './auth-support.ts';

/** An expired, well-formed JWT: the client must refresh before using it. */
const expiredJwt = () => {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'x', exp: 1_600_000_000 })}.sig`;
};

async function expireAccessToken(page: Page) {
  await page.evaluate((token) => {
    localStorage.setItem('accessToken', token);
  }, expiredJwt());
}

test.describe('account: sessions and password reset', () => {
  test('an expired access token is refreshed silently at start', async ({ page, request }) => {
    const person = await verifiedIdentity(request);
    await loginFromHome(page, person);
    const menu = page.getByRole('button', { name: `Account menu for ${person.name}` });
    await expect(menu).toBeVisible();
    // The refresh token lives in the HttpOnly cookie (ADR 0015); the refresh rotates it.
    const refreshCookie = async () =>
      (await page.context().cookies()).find((c) => c.name === 'refresh_session')?.value;
    const refreshBefore = await refreshCookie();
    expect(refreshBefore).toBeTruthy();

    await expireAccessToken(page);
    await page.reload();
    await expect(menu).toBeVisible();
    await expect.poll(refreshCookie).not.toBe(refreshBefore);
    const access = await page.evaluate(() => localStorage.getItem('accessToken'));
    expect(access).not.toBe(expiredJwt());
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('a revoked session shows the session-expired modal, in English and Burmese', async ({
    page,
    request,
  }) => {
    const person = await verifiedIdentity(request);
    await loginFromHome(page, person);
    await expect(
      page.getByRole('button', { name: `Account menu for ${person.name}` }),
    ).toBeVisible();

    // The server ends the session (as a logout elsewhere would); the page still holds the tokens.
    const access = await page.evaluate(() => localStorage.getItem('accessToken'));
    const revoked = await request.post('/api/v1/auth/logout', {
      headers: { Authorization: `Bearer ${access ?? ''}` },
    });
    expect(revoked.ok()).toBe(true);
    await expireAccessToken(page);
    await page.reload();

    const modal = page.getByRole('alertdialog', { name: 'Session Expired' });
    await expect(modal).toBeVisible();
    await expect(
      modal.getByText('Your session has expired. Please log in again to continue.'),
    ).toBeVisible();
    await expect(modal.getByText('Your sign-in is no longer valid.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
    await modal.getByRole('button', { name: 'Log In Again' }).click();
    await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Burmese.
    await page.evaluate(() => {
      localStorage.setItem('accessToken', 'a.b.c');
      localStorage.setItem('refreshToken', 'revoked-token');
    });
    await page.goto('/?lang=my');
    const burmese = page.getByRole('alertdialog', { name: 'အသုံးပြုချိန် ကုန်ဆုံးသွားပါပြီ' });
    await expect(burmese).toBeVisible();
    await expect(burmese.getByRole('button', { name: 'ထပ်မံ အကောင့်ဝင်မည်' })).toBeVisible();
    await burmese.getByRole('button', { name: 'ပိတ်မည်' }).click();
    await expect(burmese).toHaveCount(0);
  });

  test('forgot password by e-mail, then the reset link with pg=reset-password, then login', async ({
    page,
    request,
  }) => {
    const person = await verifiedIdentity(request);
    const registrationCode = await readCode(person.email);
    await page.goto('/');
    await openLoginDialog(page);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Please enter your email address').last()).toBeVisible();
    await dialog.getByLabel('Email address').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Please enter a valid email address').last()).toBeVisible();
    await dialog.getByLabel('Email address').fill(person.email);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('button', { name: /Resend in 0[45]:\d\d/ })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(dialog.getByText('Please enter the 6-digit verification code')).toBeVisible();
    const code = await readNewCode(person.email, registrationCode);

    // Escape closes the dialog.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // The link from the e-mail goes straight to the new-password step.
    await page.goto(`/?otp=${code}&email=${encodeURIComponent(person.email)}&pg=reset-password`);
    const reset = page.getByRole('dialog', { name: 'Forgot Password' });
    await expect(reset.getByLabel('New password')).toBeVisible();
    await reset.getByLabel('New password').fill('Another-Secret-77');
    await reset.getByLabel('Confirm password').fill('Another-Secret-78');
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await expect(reset.getByText('Passwords do not match').last()).toBeVisible();
    await reset.getByLabel('Confirm password').fill('Another-Secret-77');
    await reset.getByRole('button', { name: 'Reset Password' }).click();

    // Success opens the login dialog; the URL loses otp, email and pg.
    await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
    await expect(page).not.toHaveURL(/otp=|pg=|email=/);
    await loginByEmail(page, person, 'Another-Secret-77');
    await expect(
      page.getByRole('button', { name: `Account menu for ${person.name}` }),
    ).toBeVisible();
  });

  test('pg=verify-email with otp and email opens the verification dialog; a backdrop click closes it and cleans the URL', async ({
    page,
  }) => {
    await page.goto('/?otp=123456&email=someone%40example.com&pg=verify-email&lang=en');
    const dialog = page.getByRole('dialog', { name: 'Verify Email' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Digit 6 of 6' })).toHaveValue('6');
    await page.mouse.click(5, 5);
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/\?lang=en$/);
  });
});
