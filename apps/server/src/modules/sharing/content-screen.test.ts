import fs from 'node:fs';
import { screenCategories } from '@shop/contracts/sharing';
import { describe, expect, it } from 'vitest';
import {
  createLocalContentScreen,
  toUnicodeBurmese,
  type ScreenCategory,
  type ScreenResult,
} from './content-screen.ts';

const screen = createLocalContentScreen();
const check = (note: string) => screen.screen(note);
const refused = (category: ScreenCategory): ScreenResult => ({ ok: false, category });

describe('local content screen: one note at a time', () => {
  it('lets ordinary notes through, trimmed and NFC, with their casing', async () => {
    for (const note of [
      'Happy birthday Mum!',
      'ok',
      '🎁',
      'မွေးနေ့မှာ ပျော်ရွှင်ပါစေ',
      "Here's the 10,000 I owe you",
      'ဖုန်းဘေလ် ၅၀၀၀ ကျပ်',
    ]) {
      expect(await check(note)).toEqual({ ok: true, text: note });
    }
    expect(await check('  Happy Thingyan! 💦 \n')).toEqual({
      ok: true,
      text: 'Happy Thingyan! 💦',
    });
    expect(await check('Cafe\u0301')).toEqual({ ok: true, text: 'Café' });
  });

  it('takes an empty or blank note as no note', async () => {
    expect(await check('')).toEqual({ ok: true, text: '' });
    expect(await check('  \n\t ')).toEqual({ ok: true, text: '' });
  });

  it('passes innocent words that contain rude ones (Scunthorpe)', async () => {
    for (const note of [
      'For your class trip',
      'Can you assess the menu?',
      'Greetings from Scunthorpe!',
      'Enjoy the cocktail party',
      'Thanks, my therapist friend',
      'Hope the Essex trip was fun',
      'Grape juice fund',
      'For the Dickens book club',
      'We killed it at the concert!',
      'ကုလားထိုင်အသစ် ဝယ်ဖို့ပါ', // chair
      'ကောင်မလေးကို လက်ဆောင်ပေးဖို့', // girl
      'ရက်သတ်မှတ်ထားတဲ့အတိုင်း ပြန်ဆပ်တာပါ', // as the date set
      'ခွေးလေး မွေးနေ့အတွက်', // puppy
    ]) {
      expect(await check(note), note).toMatchObject({ ok: true });
    }
  });

  it('refuses each category', async () => {
    expect(await check('shit, I forgot your birthday')).toEqual(refused('inappropriate_language'));
    expect(await check('မအေလိုး ဖုန်းဘေလ်')).toEqual(refused('inappropriate_language'));
    expect(await check('Click here for free money http://bit.ly/abc')).toEqual(refused('spam'));
    expect(await check('Cheap loans, Viber 09 123 456 789')).toEqual(refused('spam'));
    expect(await check('aaaaaaaaaaaaaaaaaaaaaa')).toEqual(refused('content_quality'));
    expect(await check('asdfghjkl qwertyuiop')).toEqual(refused('content_quality'));
    expect(await check('?!?!?!?!?!?!?!?!?!?!?!?!')).toEqual(refused('content_quality'));
    expect(await check('go kill yourself')).toEqual(refused('toxic'));
    expect(await check('သွားသေလိုက်')).toEqual(refused('toxic'));
    expect(await check('Immigrants are vermin')).toEqual(refused('hate_speech'));
    expect(await check('you are such an idiot')).toEqual(refused('insulting'));
    expect(await check('ငတုံး')).toEqual(refused('insulting'));
    expect(await check('I will kill you')).toEqual(refused('threatening'));
    expect(await check('ငါ မင်းကို သတ်မယ်')).toEqual(refused('threatening'));
    expect(await check('Hi\u0007there')).toEqual(refused('inappropriate_characters'));
  });

  it('sees through simple obfuscation', async () => {
    for (const note of ['f*ck off', 'sh1t', 'you s t u p i d', 'stuuupid', 'FUUUCK', 'a$$hole']) {
      expect(await check(note), note).toMatchObject({ ok: false });
    }
  });

  it('refuses bidi overrides and runs of zero-width characters, not a single one', async () => {
    expect(await check('Happy birthday \u202E!uoy evol I')).toEqual(
      refused('inappropriate_characters'),
    );
    expect(await check('a gift \u2066for you\u2069')).toEqual(refused('inappropriate_characters'));
    expect(await check('free\u200B\u200Bgift')).toEqual(refused('inappropriate_characters'));
    expect(await check('\uFEFF\uFEFFhello')).toEqual(refused('inappropriate_characters'));
    expect(await check('မွေးနေ့မှာ\u200Bပျော်ရွှင်ပါစေ')).toMatchObject({ ok: true });
    expect(await check('From all of us 👨\u200D👩\u200D👧')).toMatchObject({ ok: true });
    expect(await check('Happy birthday!\r\nLove, Mum')).toEqual({
      ok: true,
      text: 'Happy birthday!\nLove, Mum',
    });
  });

  it('converts Zawgyi to Unicode, stores the Unicode and screens it', async () => {
    // "မွေးနေ့မှာ ပျော်ရွှင်ပါစေ" and "ငါ မင်းကို သတ်ပစ်မယ်" typed in Zawgyi.
    const birthday = 'ေမြးေန႔မွာ ေပ်ာ္႐ႊင္ပါေစ';
    expect(toUnicodeBurmese(birthday)).toBe('မွေးနေ့မှာ ပျော်ရွှင်ပါစေ');
    expect(await check(birthday)).toEqual({ ok: true, text: 'မွေးနေ့မှာ ပျော်ရွှင်ပါစေ' });
    expect(await check('ငါ မင္းကို သတ္ပစ္မယ္')).toEqual(refused('threatening'));
    // Unicode and Latin text are left as they are.
    expect(toUnicodeBurmese('မွေးနေ့မှာ ပျော်ရွှင်ပါစေ')).toBe('မွေးနေ့မှာ ပျော်ရွှင်ပါစေ');
    expect(toUnicodeBurmese('Happy birthday')).toBe('Happy birthday');
  });
});

