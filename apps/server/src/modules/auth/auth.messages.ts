import { formatNumber, type Language } from '@shop/contracts/i18n';
import type { EmailMessage, SmsMessage } from '../../platform/messaging.ts';
import { SHOP_NAME } from './password-policy.ts';

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
      expiry: (m) => `ဤကုဒ်သည် ${formatNumber(m, 'my')} မိနစ်အတွင်း သက်တမ်းကုန်ဆုံးပါမည်။ မည်သူ့ကိုမျှ မမျှဝေပါနှင့်။`,
      ignore: 'ဤကုဒ်ကို သင်မတောင်းဆိုခဲ့ပါက ဤအီးမေးလ်ကို လျစ်လျူရှုနိုင်ပါသည်။',
    },
    reset: {
      subject: 'MyanTopup စကားဝှက် ပြန်လည်သတ်မှတ်ရန်',
      intro: 'သင့်စကားဝှက်ကို ပြန်လည်သတ်မှတ်ရန် ဤကုဒ်ကို အသုံးပြုပါ -',
      expiry: (m) => `ဤကုဒ်သည် ${formatNumber(m, 'my')} မိနစ်အတွင်း သက်တမ်းကုန်ဆုံးပါမည်။ မည်သူ့ကိုမျှ မမျှဝေပါနှင့်။`,
      ignore: 'စကားဝှက်ပြန်လည်သတ်မှတ်ရန် သင်မတောင်းဆိုခဲ့ပါက ဤအီးမေးလ်ကို လျစ်လျူရှုနိုင်ပါသည်။ သင့်စကားဝှက် ပြောင်းလဲမည်မဟုတ်ပါ။',
    },
  },
};

/**
 * Every code text starts with the shop's name: SMSPoh rejects OTP texts without a brand, and the
 * customer sees whose code it is (ADR 0061).
 */
