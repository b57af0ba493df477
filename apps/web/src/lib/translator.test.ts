import { describe, expect, it, vi } from 'vitest';
import { Translator } from './translator.ts';

const english = {
  cart: {
    title: 'Cart',
    items_one: '{{count}} item',
    items_other: '{{count}} items',
    greeting: 'Hello {{name}}, {{ user.city }}',
    steps: ['One', 'Two'],
  },
};
const burmese = { cart: { title: 'ခြင်း', items_other: '{{count}} ခု' } };

function translator(language: 'en' | 'my' = 'en') {
  const load = vi.fn((language: string) => Promise.resolve(language === 'my' ? burmese : {}));
  return { load, i18n: new Translator(language, english, load) };
}

describe('Translator (ADR 0068)', () => {
  it('reads dotted keys, fills placeholders and picks the plural form of the language', async () => {
    const { i18n } = translator();
    expect(i18n.t('cart.title')).toBe('Cart');
    expect(i18n.t('cart.items', { count: 1 })).toBe('1 item');
    expect(i18n.t('cart.items', { count: 3 })).toBe('3 items');
    expect(i18n.t('cart.greeting', { name: 'Su', user: { city: 'Yangon' } })).toBe(
      'Hello Su, Yangon',
    );
    await i18n.changeLanguage('my');
    expect(i18n.t('cart.items', { count: 1 })).toBe('၁ ခု');
    expect(i18n.t('cart.title')).toBe('ခြင်း');
  });

  it('falls back to English, then to the key; keeps a placeholder with no value visible', async () => {
    const { i18n } = translator();
    await i18n.changeLanguage('mm');
    expect(i18n.language).toBe('my');
    expect(i18n.t('cart.greeting', { name: 'Su' })).toBe('Hello Su, {{ user.city }}');
    expect(i18n.t('cart.missing')).toBe('cart.missing');
    expect(i18n.exists('cart.title')).toBe(true);
    expect(i18n.exists('cart.missing')).toBe(false);
    expect(i18n.t('cart')).toBe('cart');
    expect(i18n.t('cart.steps', { returnObjects: true })).toEqual(['One', 'Two']);
  });

  it('loads a language once, tells listeners after it is in, and binds t per language', async () => {
    const { i18n, load } = translator();
    const heard: string[] = [];
    const stop = i18n.subscribe((language) => heard.push(`${language}:${i18n.t('cart.title')}`));
    const enT = i18n.getFixedT('en');
    await Promise.all([i18n.changeLanguage('my'), i18n.changeLanguage('my')]);
    await i18n.changeLanguage('en');
    stop();
    await i18n.changeLanguage('my');
    expect(load.mock.calls.filter(([language]) => language === 'my')).toHaveLength(1);
    expect(heard).toEqual(['my:ခြင်း', 'en:Cart']);
    expect(i18n.getFixedT('en')).toBe(enT);
    expect(enT('cart.title')).toBe('Cart');
  });

  it('merges lazily added messages deep without replacing what is there', () => {
    const { i18n } = translator();
    i18n.addMessages('en', { cart: { title: 'Other', extra: 'Extra' } });
    expect(i18n.t('cart.title')).toBe('Cart');
    expect(i18n.t('cart.extra')).toBe('Extra');
  });

  it('tries a failed load again on the next change', async () => {
    let fail = true;
    const i18n = new Translator('en', english, () =>
      fail ? Promise.reject(new Error('offline')) : Promise.resolve(burmese),
    );
    await expect(i18n.changeLanguage('my')).rejects.toThrow('offline');
    expect(i18n.language).toBe('en');
    fail = false;
    await i18n.changeLanguage('my');
    expect(i18n.t('cart.title')).toBe('ခြင်း');
  });
});
