import type { SharedOrder } from '@shop/contracts/sharing';
import type { TFunction } from '../../lib/translator.ts';
import { describe, expect, it } from 'vitest';
import { escapeHtml, OG_NOTE_MAX_CHARS, sharedPageHead, truncate } from './share-head.ts';
import { shareStyleVariables } from './share-style.ts';

// A stand-in for the translator: the key and its values, so the test sees what went where.
const t: TFunction = (key: string, values?: Record<string, unknown>) =>
  values ? `${key}:${JSON.stringify(values)}` : key;

const style = {
  primaryColor: '#aa0000',
  secondaryColor: '#00aa00',
  textColor: '#ffffff',
  gradient: ['#111111', '#222222'] as [string, string],
  emoji: '🎁',
  greeting: { en: 'A gift <for> you', my: 'လက်ဆောင်' },
};

const share = (note: string): SharedOrder => ({
  shareId: 'abc',
  type: { id: null, title: 'gift', builtIn: true, style, createdAt: null },
  note,
  senderName: 'Aung "AA"',
  createdAt: '2025-01-01T00:00:00Z',
  expiresAt: '2025-02-01T00:00:00Z',
  order: { orderNumber: 'MT-1', completedAt: null, items: [] },
});

const meta = (head: string, name: string) =>
  new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)">`).exec(head)?.[1];

describe('sharedPageHead (Open Graph of a shared page)', () => {
  const context = { shareId: 'a/b', origin: 'https://shop.example', language: 'en', t } as const;

  it('has the greeting and sender, absolute image and page URLs, every value escaped', () => {
    const head = sharedPageHead({ found: true, share: share('') }, context);
    expect(meta(head, 'og:title')).toBe(
      escapeHtml('sharing.page.ogTitle:{"greeting":"A gift <for> you","name":"Aung \\"AA\\""}'),
    );
    expect(head).not.toMatch(/<for>/);
    expect(meta(head, 'og:image')).toBe('https://shop.example/icons/icon-512.png');
    expect(meta(head, 'og:url')).toBe('https://shop.example/sharewith/a%2Fb');
    expect(meta(head, 'twitter:card')).toBe('summary');
    expect(meta(head, 'robots')).toBe('noindex');
  });

  it('shows at most the first 100 characters of the note', () => {
    const note = `<script>${'x'.repeat(200)}`;
    const head = sharedPageHead({ found: true, share: share(note) }, context);
    const description = meta(head, 'og:description') ?? '';
    expect(description.startsWith('&lt;script&gt;')).toBe(true);
    expect(description).toBe(escapeHtml(`${note.slice(0, OG_NOTE_MAX_CHARS)}…`));
    expect(head).not.toContain('<script>');
  });

  it('an unknown, disabled or expired link says so', () => {
    const head = sharedPageHead({ found: false }, context);
    expect(meta(head, 'og:title')).toBe('sharing.page.invalidTitle');
    expect(meta(head, 'og:description')).toBe('sharing.page.invalidText');
  });
});

describe('truncate', () => {
  it('cuts whole characters and marks the cut', () => {
    expect(truncate('  a  b ', 10)).toBe('a b');
    expect(truncate('🎁🎁🎁', 2)).toBe('🎁🎁…');
  });
});

describe('shareStyleVariables', () => {
  it('passes only #rrggbb colours into the style attribute', () => {
    const variables = shareStyleVariables({
      ...style,
      primaryColor: 'red;background:url(x)',
    }) as Record<string, string>;
    expect(variables['--share-primary']).toBe('#0b2a5b');
    expect(variables['--share-from']).toBe('#111111');
  });
});
