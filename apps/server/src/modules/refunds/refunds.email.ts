import type { LocalizedText } from '@shop/contracts/i18n';
import { formatNumber } from '@shop/contracts/languages';
import { formatKyat } from '@shop/contracts/money';
import { failedLineMessage } from '@shop/contracts/order-line-messages';
import { isCardKind, REFUND_WORKING_DAYS } from '@shop/contracts/orders';
import { isOperatorCode, shownRecipientNumber, topUpToText } from '@shop/contracts/phone';
import type { EmailMessage } from '../../platform/messaging.ts';
import type { OrderItemRow, OrderRow } from '../orders/orders.service.ts';
import type { OrderRefundRow } from './refunds.repo.ts';
import { escapeHtml, fill } from '../../platform/email-text.ts';

/**
 * The moments the customer is told about (ADR 0020): the order failed, the refund was paid; and
 * (ADR 0036) a top-up of a failed order arrived after all (staff checked it, or retried it).
 */
export type RefundEvent = 'failed' | 'refunded' | 'delivered';

const text = {
  failedSubject: {
    en: 'Order {order} could not be delivered',
    my: 'အော်ဒါ {order} ကို ပို့ဆောင်၍ မရပါ',
  },
  partFailedSubject: {
    en: 'A part of order {order} could not be delivered',
    my: 'အော်ဒါ {order} ၏ တစ်စိတ်တစ်ပိုင်းကို ပို့ဆောင်၍ မရပါ',
  },
  failedIntro: {
    en: 'We are sorry: your order {order} could not be delivered.',
    my: 'စိတ်မကောင်းပါ။ သင့်အော်ဒါ {order} ကို ပို့ဆောင်၍ မရပါ။',
  },
  partFailedIntro: {
    en: 'We are sorry: a part of your order {order} could not be delivered. The rest was delivered.',
    my: 'စိတ်မကောင်းပါ။ သင့်အော်ဒါ {order} ၏ တစ်စိတ်တစ်ပိုင်းကို ပို့ဆောင်၍ မရပါ။ ကျန်ပစ္စည်းများကို ပို့ဆောင်ပြီးပါပြီ။',
  },
  delivered: { en: 'delivered', my: 'ပို့ဆောင်ပြီး' },
  bankPending: {
    en: 'Refund: {amount} goes back to the bank account or wallet you paid from within {days} working days. Status: refund pending.',
    my: 'ငွေပြန်အမ်းခြင်း- {amount} ကို သင်ငွေပေးချေခဲ့သော ဘဏ်အကောင့် သို့မဟုတ် ဝေါလက်သို့ အလုပ်ရက် {days} ရက်အတွင်း ပြန်အမ်းပေးပါမည်။ အခြေအနေ- ငွေပြန်အမ်းရန် စောင့်ဆိုင်းဆဲ။',
  },
  pointsRefunded: {
    en: 'Refund: {points} points ({amount}) are back in your points balance now. Status: refunded.',
    my: 'ငွေပြန်အမ်းခြင်း- ပွိုင့် {points} ({amount}) ကို သင့်ပွိုင့်လက်ကျန်သို့ ယခုပင် ပြန်ထည့်ပေးပြီးပါပြီ။ အခြေအနေ- ပြန်အမ်းပြီး။',
  },
  pointsPending: {
    en: 'Refund: {points} points ({amount}) go back to your points balance within {days} working days. Status: refund pending.',
    my: 'ငွေပြန်အမ်းခြင်း- ပွိုင့် {points} ({amount}) ကို သင့်ပွိုင့်လက်ကျန်သို့ အလုပ်ရက် {days} ရက်အတွင်း ပြန်ထည့်ပေးပါမည်။ အခြေအနေ- ငွေပြန်အမ်းရန် စောင့်ဆိုင်းဆဲ။',
  },
  checkFirst: {
    en: 'A top-up the operator did not confirm is checked with the operator first: if it did arrive, it is not refunded.',
    my: 'အော်ပရေတာမှ အတည်မပြုသော ငွေဖြည့်မှုကို အော်ပရေတာနှင့် ဦးစွာ စစ်ဆေးပါမည်။ ရောက်ရှိခဲ့ပါက ငွေပြန်မအမ်းပါ။',
  },
  refundedSubject: {
    en: 'Your refund for order {order} is done',
    my: 'အော်ဒါ {order} အတွက် ငွေပြန်အမ်းပြီးပါပြီ',
  },
  bankRefunded: {
    en: '{amount} was refunded to the bank account or wallet you paid from.',
    my: '{amount} ကို သင်ငွေပေးချေခဲ့သော ဘဏ်အကောင့် သို့မဟုတ် ဝေါလက်သို့ ပြန်အမ်းပြီးပါပြီ။',
  },
  pointsReturned: {
    en: '{points} points ({amount}) were returned to your points balance.',
    my: 'ပွိုင့် {points} ({amount}) ကို သင့်ပွိုင့်လက်ကျန်သို့ ပြန်ထည့်ပေးပြီးပါပြီ။',
  },
  deliveredSubject: {
    en: 'Order {order}: your top-up was delivered',
    my: 'အော်ဒါ {order}- သင့်ဖုန်းငွေဖြည့်ခြင်း ရောက်ရှိပြီးပါပြီ',
  },
  deliveredIntro: {
    en: 'Good news: a top-up of your order {order} that could not be delivered before has now been delivered.',
    my: 'သတင်းကောင်းပါ။ ယခင်က ပို့ဆောင်၍ မရခဲ့သော သင့်အော်ဒါ {order} ၏ ဖုန်းငွေဖြည့်ခြင်းကို ယခု ပို့ဆောင်ပြီးပါပြီ။',
  },
  deliveredCardsSubject: {
    en: 'Order {order}: your codes were delivered',
    my: 'အော်ဒါ {order}- သင့်ကုဒ်များ ရောက်ရှိပြီးပါပြီ',
  },
  deliveredCardsIntro: {
    en: 'Good news: the codes of your order {order} that could not be confirmed before have now been delivered. They are on your order page and in a separate e-mail.',
    my: 'သတင်းကောင်းပါ။ ယခင်က အတည်မပြုနိုင်ခဲ့သော သင့်အော်ဒါ {order} ၏ ကုဒ်များကို ယခု ပို့ဆောင်ပြီးပါပြီ။ ၎င်းတို့ကို သင့်အော်ဒါစာမျက်နှာနှင့် သီးခြားအီးမေးလ်တွင် တွေ့နိုင်ပါသည်။',
  },
  completedNothingOwed: {
    en: 'Your order is now complete; nothing is refunded for it.',
    my: 'သင့်အော်ဒါ ပြီးဆုံးပါပြီ။ ဤအော်ဒါအတွက် ငွေပြန်အမ်းရန် မရှိတော့ပါ။',
  },
  reference: { en: 'Reference: {reference}', my: 'ရည်ညွှန်းနံပါတ်- {reference}' },
  viewOrder: { en: 'Your order: {url}', my: 'သင့်အော်ဒါ- {url}' },
} satisfies Record<string, LocalizedText>;

