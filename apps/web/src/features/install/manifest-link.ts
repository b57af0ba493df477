import { fallbackLanguage, languageOfTag } from '@shop/contracts/languages';
import { webAppManifestPath } from '@shop/contracts/web-app-manifest';
import { useEffect } from 'react';

/**
 * Keeps the page's link to the web app manifest in the page's language, so that installing
 * installs the app in it (issue 16). The server links the language it rendered the page in; this
 * follows a change of language in the page, and the app page the service worker keeps (which
 * names English). Used by the install banner, loaded after the page: nothing of it is in the
 * page's first JavaScript.
 */
export function useManifestOfLanguage(language: string | undefined) {
  useEffect(() => {
    document
      .querySelector('link[rel="manifest"]')
      ?.setAttribute('href', webAppManifestPath(languageOfTag(language) ?? fallbackLanguage));
  }, [language]);
}
