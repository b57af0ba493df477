import { expect, test, keepScreenshot } from './fixtures.ts';
import {
  apiSession,
  expectAccessible,
  paidOrder,
  productId,
  signedInCustomer,
} from './shop-support.ts';

/**
 * Issue 31, saved recipients ("a family abroad"), on a phone: from the Account tab to the saved
 * numbers; add Mum's number (the operator found from it, a usual product chosen); her last paid
 * top-up comes back as "Top up again", which fills the cart for her number in one tap; "Choose a
 * product" opens the top-ups with her number typed in; edit, delete. Then the page in Burmese.
 * Axe on the page and each dialog.
 */
test.use({ viewport: { width: 390, height: 844 } });

test(
  'save Mum’s number, top her up again in one tap, edit and delete it',
  { tag: '@mobile-only' },
  async ({ page, request }) => {
    test.setTimeout(180_000);
    const shot = (name: string) => keepScreenshot(page, { path: `/tmp/saved-numbers/${name}.png` });
    const person = await signedInCustomer(page, request);
    // Mum's last top-up: MPT 1,000 Ks × 2, bought and paid (through the API, as on another day).
    const mum = `0925${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}1`.slice(
      0,
      11,
    );
    const customer = await apiSession(request, person);
    const topUp1000 = await productId(request, 'mobile-topup', 'MPT Top-up 1,000 Ks');
    await paidOrder(
      request,
      customer,
      [{ productId: topUp1000, quantity: 2, phoneNumber: mum }],
      'completed',
    );

    // The Account tab leads to the saved numbers; none yet.
    await page.getByTestId('bottom-tab-bar').getByRole('link', { name: 'Account' }).click();
    await page.getByTestId('saved-numbers-link').click();
    await expect(page).toHaveURL(/\/recipients$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Saved numbers' })).toBeVisible();
    await expect(page.getByTestId('recipients-empty')).toBeVisible();
    await expect(page.getByTestId('recipient-count')).toHaveText('0 of 20 numbers saved');
    await expectAccessible(page);
    await shot('1-empty');

    // Add: a name is needed; the operator comes from the number; the usual product is MPT's.
    await page.getByTestId('recipient-add').click();
    const form = page.getByRole('dialog', { name: 'Add a number' });
    await form.getByTestId('recipient-phone').fill(mum);
    await expect(form.getByTestId('recipient-operator')).toHaveValue('MPT');
    await form.getByTestId('recipient-save').click();
    await expect(form.getByText('Enter a name for this number').last()).toBeVisible();
    await form.getByTestId('recipient-name').fill('Mum');
    await expect(
      form.getByTestId('recipient-usual').locator('option', { hasText: 'MPT Top-up 3,000 Ks' }),
    ).toBeAttached();
    await form
      .getByTestId('recipient-usual')
      .selectOption({ label: 'MPT Top-up 3,000 Ks · 3,000 Ks' });
    await expectAccessible(page, '[role="dialog"]');
    await shot('2-add-dialog');
    await form.getByTestId('recipient-save').click();
    await expect(form).toBeHidden();

    const card = page.getByTestId('recipient-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading', { name: 'Mum' })).toBeVisible();
    await expect(card).toContainText('MPT');
    await expect(card.getByTestId('recipient-usual')).toHaveText(
      'Usual: MPT Top-up 3,000 Ks · 3,000 Ks',
    );
    await expect(card.getByTestId('recipient-last')).toContainText('MPT Top-up 1,000 Ks × 2');
    await expect(page.getByTestId('recipient-count')).toHaveText('1 of 20 numbers saved');
    await expectAccessible(page);
    await shot('3-saved');

    // The same number again is refused, with the server's words, and nothing is added.
    await page.getByTestId('recipient-add').click();
    const again = page.getByRole('dialog', { name: 'Add a number' });
    await again.getByTestId('recipient-name').fill('Mum again');
    await again.getByTestId('recipient-phone').fill(mum);
    await again.getByTestId('recipient-save').click();
    await expect(again.getByTestId('recipient-form-error')).toHaveText(
      'This number is already saved',
    );
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect(card).toHaveCount(1);

    // Top up again: MPT 1,000 Ks × 2 for Mum's number, in the cart that opens (empty before:
    // the paid order took its lines).
    await page.reload();
    await expect(card).toHaveCount(1);
    await expect(page.getByTestId('cart-badge')).toBeHidden();
    await card.getByTestId('recipient-top-up-again').click();
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('cart-phone-input')).toHaveValue(mum);
    await expect(drawer).toContainText('MPT Top-up 1,000 Ks');
    await expect(page.getByTestId('cart-badge')).toHaveText('2');
    await shot('4-top-up-again');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // When buying: the listing offers the saved numbers under its number field; a tap types
    // Mum's in and shows her operator's products.
    await page.goto('/product/data-package');
    await page.getByTestId('listing-phone-input').fill('09970000001');
    const chips = page.getByTestId('saved-number-chips');
    await chips.getByRole('button', { name: /^Mum · / }).click();
    await expect(page.getByTestId('listing-phone-input')).toHaveValue(mum);
    await expect(page).toHaveURL(/operator=MPT/);
    await expectAccessible(page, '.listing__phone');
    await shot('4b-listing-chips');
    await page.goto('/recipients');

    // Choose a product: the top-ups, MPT's, with her number typed in.
    await card.getByTestId('recipient-choose').click();
    await expect(page).toHaveURL(/\/product\/mobile-topup\?operator=MPT/);
    await expect(page.getByTestId('listing-phone-input')).toHaveValue(mum);
    await page.goBack();

    // Edit: the number moved to Ooredoo; the MPT usual product goes with the old operator.
    await card.getByTestId('recipient-edit').click();
    const edit = page.getByRole('dialog', { name: 'Edit a saved number' });
    await expect(edit.getByTestId('recipient-name')).toHaveValue('Mum');
    await edit.getByTestId('recipient-operator').selectOption('OOREDOO');
    await expect(edit.getByTestId('recipient-usual')).toHaveValue('');
    await edit.getByTestId('recipient-save').click();
    await expect(edit).toBeHidden();
    await expect(card.locator('[data-operator="OOREDOO"]')).toBeVisible();
    await expect(card.getByTestId('recipient-usual')).toHaveCount(0);

    // Delete: asked first, "Keep it" focused; then gone.
    await card.getByTestId('recipient-delete').click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this saved number?' });
    await expect(confirm.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await expectAccessible(page, '[role="alertdialog"]');
    await shot('5-delete');
    await confirm.getByTestId('recipient-delete-yes').click();
    await expect(page.getByTestId('recipients-empty')).toBeVisible();
  },
);

