import { expect, test, keepScreenshot } from './fixtures.ts';
import { verifiedIdentity } from './auth-support.ts';
import {
  addToCart,
  apiSession,
  expectAccessible,
  productId,
  signInFromHome,
} from './shop-support.ts';

/**
 * Cards are not hoarded by unpaid orders (issue 25, ADR 0043): a checkout that would hold more than
 * 20 cards for one account is refused before any payment, and the buyer is told why and what to
 * do, in English and Burmese (Burmese digits). Screenshots go to /tmp/card-holds/.
 */

const EPINS = ['MPT', 'ATOM', 'MyTel', 'MEC', 'Ooredoo'].map((op) => `${op} E-PIN 5,000 Ks`);

const texts = {
  en: {
    refused:
      'You can hold at most 20 cards in unpaid orders; this checkout would make 25. Lower the quantities, or pay or cancel an open order first.',
  },
  my: {
    refused:
      'ငွေမပေးရသေးသော အော်ဒါများတွင် ကတ် အများဆုံး ၂၀ ကတ်သာ ထားနိုင်ပါသည်၊ ဤငွေရှင်းမှုဖြင့် ၂၅ ကတ် ဖြစ်သွားပါမည်။ အရေအတွက်ကို လျှော့ပါ၊ သို့မဟုတ် ဖွင့်ထားသော အော်ဒါကို ဦးစွာ ငွေပေးချေပါ သို့မဟုတ် ပယ်ဖျက်ပါ။',
  },
} as const;

for (const lang of ['en', 'my'] as const) {
  test(
    `a checkout of 25 cards is refused with the limit and what to do (${lang})`,
    { tag: '@mobile-only' },
    async ({ page, request }) => {
      test.setTimeout(150_000);
      const person = await verifiedIdentity(request);
      // 5 of each of five E-PINs: within each product's share, over the account's 20.
      const headers = await apiSession(request, person);
      for (const name of EPINS) {
        const id = await productId(request, 'local-epins', name);
        await addToCart(request, headers, { productId: id, quantity: 5 });
      }

      await signInFromHome(page, person);
      await page.goto(`/product/local-epins?lang=${lang}`);
      await page.getByTestId('cart-button').click();
      await page.getByTestId('cart-checkout').click();
      await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(texts[lang].refused);
      await expect(page.getByTestId('payment-qr')).toHaveCount(0);
      await keepScreenshot(page, { path: `/tmp/card-holds/checkout-refused-${lang}.png` });
      await expectAccessible(page, '[role="dialog"]');
    },
  );
}
