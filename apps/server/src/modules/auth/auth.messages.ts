import type { Language } from '@shop/contracts/i18n';
import type { EmailMessage, SmsMessage } from '../../platform/messaging.ts';

/**
 * Texts of the codes we send, in the language of the request (Accept-Language, default my).
 * The code stands alone on its own line so it is easy to copy (and for tests to read).
 */
type CodeKind = 'verify' | 'reset';

const emailTexts: Record<
  Language,
  Record<
    CodeKind,
    { subject: string; intro: string; expiry: (minutes: number) => string; ignore: string }
  >
> = {
  en: {
    verify: {
      subject: 'Your MyanTopup verification code',
      intro: 'Use this code to verify your email address:',
      expiry: (m) => `The code expires in ${m} minutes. Do not share it with anyone.`,
      ignore: 'If you did not ask for this code, you can ignore this email.',
    },
    reset: {
      subject: 'Reset your MyanTopup password',
      intro: 'Use this code to reset your password:',
      expiry: (m) => `The code expires in ${m} minutes. Do not share it with anyone.`,
      ignore:
        'If you did not ask to reset your password, you can ignore this email. Your password stays the same.',
    },
  },
  my: {
    verify: {
      subject: 'သင်၏ MyanTopup အတည်ပြုကုဒ်',
      intro: 'သင့်အီးမေးလ်လိပ်စာကို အတည်ပြုရန် ဤကုဒ်ကို အသုံးပြုပါ -',
      expiry: (m) => `ဤကုဒ်သည် ${m} မိနစ်အတွင်း သက်တမ်းကုန်ဆုံးပါမည်။ မည်သူ့ကိုမျှ မမျှဝေပါနှင့်။`,
      ignore: 'ဤကုဒ်ကို သင်မတောင်းဆိုခဲ့ပါက ဤအီးမေးလ်ကို လျစ်လျူရှုနိုင်ပါသည်။',
    },
    reset: {
      subject: 'MyanTopup စကားဝှက် ပြန်လည်သတ်မှတ်ရန်',
      intro: 'သင့်စကားဝှက်ကို ပြန်လည်သတ်မှတ်ရန် ဤကုဒ်ကို အသုံးပြုပါ -',
      expiry: (m) => `ဤကုဒ်သည် ${m} မိနစ်အတွင်း သက်တမ်းကုန်ဆုံးပါမည်။ မည်သူ့ကိုမျှ မမျှဝေပါနှင့်။`,
      ignore: 'စကားဝှက်ပြန်လည်သတ်မှတ်ရန် သင်မတောင်းဆိုခဲ့ပါက ဤအီးမေးလ်ကို လျစ်လျူရှုနိုင်ပါသည်။ သင့်စကားဝှက် ပြောင်းလဲမည်မဟုတ်ပါ။',
    },
  },
};

const smsTexts: Record<Language, (code: string, minutes: number) => string> = {
  en: (code, m) =>
    `MyanTopup: your verification code is ${code}. It expires in ${m} minutes. Do not share it with anyone.`,
  my: (code, m) =>
    `MyanTopup: သင်၏ အတည်ပြုကုဒ်မှာ ${code} ဖြစ်ပါသည်။ ${m} မိနစ်အတွင်း သက်တမ်းကုန်ဆုံးပါမည်။ မည်သူ့ကိုမျှ မမျှဝေပါနှင့်။`,
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function otpEmail(
  to: string,
  kind: CodeKind,
  code: string,
  lifetimeSeconds: number,
  language: Language,
): EmailMessage {
  const t = emailTexts[language][kind];
  const minutes = Math.round(lifetimeSeconds / 60);
  const lines = [t.intro, '', code, '', t.expiry(minutes), '', t.ignore];
  const html =
    `<p>${escapeHtml(t.intro)}</p>` +
    `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p>` +
    `<p>${escapeHtml(t.expiry(minutes))}</p><p>${escapeHtml(t.ignore)}</p>`;
  return { to, subject: t.subject, text: lines.join('\n'), html };
}

export function otpSms(
  to: string,
  code: string,
  lifetimeSeconds: number,
  language: Language,
): SmsMessage {
  return { to, text: smsTexts[language](code, Math.round(lifetimeSeconds / 60)) };
}
