// Types only: vite.config.ts runs this module, and its config loader leaves the workspace's
// packages to Node, which cannot load their TypeScript.
import type { Language } from '@shop/contracts/languages';
import en from './content/manifest.en.json' with { type: 'json' };
import my from './content/manifest.my.json' with { type: 'json' };

/**
 * The web app manifest of each language (issue 16), written at build time by apps/web
 * vite.config.ts to webAppManifestPath(language) (@shop/contracts/web-app-manifest). None of it
 * is in the app's JavaScript: the browser reads the manifest the page links, which is the page's
 * language (the server links it; manifest-link.ts follows a change of language).
 */

type Texts = typeof en;
const texts: Record<Language, Texts> = { en, my };

/** Width and height of an image of apps/web/public, read from the file (the build's sizeOf). */
export interface ImageSize {
  width: number;
  height: number;
}

interface ManifestImage {
  src: string;
  sizes: string;
  type: 'image/png';
  purpose?: 'any' | 'maskable';
}

interface ManifestScreenshot extends ManifestImage {
  form_factor: 'narrow' | 'wide';
  label: string;
}

export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: Language;
  dir: 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  background_color: string;
  theme_color: string;
  icons: ManifestImage[];
  screenshots: ManifestScreenshot[];
  shortcuts: {
    name: string;
    short_name: string;
    description: string;
    url: string;
    icons: ManifestImage[];
  }[];
}

/** The category of mobile top-ups in the catalogue (apps/server src/db/demo-data.ts). */
const TOP_UP_LISTING = '/product/mobile-topup';

/**
 * Screenshots of the shop in each language (public/screenshots/, taken by
 * scripts/make-screenshots.mjs): phones show the narrow ones in their install sheet, computers the
 * wide one.
 */
const manifestScreenshots = [
  { name: 'home-narrow', label: 'homeNarrow', formFactor: 'narrow' },
  { name: 'top-up-narrow', label: 'topUpNarrow', formFactor: 'narrow' },
  { name: 'home-wide', label: 'homeWide', formFactor: 'wide' },
] as const satisfies readonly {
  name: string;
  label: keyof Texts['screenshots'];
  formFactor: 'narrow' | 'wide';
}[];

const screenshotPath = (name: string, language: Language) => `/screenshots/${name}.${language}.png`;

/**
 * The installed app opens in the language it was installed in: every URL names it (?lang=, which
 * the app and the server read first), so an installed app that starts with no stored choice (iOS
 * keeps a home-screen app's storage apart from Safari's) still opens in it.
 */
const inLanguage = (path: string, language: Language) => `${path}?lang=${language}`;

export function webAppManifest(
  language: Language,
  sizeOf: (publicPath: string) => ImageSize,
): WebAppManifest {
  const text = texts[language];
  const image = (src: string, purpose?: 'maskable'): ManifestImage => {
    const { width, height } = sizeOf(src);
    return {
      src,
      sizes: `${String(width)}x${String(height)}`,
      type: 'image/png',
      ...(purpose ? { purpose } : {}),
    };
  };
  return {
    // One app whatever the language it was installed in (the id is not the start_url's).
    id: '/',
    name: text.name,
    short_name: text.short_name,
    description: text.description,
    lang: language,
    dir: 'ltr',
    start_url: inLanguage('/', language),
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#0b2a5b',
    icons: [
      image('/icons/icon-192.png'),
      image('/icons/icon-512.png'),
      image('/icons/icon-maskable-512.png', 'maskable'),
    ],
    screenshots: manifestScreenshots.map(({ name, label, formFactor }) => ({
      ...image(screenshotPath(name, language)),
      form_factor: formFactor,
      label: text.screenshots[label],
    })),
    shortcuts: [
      {
        ...text.shortcuts.topUp,
        url: inLanguage(TOP_UP_LISTING, language),
        icons: [image('/icons/shortcut-top-up-96.png')],
      },
      {
        ...text.shortcuts.orders,
        url: inLanguage('/orders', language),
        icons: [image('/icons/shortcut-orders-96.png')],
      },
    ],
  };
}
