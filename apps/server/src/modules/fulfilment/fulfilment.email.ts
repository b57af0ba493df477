import type { LocalizedText } from '@shop/contracts/i18n';
import { formatNumber, localDigits, type Language } from '@shop/contracts/languages';
import { formatKyat } from '@shop/contracts/money';
import { cardLabels } from '@shop/contracts/order-messages';
import { cardExpiryDate, isCardKind } from '@shop/contracts/orders';
import { isOperatorCode, shownRecipientNumber, topUpToText } from '@shop/contracts/phone';
import type { EmailMessage } from '../../platform/messaging.ts';
import type { OrderItemRow, OrderRow } from '../orders/orders.service.ts';
import type { DeliveredCard } from './fulfilment.repo.ts';
import { escapeHtml, fill } from '../../platform/email-text.ts';

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

/** The e-mail as it is written: its plain-text lines and its HTML, side by side. */
interface Mail {
  lines: string[];
  html: string[];
  t: (key: keyof typeof text) => string;
  lang: Language;
}

/** A paragraph of its own: a blank line after it in the text. */
function paragraph(mail: Mail, value: string) {
  mail.lines.push(value, '');
  mail.html.push(`<p>${escapeHtml(value)}</p>`);
}

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
  const { order } = input;
  const lang = order.language;
  const mail: Mail = { lines: [], html: [], t: (key) => text[key][lang], lang };
  const { t } = mail;
  paragraph(mail, fill(t('intro'), { order: order.orderNumber }));
  // Issue 17: the promo code's discount, in the checkout's language and its digits.
  if (order.promoCode) {
    paragraph(
      mail,
      fill(t('promo'), {
        code: order.promoCode,
        amount: formatKyat(order.promoDiscountMmk, lang),
        total: formatKyat(order.totalMmk, lang),
      }),
    );
  }
  for (const item of input.items) {
    if (!isCardKind(item.kind)) writeTopUp(mail, item);
    else if (item.status !== 'delivered') paragraph(mail, failedLine(mail, item));
    else {
      const cards = input.cardsByItem.get(item.id) ?? [];
      writeCards(mail, item, cards, input.instructions.get(item.productId)?.[lang]);
    }
  }
  const viewOrder = fill(t('viewOrder'), { url: input.orderUrl });
  mail.lines.push(t('keepSecret'), viewOrder);
  mail.html.push(
    `<p>${escapeHtml(t('keepSecret'))}</p>`,
    `<p><a href="${escapeHtml(input.orderUrl)}">${escapeHtml(viewOrder)}</a></p>`,
  );
  return {
    subject: fill(t('subject'), { order: order.orderNumber }),
    text: mail.lines.join('\n'),
    html: mail.html.join('\n'),
  };
}

/** A line's name and quantity: "× ၁" in a Burmese e-mail, one numeral system (issue 26). */
const lineName = (mail: Mail, item: OrderItemRow) =>
  `${item.name[mail.lang]} × ${formatNumber(item.quantity, mail.lang)}`;

const failedLine = (mail: Mail, item: OrderItemRow) =>
  fill(mail.t('failed'), { item: lineName(mail, item) });

/**
 * Top-ups and data: where each went, "Top-up to 09 421 234 567 (MPT)" (issue 12), and whether it
 * failed. A request's number is the requester's: the payer reads it masked (ADR 0080).
 */
function writeTopUp(mail: Mail, item: OrderItemRow) {
  const shown = shownRecipientNumber(item);
  if (!shown) return;
  const name = lineName(mail, item);
  const operator = isOperatorCode(item.operatorCode) ? item.operatorCode : null;
  const recipient = topUpToText(shown, operator, mail.lang);
  mail.lines.push(name, `  ${recipient}`);
  mail.html.push(`<h3>${escapeHtml(name)}</h3>`, `<p>${escapeHtml(recipient)}</p>`);
  if (item.status !== 'delivered') {
    const line = failedLine(mail, item);
    mail.lines.push(`  ${line}`);
    mail.html.push(`<p>${escapeHtml(line)}</p>`);
  }
  mail.lines.push('');
}

/** A delivered card line: each card's serial, PIN and expiry, then how to redeem it. */
function writeCards(
  mail: Mail,
  item: OrderItemRow,
  cards: DeliveredCard[],
  howTo: string | undefined,
) {
  const { t, lang } = mail;
  const name = lineName(mail, item);
  mail.lines.push(name);
  mail.html.push(`<h3>${escapeHtml(name)}</h3><ul>`);
  for (const { card, pin } of cards) {
    // The date in the e-mail's digits, as the PDF writes it (one numeral system per language).
    const expires = card.expiresAt
      ? localDigits(cardExpiryDate(card.expiresAt), lang)
      : t('noExpiry');
    const row = `${t('serial')}: ${card.serial}  ${t('pin')}: ${pin ?? ''}  ${t('expires')}: ${expires}`;
    mail.lines.push(`  ${row}`);
    mail.html.push(
      `<li>${escapeHtml(t('serial'))}: ${escapeHtml(card.serial)} — <strong>${escapeHtml(t('pin'))}: ${escapeHtml(pin ?? '')}</strong> — ${escapeHtml(t('expires'))}: ${escapeHtml(expires)}</li>`,
    );
  }
  mail.html.push('</ul>');
  if (howTo) {
    mail.lines.push(`  ${t('howToRedeem')}: ${howTo}`);
    mail.html.push(`<p>${escapeHtml(t('howToRedeem'))}: ${escapeHtml(howTo)}</p>`);
  }
  mail.lines.push('');
}
