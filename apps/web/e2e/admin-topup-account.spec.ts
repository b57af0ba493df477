import { openAdminPage, signInToBackOffice } from './admin-support.ts';
import { expect, test } from './fixtures.ts';
import { expectAccessible } from './shop-support.ts';

/**
 * Issue 28 / ADR 0064: the aggregator's account in the back-office. The browser tests run the
 * simulator (TOPUP_PROVIDER's default), which keeps no balance, catalogue or report: each page
 * says so, and each is accessible (axe). The Reloadly figures are proven by the server tests
 * against the stand-in (topup-account/*.test.ts).
 */
test("the aggregator's balance, catalogue and reconciliation pages say what the simulator keeps", async ({
  page,
}) => {
  await signInToBackOffice(page);
  const balance = page.getByTestId('topup-balance');
  await expect(balance.getByRole('heading', { name: 'Top-up balance' })).toBeVisible();
  await expect(balance).toContainText('The simulator top-up provider keeps no balance.');
  await expectAccessible(page);

  await openAdminPage(page, 'Aggregator catalogue');
  await expect(page.getByText('The simulator top-up provider has no catalogue')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Top-up reconciliation', exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Top-up reconciliation' }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('has no transaction report to compare');
  await expectAccessible(page);
});