test(
  'the saved numbers in Burmese: Burmese words and digits, the number as dialled',
  { tag: '@mobile-only' },
  async ({ page, request }) => {
    const person = await signedInCustomer(page, request);
    const customer = await apiSession(request, person, 'my');
    const topUp1000 = await productId(request, 'mobile-topup', 'MPT Top-up 1,000 Ks');
    const saved = await request.post('/api/v1/recipients', {
      headers: customer,
      data: { name: 'အမေ', phoneNumber: '09250123451', usualProductId: topUp1000 },
    });
    expect(saved.status(), await saved.text()).toBe(201);

    await page.goto('/recipients?lang=my');
    const card = page.getByTestId('recipient-card');
    await expect(card.getByRole('heading', { name: 'အမေ' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('သိမ်းထားသော နံပါတ်များ');
    await expect(page.getByTestId('recipient-count')).toHaveText('နံပါတ် ၂၀ ခုအနက် ၁ ခု သိမ်းထားသည်');
    await expect(card.getByTestId('recipient-usual')).toHaveText(
      'ပုံမှန်ဝယ်သည့်ပစ္စည်း — MPT ဖုန်းငွေဖြည့် ၁,၀၀၀ ကျပ် · ၁,၀၀၀ ကျပ်',
    );
    // The page's words are Burmese; the only Latin letters are the brand (MPT), and the Latin
    // digits only the number as it is dialled.
    const text = await page.locator('main').innerText();
    expect(text.replace(/MPT/g, '').replace('09 250 123 451', '')).not.toMatch(/[A-Za-z0-9]/);
    await expectAccessible(page);
    await keepScreenshot(page, { path: '/tmp/saved-numbers/6-burmese.png' });
  },
);
