import type { LocalizedText } from '@shop/contracts/i18n';
import { formatNumber, localDigits } from '@shop/contracts/languages';
import { formatKyat } from '@shop/contracts/money';
import { cardLabels } from '@shop/contracts/order-messages';
import { cardExpiryDate, isCardKind } from '@shop/contracts/orders';
import { isOperatorCode, shownRecipientNumber, topUpToText } from '@shop/contracts/phone';
import type { EmailMessage } from '../../platform/messaging.ts';
import type { OrderItemRow, OrderRow } from '../orders/orders.service.ts';
import type { DeliveredCard } from './fulfilment.repo.ts';

const text = {
  subject: {
    en: 'Your codes for order {order}',
    my: 'အော်ဒါ {order} အတွက် သင့်ကုဒ်များ',
  },
  intro: {
    en: 'Thank you for your purchase. Here are the codes of order {order}.',
    my: 'ဝယ်ယူအားပေးမှုအတွက် ကျေးဇူးတင်ပါသည်။ အော်ဒါ {order} ၏ ကုဒ်များမှာ အောက်ပါအတိုင်း ဖြစ်ပါသည်။',
  },
  ...cardLabels,
  howToRedeem: { en: 'How to redeem', my: 'အသုံးပြုနည်း' },
  failed: {
    en: '{item}: could not be delivered and will be refunded.',
    my: '{item}: မပို့ဆောင်နိုင်ပါ၊ ငွေပြန်အမ်းပေးပါမည်။',
  },
  keepSecret: {
    en: 'Keep these PINs private: anyone who has a PIN can use it.',
    my: 'ဤ PIN များကို လျှို့ဝှက်ထားပါ။ PIN ရှိသူမည်သူမဆို အသုံးပြုနိုင်ပါသည်။',
  },
  viewOrder: { en: 'Your order: {url}', my: 'သင့်အော်ဒါ- {url}' },
  promo: {
    en: 'Promo code {code}: {amount} off. Total paid: {total}.',
    my: 'ပရိုမိုကုဒ် {code} ဖြင့် {amount} လျှော့ပေးထားပါသည်။ ပေးချေခဲ့သည့် စုစုပေါင်း- {total}။',
  },
} satisfies Record<string, LocalizedText>;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The codes email (terms: "digital codes are delivered to the email given at checkout"), in the
 * language of the checkout. PINs are written here and on the order page only, never in logs.
 */
export function orderCodesEmail(input: {
  order: OrderRow;
  items: OrderItemRow[];
  cardsByItem: Map<string, DeliveredCard[]>;
  instructions: Map<string, LocalizedText | null>;
  orderUrl: string;
}): Omit<EmailMessage, 'to'> {
  const lang = input.order.language;
  const t = (key: keyof typeof text) => text[key][lang];
  const fill = (value: string, vars: Record<string, string>) =>
    value.replace(/\{(\w+)\}/g, (_, name: string) => vars[name] ?? '');
  const orderNumber = input.order.orderNumber;
  const lines: string[] = [fill(t('intro'), { order: orderNumber }), ''];
  const html: string[] = [`<p>${escapeHtml(fill(t('intro'), { order: orderNumber }))}</p>`];
  // Issue 17: the promo code's discount, in the checkout's language and its digits.
  if (input.order.promoCode) {
    const promo = fill(t('promo'), {
      code: input.order.promoCode,
      amount: formatKyat(input.order.promoDiscountMmk, lang),
      total: formatKyat(input.order.totalMmk, lang),
    });
    lines.push(promo, '');
    html.push(`<p>${escapeHtml(promo)}</p>`);
  }
  for (const item of input.items) {
    // "× ၁" in a Burmese e-mail: one numeral system per language (issue 26).
    const name = `${item.name[lang]} × ${formatNumber(item.quantity, lang)}`;
    if (!isCardKind(item.kind)) {
      // Top-ups and data: where each went, "Top-up to 09 421 234 567 (MPT)" (issue 12).
      // A request's number is the requester's: the payer reads it masked (ADR 0080).
      const shown = shownRecipientNumber(item);
      if (!shown) continue;
      const recipient = topUpToText(
        shown,
        isOperatorCode(item.operatorCode) ? item.operatorCode : null,
        lang,
      );
      lines.push(name, `  ${recipient}`);
      html.push(`<h3>${escapeHtml(name)}</h3>`, `<p>${escapeHtml(recipient)}</p>`);
      if (item.status !== 'delivered') {
        const line = fill(t('failed'), { item: name });
        lines.push(`  ${line}`);
        html.push(`<p>${escapeHtml(line)}</p>`);
      }
      lines.push('');
      continue;
    }
    if (item.status !== 'delivered') {
      const line = fill(t('failed'), { item: name });
      lines.push(line, '');
      html.push(`<p>${escapeHtml(line)}</p>`);
      continue;
    }
    lines.push(name);
    html.push(`<h3>${escapeHtml(name)}</h3><ul>`);
    for (const { card, pin } of input.cardsByItem.get(item.id) ?? []) {
      // The date in the e-mail's digits, as the PDF writes it (one numeral system per language).
      const expires = card.expiresAt
        ? localDigits(cardExpiryDate(card.expiresAt), lang)
        : t('noExpiry');
      const row = `${t('serial')}: ${card.serial}  ${t('pin')}: ${pin ?? ''}  ${t('expires')}: ${expires}`;
      lines.push(`  ${row}`);
      html.push(
        `<li>${escapeHtml(t('serial'))}: ${escapeHtml(card.serial)} — <strong>${escapeHtml(t('pin'))}: ${escapeHtml(pin ?? '')}</strong> — ${escapeHtml(t('expires'))}: ${escapeHtml(expires)}</li>`,
      );
    }
    html.push('</ul>');
    const howTo = input.instructions.get(item.productId)?.[lang];
    if (howTo) {
      lines.push(`  ${t('howToRedeem')}: ${howTo}`);
      html.push(`<p>${escapeHtml(t('howToRedeem'))}: ${escapeHtml(howTo)}</p>`);
    }
    lines.push('');
  }
  lines.push(t('keepSecret'), fill(t('viewOrder'), { url: input.orderUrl }));
  html.push(
    `<p>${escapeHtml(t('keepSecret'))}</p>`,
    `<p><a href="${escapeHtml(input.orderUrl)}">${escapeHtml(fill(t('viewOrder'), { url: input.orderUrl }))}</a></p>`,
  );
  return {
    subject: fill(t('subject'), { order: orderNumber }),
    text: lines.join('\n'),
    html: html.join('\n'),
  };
}
