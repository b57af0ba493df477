import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

/** Burmese sets ?lang=my, English removes it (shopping spec, Language); i18next caches the choice. */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const next = i18n.resolvedLanguage === 'my' ? 'en' : 'my';

  const switchLanguage = () => {
    const params = new URLSearchParams(location.search);
    if (next === 'my') params.set('lang', 'my');
    else params.delete('lang');
    const search = params.toString();
    void i18n.changeLanguage(next);
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
  };

  return (
    <button type="button" className="language-toggle" onClick={switchLanguage} aria-label={t('language.switchToLabel')} lang={next}>
      {t('language.switchTo')}
    </button>
  );
}