type Lang = 'en' | 'my' | 'zawgyi';
interface LabelledNote {
  text: string;
  lang: Lang;
  label: 'ok' | ScreenCategory;
}
const labelled = JSON.parse(
  fs.readFileSync(new URL('./screen-notes.labelled.json', import.meta.url), 'utf8'),
) as LabelledNote[];

describe('local content screen: the labelled set', () => {
  it('is the set the figures are about', () => {
    expect(labelled.length).toBeGreaterThanOrEqual(240);
    for (const n of labelled) {
      expect(['en', 'my', 'zawgyi']).toContain(n.lang);
      expect(['ok', ...screenCategories]).toContain(n.label);
      // Each Zawgyi note is detected as Zawgyi (and so converted).
      if (n.lang === 'zawgyi') expect(toUnicodeBurmese(n.text), n.text).not.toBe(n.text);
    }
  });

  it('blocks bad notes with high precision and recall (block = any refusal)', async () => {
    const results = await Promise.all(labelled.map((n) => check(n.text)));
    const figures = (langs: Lang[]) => {
      let tp = 0;
      let fp = 0;
      let fn = 0;
      labelled.forEach((n, i) => {
        if (!langs.includes(n.lang)) return;
        const blocked = results[i]?.ok === false;
        if (blocked && n.label !== 'ok') tp++;
        else if (blocked) fp++;
        else if (n.label !== 'ok') fn++;
      });
      return { precision: tp / (tp + fp), recall: tp / (tp + fn) };
    };
    const all = figures(['en', 'my', 'zawgyi']);
    const en = figures(['en']);
    const my = figures(['my', 'zawgyi']); // Burmese, Unicode and Zawgyi
    console.log(
      'content screen, labelled set:',
      JSON.stringify({ all, en, my, myUnicode: figures(['my']), zawgyi: figures(['zawgyi']) }),
    );
    // Just under the figures measured when the set was made (all: precision 1.000, recall 0.895;
    // en 1.000 / 0.900; Burmese 1.000 / 0.891): a change that loses more fails here.
    expect(all.precision).toBeGreaterThanOrEqual(0.98);
    expect(all.recall).toBeGreaterThanOrEqual(0.88);
    expect(en.precision).toBeGreaterThanOrEqual(0.97);
    expect(en.recall).toBeGreaterThanOrEqual(0.88);
    expect(my.precision).toBeGreaterThanOrEqual(0.97);
    expect(my.recall).toBeGreaterThanOrEqual(0.87);
  });
});
