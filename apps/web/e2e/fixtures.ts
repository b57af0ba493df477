import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

/**
 * A page the server rendered shows its content before the app has taken it over (hydration);
 * a person does not type that fast, a test does. After every load, when the page was server
 * rendered and JavaScript is on, wait for the app (<html data-page-ready>, src/app/router.tsx).
 */
async function waitForApp(page: Page) {
  const html = page.locator('html');
  if ((await html.getAttribute('data-server-language')) === null) return;
  await page.locator('html[data-page-ready]').waitFor({ state: 'attached' });
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await waitForApp(page);
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await waitForApp(page);
        return response;
      };
    }
    await use(page);
  },
});
