import './content/lazy-messages.ts';
import type { Language } from '@shop/contracts/languages';
import type { TFunction } from '../../lib/translator.ts';
import type { SharedOrderResult } from './api/sharing-api.ts';
import { greetingOf } from './share-style.ts';

/** The note's start that a chat app's preview may show (the recipient's eyes only). */
export const OG_NOTE_MAX_CHARS = 100;
/** The app icon (public/icons), the preview's picture. */
const OG_IMAGE_PATH = '/icons/icon-512.png';

/** Text for an HTML attribute value or element content. */
export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** At most `max` characters (whole code points), with "…" when cut. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
}

/**
 * The <head> tags of a shared page for chat-app previews (Open Graph, Twitter card): the share
 * type's greeting and the sender's first name; the start of the note at most, since a preview of
 * a link is seen by whoever it was sent to. Never a PIN (the API answer has none). Every value is
 * escaped. A share page is private: robots are asked not to index it.
 */
export function sharedPageHead(
  result: SharedOrderResult | undefined,
  {
    shareId,
    origin,
    language,
    t,
  }: { shareId: string; origin: string; language: Language; t: TFunction },
): string {
  let title: string;
  let description: string;
  if (result?.found) {
    const { share } = result;
    const greeting = greetingOf(share.type.style, language) || t('sharing.page.defaultGreeting');
    title = t('sharing.page.ogTitle', { greeting, name: share.senderName });
    description = share.note
      ? truncate(share.note, OG_NOTE_MAX_CHARS)
      : t('sharing.page.ogDescription', { name: share.senderName });
  } else {
    title = t('sharing.page.invalidTitle');
    description = t('sharing.page.invalidText');
  }
  const url = `${origin}/sharewith/${encodeURIComponent(shareId)}`;
  const tags: [string, string, string][] = [
    ['name', 'robots', 'noindex'],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', t('sharing.page.shopName')],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:image', `${origin}${OG_IMAGE_PATH}`],
    ['property', 'og:url', url],
    ['property', 'og:locale', language === 'my' ? 'my_MM' : 'en_US'],
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
  ];
  return tags
    .map(
      ([attribute, name, content]) =>
        `<meta ${attribute}="${name}" content="${escapeHtml(content)}">`,
    )
    .join('');
}