const smsTexts: Record<Language, (code: string, minutes: number) => string> = {
  en: (code, m) =>
    `${SHOP_NAME}: your verification code is ${code}. It expires in ${m} minutes. Do not share it with anyone.`,
  my: (code, m) =>
    `${SHOP_NAME}: သင်၏ အတည်ပြုကုဒ်မှာ ${code} ဖြစ်ပါသည်။ ${formatNumber(m, 'my')} မိနစ်အတွင်း သက်တမ်းကုန်ဆုံးပါမည်။ မည်သူ့ကိုမျှ မမျှဝေပါနှင့်။`,
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

/**
 * Refusals of the code and sign-up limits (issue 11), in the language of the request. They read
 * the same whether or not an account has the address.
 */
export const codeLimitMessages = {
  tooManyCodeRequests: {
    en: 'Too many code requests. Please try again later.',
    my: 'ကုဒ်တောင်းဆိုမှု များလွန်းနေပါသည်။ နောက်မှ ထပ်ကြိုးစားပါ။',
  },
  tooManyCodeChecks: {
    en: 'Too many tries. Please try again later.',
    my: 'ကြိုးစားမှု များလွန်းနေပါသည်။ နောက်မှ ထပ်ကြိုးစားပါ။',
  },
  tooManySignUps: {
    en: 'Too many sign-ups from this network. Please try again later.',
    my: 'ဤကွန်ရက်မှ အကောင့်ဖွင့်မှု များလွန်းနေပါသည်။ နောက်မှ ထပ်ကြိုးစားပါ။',
  },
} as const satisfies Record<string, Record<Language, string>>;

/**
 * Mails that take the place of a code where sending one would tell a stranger something: the
 * address has no account (reset, verify), is already verified, or someone tried to register with
 * an address or number that already has an account. Only the mailbox owner reads them.
 */
export type NoticeKind =
  'noAccount' | 'alreadyVerified' | 'registerEmailTaken' | 'registerPhoneTaken' | 'passwordChanged';

const noticeTexts: Record<Language, Record<NoticeKind, { subject: string; body: string[] }>> = {
  en: {
    noAccount: {
      subject: 'Your MyanTopup code request',
      body: [
        'Someone asked for a MyanTopup code for this email address, but no MyanTopup account uses it.',
        'If it was you, you may have signed up with another email address, or you can create an account.',
        'If it was not you, you can ignore this email.',
      ],
    },
    alreadyVerified: {
      subject: 'Your MyanTopup email is already verified',
      body: [
        'Someone asked for a verification code for this email address, but it is already verified.',
        'You can log in with it. If you forgot your password, use "Forgot password?" on the login form.',
        'If it was not you, you can ignore this email.',
      ],
    },
    registerEmailTaken: {
      subject: 'Someone tried to register with your email address',
      body: [
        'Someone tried to create a MyanTopup account with this email address. You already have an account with it, so no new account was made.',
        'If it was you, log in instead. If you forgot your password, use "Forgot password?" on the login form.',
        'If it was not you, you can ignore this email. Your account is unchanged.',
      ],
    },
    registerPhoneTaken: {
      subject: 'Someone tried to register with your phone number',
      body: [
        'Someone tried to create a MyanTopup account with the phone number of your account. No new account was made.',
        'If it was you, log in instead. If you forgot your password, use "Forgot password?" on the login form.',
        'If it was not you, you can ignore this email. Your account is unchanged.',
      ],
    },
    // ASVS 5.0 6.3.7: the owner hears of a password change made in a signed-in session.
    passwordChanged: {
      subject: 'Your MyanTopup password was changed',
      body: [
        'The password of your MyanTopup account was just changed, and your other devices were signed out.',
        'If it was you, there is nothing more to do.',
        'If it was not you, reset your password now with "Forgot password?" on the login form and contact our support.',
      ],
    },
  },
  my: {
    noAccount: {
      subject: 'သင်၏ MyanTopup ကုဒ်တောင်းဆိုမှု',
      body: [
        'ဤအီးမေးလ်လိပ်စာအတွက် MyanTopup ကုဒ်တစ်ခုကို တစ်စုံတစ်ယောက်က တောင်းဆိုခဲ့သော်လည်း ဤလိပ်စာကို အသုံးပြုသည့် MyanTopup အကောင့် မရှိပါ။',
        'သင်ဖြစ်ပါက အခြားအီးမေးလ်လိပ်စာဖြင့် စာရင်းသွင်းခဲ့နိုင်သည်၊ သို့မဟုတ် အကောင့်အသစ် ဖွင့်နိုင်ပါသည်။',
        'သင်မဟုတ်ပါက ဤအီးမေးလ်ကို လျစ်လျူရှုနိုင်ပါသည်။',
      ],
    },
    alreadyVerified: {
      subject: 'သင်၏ MyanTopup အီးမေးလ်ကို အတည်ပြုပြီးဖြစ်ပါသည်',
      body: [
        'ဤအီးမေးလ်လိပ်စာအတွက် အတည်ပြုကုဒ်ကို တစ်စုံတစ်ယောက်က တောင်းဆိုခဲ့သော်လည်း ၎င်းကို အတည်ပြုပြီးဖြစ်ပါသည်။',
        '၎င်းဖြင့် အကောင့်ဝင်နိုင်ပါသည်။ စကားဝှက်မေ့နေပါက အကောင့်ဝင်ရန်ပုံစံရှိ "စကားဝှက် မေ့နေပါသလား။" ကို အသုံးပြုပါ။',
        'သင်မဟုတ်ပါက ဤအီးမေးလ်ကို လျစ်လျူရှုနိုင်ပါသည်။',
      ],
    },
    registerEmailTaken: {
      subject: 'သင့်အီးမေးလ်လိပ်စာဖြင့် တစ်စုံတစ်ယောက် စာရင်းသွင်းရန် ကြိုးစားခဲ့သည်',
      body: [
        'ဤအီးမေးလ်လိပ်စာဖြင့် MyanTopup အကောင့်အသစ်ဖွင့်ရန် တစ်စုံတစ်ယောက် ကြိုးစားခဲ့ပါသည်။ ဤလိပ်စာဖြင့် သင့်တွင် အကောင့်ရှိပြီးဖြစ်သောကြောင့် အကောင့်အသစ် မဖွင့်ပါ။',
        'သင်ဖြစ်ပါက အကောင့်ဝင်ပါ။ စကားဝှက်မေ့နေပါက အကောင့်ဝင်ရန်ပုံစံရှိ "စကားဝှက် မေ့နေပါသလား။" ကို အသုံးပြုပါ။',
        'သင်မဟုတ်ပါက ဤအီးမေးလ်ကို လျစ်လျူရှုနိုင်ပါသည်။ သင့်အကောင့် ပြောင်းလဲမည်မဟုတ်ပါ။',
      ],
    },
    registerPhoneTaken: {
      subject: 'သင့်ဖုန်းနံပါတ်ဖြင့် တစ်စုံတစ်ယောက် စာရင်းသွင်းရန် ကြိုးစားခဲ့သည်',
      body: [
        'သင့်အကောင့်၏ ဖုန်းနံပါတ်ဖြင့် MyanTopup အကောင့်အသစ်ဖွင့်ရန် တစ်စုံတစ်ယောက် ကြိုးစားခဲ့ပါသည်။ အကောင့်အသစ် မဖွင့်ပါ။',
        'သင်ဖြစ်ပါက အကောင့်ဝင်ပါ။ စကားဝှက်မေ့နေပါက အကောင့်ဝင်ရန်ပုံစံရှိ "စကားဝှက် မေ့နေပါသလား။" ကို အသုံးပြုပါ။',
        'သင်မဟုတ်ပါက ဤအီးမေးလ်ကို လျစ်လျူရှုနိုင်ပါသည်။ သင့်အကောင့် ပြောင်းလဲမည်မဟုတ်ပါ။',
      ],
    },
    passwordChanged: {
      subject: 'သင်၏ MyanTopup စကားဝှက်ကို ပြောင်းလဲခဲ့ပါသည်',
      body: [
        'သင်၏ MyanTopup အကောင့်၏ စကားဝှက်ကို ယခုလေးတင် ပြောင်းလဲခဲ့ပြီး သင့်အခြားစက်များမှ ထွက်ပြီးပါပြီ။',
        'သင်ပြောင်းခဲ့ပါက ထပ်မံလုပ်ဆောင်ရန် မလိုပါ။',
        'သင်မပြောင်းခဲ့ပါက အကောင့်ဝင်ရန်ပုံစံရှိ "စကားဝှက် မေ့နေပါသလား။" ဖြင့် စကားဝှက်ကို ယခုပင် ပြန်သတ်မှတ်ပြီး ကျွန်ုပ်တို့၏ အကူအညီဌာနကို ဆက်သွယ်ပါ။',
      ],
    },
  },
};

export function noticeEmail(to: string, kind: NoticeKind, language: Language): EmailMessage {
  const t = noticeTexts[language][kind];
  return {
    to,
    subject: t.subject,
    text: t.body.join('\n\n'),
    html: t.body.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
  };
}
