import fs from 'node:fs';
import { expect, test, type Page, keepScreenshot } from './fixtures.ts';
import { newIdentity, readCode } from './auth-support.ts';
import { expectAccessible, productCard } from './shop-support.ts';

/**
 * Issue 12 "Fewer steps, no dead ends" and "One way to write a form" (ADR 0018), in Burmese at
 * 390 px: OTP boxes retyped and pasted, a too-common password answered once in Burmese, and a
 * sign-up from the checkout that verifies its e-mail, is signed in and lands back in the checkout.
 */

const dir = 'test-results/screens';

test.use({ viewport: { width: 390, height: 844 } });
// Sign-up, code and checkout on a shared 2-core machine take longer than the default 30 s.
test.describe.configure({ timeout: 90_000 });

const boxValues = (page: Page) =>
  page
    .locator('.ui-otp__box')
    .evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value));

test(
  'OTP boxes: 000, then 330891 from the first box, gives 330891; a pasted code fills every box',
  // One phone-sized run is enough.
  { tag: '@mobile-only' },
  async ({ page }) => {
    await page.goto('/verify-email?email=someone%40example.com&lang=my');
    await expect(page.locator('.ui-otp__box')).toHaveCount(6);
    await page.locator('.ui-otp__box').nth(0).click();
    await page.keyboard.type('000');
    await expect.poll(() => boxValues(page)).toEqual(['0', '0', '0', '', '', '']);
    await page.locator('.ui-otp__box').nth(0).click();
    await page.keyboard.type('330891');
    await expect.poll(() => boxValues(page)).toEqual(['3', '3', '0', '8', '9', '1']);

    // Backspace clears the last box; a whole code pasted into the fourth box fills all six.
    await page.keyboard.press('Backspace');
    await expect.poll(() => boxValues(page)).toEqual(['3', '3', '0', '8', '9', '']);
    await page
      .locator('.ui-otp__box')
      .nth(3)
      .evaluate((box) => {
        const data = new DataTransfer();
        data.setData('text/plain', '123 456');
        box.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
      });
    await expect.poll(() => boxValues(page)).toEqual(['1', '2', '3', '4', '5', '6']);
    await expect(page.locator('.ui-otp__box').nth(5)).toBeFocused();
    await expectAccessible(page, 'main');
    fs.mkdirSync(dir, { recursive: true });
    await keepScreenshot(page, { path: `${dir}/forms-otp-my-390.png` });
  },
);

test(
  'Burmese sign-up with a too-common password: the rules before, the Burmese message once after',
  // One phone-sized run is enough.
  { tag: '@mobile-only' },
  async ({ page }) => {
    const person = newIdentity();
    await page.goto('/?lang=my');
    await page.getByRole('button', { name: 'အကောင့်မီနူး' }).click();
    await page.getByRole('menuitem', { name: 'အကောင့်ဖွင့်မည်' }).click();
    const dialog = page.getByRole('dialog', { name: 'အကောင့်ဖွင့်ရန်' });
    await dialog.getByLabel('အမည်အပြည့်အစုံ').fill(person.name);
    await dialog.getByLabel('အီးမေးလ်လိပ်စာ').fill(person.email);
    // A Burmese page's own rules are Burmese too (the contract's schema, translated).
    await dialog.getByLabel('ဖုန်းနံပါတ်').fill('0925000000');
    await dialog.getByRole('button', { name: 'ဆက်လုပ်မည်' }).click();
    await expect(dialog.locator('.ui-field__error')).toHaveText('MPT နံပါတ်များသည် ဂဏန်း ၁၁ လုံး ရှိရပါမည်');
    await dialog.getByLabel('ဖုန်းနံပါတ်').fill(person.local);
    await dialog.getByRole('button', { name: 'ဆက်လုပ်မည်' }).click();

    // Step 2: the password rules show before anything is submitted.
    const password = dialog.getByLabel('စကားဝှက်', { exact: true });
    await expect(password).toBeVisible();
    await expect(dialog.getByText(/^အနည်းဆုံး စာလုံး ၈ လုံး ရှိရပါမည်။/)).toBeVisible();
    await expectAccessible(page, '[role="dialog"]');
    await password.fill('iloveyou');
    await dialog.getByLabel('စကားဝှက်ကို ထပ်မံအတည်ပြုပါ').fill('iloveyou');
    await dialog.getByRole('button', { name: 'အကောင့်ဖွင့်မည်' }).click();

    const message =
      'ဤစကားဝှက်သည် အလွန်အသုံးများပြီး ပေါက်ကြားဖူးသော စကားဝှက်ဖြစ်ပါသည်။ အခြားစကားဝှက်တစ်ခုကို ရွေးချယ်ပါ။';
    await expect(dialog.getByRole('alert')).toHaveText(message);
    // Once: no toast, no second copy anywhere on the page.
    await expect(page.getByText(message)).toHaveCount(1);
    await expect(page.getByTestId('toast-error')).toHaveCount(0);
    // No English inside the Burmese dialog (typed values are not text).
    expect(await dialog.innerText()).not.toMatch(/[A-Za-z]/);
    await expectAccessible(page, '[role="dialog"]');
    fs.mkdirSync(dir, { recursive: true });
    await keepScreenshot(page, { path: `${dir}/forms-too-common-my-390.png` });
  },
);

