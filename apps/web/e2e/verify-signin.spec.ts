import fs from 'node:fs';
import { appTranslator } from './app-messages.ts';
import { expect, test, type Page, keepScreenshot } from './fixtures.ts';
import {
  newIdentity,
  readCode,
  readMessages,
  registerUnverified,
  verifiedIdentity,
} from './auth-support.ts';
import { expectAccessible } from './shop-support.ts';

/**
 * Issue 26, "sign-in before paying": the verify pages say "we sent a code" only when the send went
 * out, else the real reason (here a real refusal: the sign-up's code went to the address less than
 * a minute ago) with a way to get a new code; the right code then signs the person in with the
 * password just typed, by e-mail or by phone, without asking for them again.
 */
const translator = appTranslator;

/** A message with its PHONE placeholder matching any number. */
const pattern = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('PHONE', '.+')}$`);

const SHOTS = '/tmp/shots-signin';
fs.mkdirSync(SHOTS, { recursive: true });
/** The server's cooldown refusal (contracts authTextWith.otpCooldown), seconds left unknown. */
const cooldown = {
  en: /^Please wait \d+ seconds before requesting a new code\.$/,
  my: /^ကုဒ်အသစ် မတောင်းဆိုမီ [၀-၉]+ စက္ကန့် စောင့်ပါ။$/,
};

async function openLogin(page: Page, t: ReturnType<typeof translator>) {
  await page
    .getByRole('button', { name: t('auth.menu.labelFor', { name: t('auth.menu.guest') }) })
    .click();
  await page.getByRole('menuitem', { name: t('auth.menu.login') }).click();
  const dialog = page.getByRole('dialog', { name: t('auth.login.title') });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function typeCode(page: Page, code: string) {
  await page.locator('.auth-card input').first().click();
  await page.keyboard.type(code);
}

for (const language of ['en', 'my'] as const) {
  const t = translator(language);

  test(`a refused send is told as such on /verify-email; the right code signs in (${language})`, async ({
    page,
    request,
  }, testInfo) => {
    const person = newIdentity();
    await registerUnverified(request, person);

    await page.goto(`/?lang=${language}`);
    const login = await openLogin(page, t);
    await login.getByRole('radio', { name: t('auth.login.emailTab') }).click();
    await login.getByLabel(t('auth.login.emailLabel')).fill(person.email);
    await login.getByLabel(t('auth.login.passwordLabel'), { exact: true }).fill(person.password);
    await login.getByRole('button', { name: t('auth.login.submit'), exact: true }).click();

    await expect(page).toHaveURL(/\/verify-email\?email=/);
    const card = page.locator('.auth-card');
    // The send was refused (the sign-up's code went less than a minute ago): the page says so.
    await expect(card.getByRole('alert')).toHaveText(cooldown[language]);
    await expect(
      card.getByText(t('auth.verifyEmail.introNotSent', { email: person.email })),
    ).toBeVisible();
    await expect(card.getByText(t('auth.verifyEmail.intro', { email: person.email }))).toHaveCount(
      0,
    );
    await expect(card.getByText(t('auth.otp.expiresIn', { time: '' }).trim())).toHaveCount(0);
    await expect(card.getByRole('button', { name: t('auth.otp.getNewCode') })).toBeEnabled();
    expect(readMessages(person.email)).toHaveLength(1);
    await expectAccessible(page, '.auth-card');
    await keepScreenshot(page, {
      path: `${SHOTS}/verify-email-refused-${testInfo.project.name}-${language}.png`,
    });

    // The sign-up's code is still good: it proves the address and signs in, no second login.
    await typeCode(page, await readCode(person.email));
    await card.getByRole('button', { name: t('auth.verifyEmail.submit') }).click();
    await expect(
      page.getByRole('button', { name: t('auth.menu.labelFor', { name: person.name }) }),
    ).toBeVisible();
    await expect(page.getByRole('dialog', { name: t('auth.login.title') })).toHaveCount(0);
    await expect(page).toHaveURL(/\/(\?lang=\w+)?$/);
  });

  test(`verifying the phone signs in without typing the number and password again (${language})`, async ({
    page,
    request,
  }, testInfo) => {
    const person = await verifiedIdentity(request);
    await page.goto(`/?lang=${language}`);
    const login = await openLogin(page, t);
    await login.getByLabel(t('auth.login.phoneLabel')).fill(person.local);
    await login.getByLabel(t('auth.login.passwordLabel'), { exact: true }).fill(person.password);
    await login.getByRole('button', { name: t('auth.login.submit'), exact: true }).click();
    await login.getByRole('button', { name: t('auth.login.sendPhoneCode') }).click();

    await expect(page).toHaveURL(`/verify-phone?phone=${person.international}`);
    const card = page.locator('.auth-card');
    // This send went out: the page says so, and shows no refusal.
    await expect(card.locator('.auth-form__intro')).toHaveText(
      pattern(t('auth.verifyPhone.intro', { phone: 'PHONE' })),
    );
    await expect(card.getByRole('alert')).toHaveCount(0);
    await expectAccessible(page, '.auth-card');
    await keepScreenshot(page, {
      path: `${SHOTS}/verify-phone-${testInfo.project.name}-${language}.png`,
    });
    await typeCode(page, await readCode(person.international));
    await card.getByRole('button', { name: t('auth.verifyPhone.submit') }).click();

    await expect(page.getByText(t('auth.verifyPhone.success'))).toBeVisible();
    await expect(
      page.getByRole('button', { name: t('auth.menu.labelFor', { name: person.name }) }),
    ).toBeVisible();
    await expect(page.getByRole('dialog', { name: t('auth.login.title') })).toHaveCount(0);
    await keepScreenshot(page, {
      path: `${SHOTS}/verify-phone-signed-in-${testInfo.project.name}-${language}.png`,
    });
  });
}
