import { useTranslation } from '../../lib/use-translation.ts';
import { useLocation, useSearch } from 'wouter';

/** Burmese sets ?lang=my, English removes it (shopping spec, Language); the translator remembers the choice. */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const next = i18n.language === 'my' ? 'en' : 'my';

  const switchLanguage = () => {
    const params = new URLSearchParams(search);
    if (next === 'my') params.set('lang', 'my');
    else params.delete('lang');
    const query = params.toString();
    void i18n.changeLanguage(next);
    navigate(query ? `${pathname}?${query}` : pathname, { replace: true });
  };

  return (
    // The name says what the button does in the page's language and contains what it shows —
    // the other language's own name, marked with its language (axe label-content-name-mismatch).
    <button type="button" className="language-toggle" onClick={switchLanguage}>
      <span className="visually-hidden">{t('language.switchToLabel')}: </span>
      <span lang={next}>{t('language.switchTo')}</span>
    </button>
  );
}
