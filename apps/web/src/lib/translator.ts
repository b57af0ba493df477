import {
  fallbackLanguage,
  languageOfTag,
  localDigits,
  type Language,
} from '@shop/contracts/languages';

/**
 * The shop's message formatter over the locale JSON files (ADR 0068: it replaced i18next and
 * react-i18next, 14.5 KiB gzip of every first visit, of which the shop used this much): a key is a
 * dotted path in one merged message tree per language; `{{name}}` takes a value (numbers in the
 * page's numeral system: Burmese digits on Burmese pages); `count` picks `key_one` / `key_other` by
 * the language's plural rules; a key missing in Burmese falls back to English, a key missing in
 * both is shown as written, so a mistake shows instead of vanishing.
 */
export type Messages = { [key: string]: unknown };

export interface TOptions {
  count?: number;
  returnObjects?: boolean;
  [name: string]: unknown;
}

export interface TFunction {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

function valueAt(tree: Messages, key: string): unknown {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Messages)[part];
  }
  return node;
}

function isTree(value: unknown): value is Messages {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Merges `from` into `into`, deep; a string already there is kept unless `overwrite`. */
function mergeInto(into: Messages, from: Messages, overwrite: boolean) {
  for (const [key, value] of Object.entries(from)) {
    const current = into[key];
    if (isTree(current) && isTree(value)) mergeInto(current, value, overwrite);
    else if (current === undefined || overwrite) into[key] = isTree(value) ? { ...value } : value;
  }
}

function interpolate(text: string, options: TOptions, language: Language): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = valueAt(options, name);
    if (typeof value === 'number') return localDigits(String(value), language);
    if (typeof value === 'string' || typeof value === 'boolean') return String(value);
    return placeholder;
  });
}

type Listener = (language: Language) => void;

export class Translator {
  language: Language;
  private readonly messages: Record<Language, Messages> = { en: {}, my: {} };
  private readonly loading = new Map<Language, Promise<void>>();
  private readonly listeners = new Set<Listener>();
  private readonly boundT = new Map<Language, TFunction>();
  private readonly pluralRules = new Map<Language, Intl.PluralRules>();

  /** `load` fetches a language's messages the first time it is chosen (English is given). */
  constructor(
    language: Language,
    english: Messages,
    private readonly load: (language: Language) => Promise<Messages>,
  ) {
    this.language = language;
    this.addMessages(fallbackLanguage, english);
    this.loading.set(fallbackLanguage, Promise.resolve());
  }

  /** Adds messages to a language's tree (deep); existing strings are replaced only if told. */
  addMessages(language: Language, messages: Messages, overwrite = false) {
    mergeInto(this.messages[language], messages, overwrite);
  }

  /** Loads the language's messages if not yet loaded; resolves once they are in. */
  loadLanguage(language: Language): Promise<void> {
    let loaded = this.loading.get(language);
    if (!loaded) {
      loaded = this.load(language).then((messages) => {
        this.addMessages(language, messages);
      });
      // A failed load (offline) may be tried again on the next change.
      loaded.catch(() => this.loading.delete(language));
      this.loading.set(language, loaded);
    }
    return loaded;
  }

  /** Switches to a language (a tag such as "my", "mm" or "en-GB"; unknown tags mean English). */
  async changeLanguage(tag: string): Promise<void> {
    const language = languageOfTag(tag) ?? fallbackLanguage;
    await this.loadLanguage(language);
    if (language === this.language) return;
    this.language = language;
    for (const listener of [...this.listeners]) listener(language);
  }

  /** Called after every change of language; returns the unsubscribe function. */
  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  exists(key: string): boolean {
    return (
      valueAt(this.messages[this.language], key) !== undefined ||
      valueAt(this.messages[fallbackLanguage], key) !== undefined
    );
  }

  /** The message in the current language. */
  t: TFunction = ((key: string, options?: TOptions) =>
    this.translate(this.language, key, options)) as TFunction;

  /** A `t` bound to one language; the same function for the same language. */
  getFixedT(language: Language): TFunction {
    let t = this.boundT.get(language);
    if (!t) {
      t = ((key: string, options?: TOptions) =>
        this.translate(language, key, options)) as TFunction;
      this.boundT.set(language, t);
    }
    return t;
  }

  private translate(language: Language, key: string, options?: TOptions): unknown {
    const value =
      this.lookup(language, key, options?.count) ??
      this.lookup(fallbackLanguage, key, options?.count);
    if (typeof value === 'string') return options ? interpolate(value, options, language) : value;
    if (value !== undefined && options?.returnObjects) return value;
    return key;
  }

  private lookup(language: Language, key: string, count: number | undefined): unknown {
    const tree = this.messages[language];
    if (typeof count === 'number') {
      const plural =
        valueAt(tree, `${key}_${this.pluralRule(language).select(count)}`) ??
        valueAt(tree, `${key}_other`);
      if (plural !== undefined) return plural;
    }
    return valueAt(tree, key);
  }

  private pluralRule(language: Language): Intl.PluralRules {
    let rule = this.pluralRules.get(language);
    if (!rule) {
      rule = new Intl.PluralRules(language);
      this.pluralRules.set(language, rule);
    }
    return rule;
  }
}