test(
  'sign-up from the checkout: verify the e-mailed code, signed in, back in the checkout',
  // One phone-sized run is enough.
  { tag: '@mobile-only' },
  async ({ page }) => {
    const person = newIdentity();
    // A product no other test buys or holds: tests share one server's card stock. Ooredoo's
    // alone, so it is on the first page (12 a page, by price: 5,000 Ks ties with four others).
    await page.goto('/product/local-epins?lang=my&operator=OOREDOO');
    await productCard(page, /^Ooredoo E-PIN ၅,၀၀၀ ကျပ်တန်$/)
      .getByTestId('add-to-cart')
      .click();
    await expect(page.getByTestId('cart-badge')).toHaveText(/၁|1/);
    await page.getByTestId('cart-button').click();
    await page.getByTestId('cart-checkout').click();

    const required = page.getByRole('dialog', { name: 'အကောင့်ဝင်ရန် လိုအပ်ပါသည်' });
    await required.getByRole('button', { name: 'စာရင်းသွင်းရန်' }).click();
    const dialog = page.getByRole('dialog', { name: 'အကောင့်ဖွင့်ရန်' });
    await dialog.getByLabel('အမည်အပြည့်အစုံ').fill(person.name);
    await dialog.getByLabel('အီးမေးလ်လိပ်စာ').fill(person.email);
    await dialog.getByLabel('ဖုန်းနံပါတ်').fill(person.local);
    await dialog.getByRole('button', { name: 'ဆက်လုပ်မည်' }).click();
    await dialog.getByLabel('စကားဝှက်', { exact: true }).fill(person.password);
    await dialog.getByLabel('စကားဝှက်ကို ထပ်မံအတည်ပြုပါ').fill(person.password);
    await dialog.getByRole('button', { name: 'အကောင့်ဖွင့်မည်' }).click();

    const code = await readCode(person.email);
    await dialog.locator('.ui-otp__box').nth(0).click();
    await page.keyboard.type(code);
    await expectAccessible(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'အတည်ပြုမည်', exact: true }).click();

    // Signed in, and straight back into the checkout the customer started.
    await expect(page.getByRole('dialog', { name: 'ငွေရှင်းရန်' })).toBeVisible();
    await expect(page.getByTestId('checkout-pay')).toBeVisible();
    await expect(page.getByRole('button', { name: `${person.name} ၏ အကောင့်မီနူး` })).toBeAttached();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^[\w-]+\./);
    await expectAccessible(page, '[role="dialog"]');
    fs.mkdirSync(dir, { recursive: true });
    await keepScreenshot(page, { path: `${dir}/forms-resumed-checkout-my-390.png` });
  },
);