export interface RefundNotice {
  email: Omit<EmailMessage, 'to'>;
  /** The same in a few words, for a phone account. */
  sms: string;
}

/** What the three messages need: the order's language, its texts and its refund's figures. */
interface Notice {
  lang: OrderRow['language'];
  t: (key: keyof typeof text, vars?: Record<string, string>) => string;
  amounts: Record<'amount' | 'points' | 'days' | 'reference', string>;
}

/** A message's own part: its subject, its paragraphs, and the refund line the SMS repeats. */
interface NoticeBody {
  subject: string;
  paragraphs: string[];
  refundLine: string;
}

/** The order-failed and refund-done messages, in the order's language. */
export function refundNotice(input: {
  event: RefundEvent;
  order: OrderRow;
  items: OrderItemRow[];
  /** Null only for `delivered` when nothing is owed any more (the order completed). */
  refund: OrderRefundRow | null;
  /** `delivered`: the line that arrived. */
  itemId?: string;
  orderUrl: string;
}): RefundNotice {
  const { order, refund, event } = input;
  const lang = order.language;
  const notice: Notice = {
    lang,
    t: (key, vars = {}) => fill(text[key][lang], { order: order.orderNumber, ...vars }),
    amounts: {
      amount: formatKyat(refund?.amountMmk ?? 0, lang),
      // One numeral system per language (issue 26): Burmese points and days in Burmese digits, as
      // the amount beside them (issue 30 found them Latin here).
      points: formatNumber(refund?.points ?? 0, lang),
      days: formatNumber(REFUND_WORKING_DAYS, lang),
      reference: refund?.reference ?? '',
    },
  };
  const { subject, paragraphs, refundLine } =
    event === 'delivered'
      ? deliveredBody(notice, input.items, input.itemId, refund)
      : event === 'failed' && refund
        ? failedBody(notice, input.items, refund)
        : refundedBody(notice, refund);
  const view = notice.t('viewOrder', { url: input.orderUrl });
  return {
    email: {
      subject,
      text: [...paragraphs, view].join('\n\n'),
      html: [
        ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
        `<p><a href="${escapeHtml(input.orderUrl)}">${escapeHtml(view)}</a></p>`,
      ].join('\n'),
    },
    sms: `${subject}. ${refundLine} ${input.orderUrl}`,
  };
}

