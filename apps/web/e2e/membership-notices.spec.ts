import { expect, test, type Page, type Route, keepScreenshot } from './fixtures.ts';
import { loginFromHome, verifiedIdentity } from './auth-support.ts';
import { appTranslator } from './app-messages.ts';
import { expectAccessible } from './shop-support.ts';

/**
 * Issue 31, shopping spec §8 "Membership": where the tier is shown (the user menu), a profile that
 * cannot be had says why, in the page's language: a pause after a failure, the failure itself
 * (with 'Failed to fetch user profile' when the server gave no message), an answer without a
 * membership, an answer the app cannot read.
 */

test.use({ viewport: { width: 390, height: 844 } });

const PROFILE = '**/api/v1/users/profile';
/** Shopping spec §9: the profile is not fetched again for 15 s after an error. */
const PAUSE_MS = 15_000;

/** Opens the menu afresh (opening it reloads the membership) and gives its header. */
async function reopenMenu(page: Page) {
  const button = page.locator('.user-menu__button');
  if ((await button.getAttribute('aria-expanded')) === 'true') await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  return page.locator('.user-menu__header');
}

for (const language of ['en', 'my'] as const) {
  test(`the user menu says why no tier is shown (${language})`, async ({ page, request }) => {
    const t = appTranslator(language);
    const person = await verifiedIdentity(request);
    await page.clock.install();
    await loginFromHome(page, person);
    await expect(page.locator('.user-menu__button')).toHaveAccessibleName(
      `Account menu for ${person.name}`,
    );

    // The server fails (no message of its own): the page starts with the user kept on the device.
    let answer: (route: Route) => Promise<void> = (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
    await page.route(PROFILE, (route) => answer(route));
    await page.goto(language === 'my' ? '/?lang=my' : '/');

    // Within 15 s of that failure the menu does not call again: it says so.
    const header = await reopenMenu(page);
    const notice = header.getByTestId('membership-notice');
    await expect(notice).toHaveRole('status');
    await expect(notice).toHaveText(t('auth.menu.membership.paused'));
    await expect(header.getByTestId('membership')).toHaveCount(0);
    await keepScreenshot(page, { path: `/tmp/pw-d/membership-paused-${language}.png` });

    // After the pause it calls again, and tells the failure.
    await page.clock.fastForward(PAUSE_MS);
    await reopenMenu(page);
    await expect(notice).toHaveRole('alert');
    await expect(notice).toHaveText(
      t('auth.menu.membership.fetchFailed') + t('auth.menu.membership.profileFailed'),
    );
    await keepScreenshot(page, { path: `/tmp/pw-d/membership-failed-${language}.png` });
    await expectAccessible(page, '.user-menu');

    // An answer the app cannot read.
    answer = (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true}' });
    await page.clock.fastForward(PAUSE_MS);
    await reopenMenu(page);
    await expect(notice).toHaveText(t('auth.menu.membership.loadFailed'));

    // A profile without a membership.
    answer = async (route) => {
      const real = await route.fetch();
      const body = (await real.json()) as Record<string, unknown>;
      await route.fulfill({ response: real, json: { ...body, membership: null } });
    };
    await page.clock.fastForward(PAUSE_MS);
    await reopenMenu(page);
    await expect(notice).toHaveRole('status');
    await expect(notice).toHaveText(t('auth.menu.membership.unavailable'));
    await keepScreenshot(page, { path: `/tmp/pw-d/membership-unavailable-${language}.png` });
    await expectAccessible(page, '.user-menu');

    // The server answers again: the tier is back and the notice gone.
    await page.unroute(PROFILE);
    await page.clock.fastForward(31_000);
    await reopenMenu(page);
    await expect(header.getByTestId('membership')).toBeVisible();
    await expect(notice).toHaveCount(0);
  });
}
