import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from './use-translation.ts';

/**
 * Where a server render collects the page's title (entry-server.tsx), for the <title> of the HTML
 * it sends; absent in the browser, where the title is set on document.title.
 */
export const ServerPageTitle = createContext<((title: string) => void) | null>(null);

/** "MPT Top-up · MyanTopup": the page's own name first, the shop's after; the shop's alone on null. */
export function pageTitleText(title: string | null, shopName: string): string {
  return title ? `${title} · ${shopName}` : shopName;
}

/**
 * The document title of the page showing now, in its language (issue 26: every page has its own,
 * in English and Burmese). Rendered by each page beside its heading; the last one rendered wins.
 */
export function PageTitle({ title }: { title: string | null }) {
  const { t } = useTranslation();
  const text = pageTitleText(title, t('app.name'));
  const tellServer = useContext(ServerPageTitle);
  // A server render has no effects: the title is handed to entry-server.tsx while rendering.
  tellServer?.(text);
  useEffect(() => {
    document.title = text;
  }, [text]);
  return null;
}