/** "Top-up to 09 421 234 567 (MPT)", as every screen and e-mail writes it (issue 12). */
function lineText({ lang }: Notice, item: OrderItemRow, what: string) {
  // A request's number is the requester's: the payer reads it masked (ADR 0080).
  const shown = shownRecipientNumber(item);
  const recipient =
    !isCardKind(item.kind) && shown
      ? ` (${topUpToText(shown, isOperatorCode(item.operatorCode) ? item.operatorCode : null, lang)})`
      : '';
  return `${item.name[lang]} × ${formatNumber(item.quantity, lang)}${recipient}: ${what}`;
}

/** A refund still owed: bank refunds are pending, points may be back already. */
function owedRefundLine({ t, amounts }: Notice, refund: OrderRefundRow) {
  return refund.destination === 'bank'
    ? t('bankPending', amounts)
    : refund.status === 'refunded'
      ? t('pointsRefunded', amounts)
      : t('pointsPending', amounts);
}

/** A line of a failed order arrived after all (ADR 0036), and what is still refunded. */
function deliveredBody(
  notice: Notice,
  items: OrderItemRow[],
  itemId: string | undefined,
  refund: OrderRefundRow | null,
): NoticeBody {
  const { t } = notice;
  const paragraphs: string[] = [];
  const item = items.find((i) => i.id === itemId);
  // A gift card checked with the aggregator (issue 28) arrives as codes, not as a top-up.
  const cards = item !== undefined && isCardKind(item.kind);
  const subject = t(cards ? 'deliveredCardsSubject' : 'deliveredSubject');
  paragraphs.push(t(cards ? 'deliveredCardsIntro' : 'deliveredIntro'));
  if (item) paragraphs.push(lineText(notice, item, t('delivered')));
  const refundLine = !refund ? t('completedNothingOwed') : owedRefundLine(notice, refund);
  paragraphs.push(refundLine);
  return { subject, paragraphs, refundLine };
}

/** The order (or a part of it) failed: each line's outcome, and the refund to come. */
function failedBody(notice: Notice, items: OrderItemRow[], refund: OrderRefundRow): NoticeBody {
  const { t, lang } = notice;
  const subject = refund.partial ? t('partFailedSubject') : t('failedSubject');
  const paragraphs = [refund.partial ? t('partFailedIntro') : t('failedIntro')];
  for (const item of items) {
    const what = item.status === 'failed' ? failedLineMessage(item)[lang] : t('delivered');
    paragraphs.push(lineText(notice, item, what));
  }
  const refundLine = owedRefundLine(notice, refund);
  paragraphs.push(refundLine);
  if (items.some((i) => i.status === 'failed' && i.failureCode === 'unconfirmed'))
    paragraphs.push(t('checkFirst'));
  return { subject, paragraphs, refundLine };
}

/** The refund was paid: where the money went, and the bank's reference if there is one. */
function refundedBody({ t, amounts }: Notice, refund: OrderRefundRow | null): NoticeBody {
  const refundLine =
    refund?.destination === 'bank' ? t('bankRefunded', amounts) : t('pointsReturned', amounts);
  const paragraphs = [refundLine];
  if (refund?.reference) paragraphs.push(t('reference', amounts));
  return { subject: t('refundedSubject'), paragraphs, refundLine };
}
