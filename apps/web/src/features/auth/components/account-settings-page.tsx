import '../content/lazy-messages.ts';
import type { User } from '@shop/contracts/auth';
import { formatPhoneDisplay } from '@shop/contracts/phone';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLocation, useSearch } from 'wouter';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useAuth } from '../hooks/auth-context.ts';
import '../auth.css';
import { PageTitle } from '../../../lib/page-title.tsx';

// The password form (and the form library it brings) loads after the profile: the page's first
// JavaScript stays within its budget (issue 14, scripts/measure-pages.mjs).
const ChangePasswordForm = lazy(() =>
  import('./change-password-form.tsx').then((module) => ({ default: module.ChangePasswordForm })),
);

/** Language choice: Burmese sets ?lang=my, English removes it (shopping spec "Language"). */
function LanguageChoice() {
  const { t, i18n } = useTranslation();
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const current = i18n.language;
  const choose = (language: 'en' | 'my') => {
    const params = new URLSearchParams(search);
    if (language === 'my') params.set('lang', 'my');
    else params.delete('lang');
    const query = params.toString();
    void i18n.changeLanguage(language);
    navigate(query ? `${pathname}?${query}` : pathname, { replace: true });
  };
  return (
    <section className="auth-card settings-section" aria-labelledby="settings-language">
      <h2 id="settings-language">{t('auth.settings.language')}</h2>
      <fieldset className="settings-language">
        <legend>{t('auth.settings.languageHint')}</legend>
        {(['en', 'my'] as const).map((language) => (
          <label key={language} className="settings-language__option" lang={language}>
            <input
              type="radio"
              name="language"
              value={language}
              checked={current === language}
              onChange={() => {
                choose(language);
              }}
            />
            {language === 'en' ? 'English' : 'မြန်မာ'}
          </label>
        ))}
      </fieldset>
    </section>
  );
}

function VerificationBadge({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`settings-badge settings-badge--${verified ? 'ok' : 'no'}`}>
      {verified ? t('auth.settings.verified') : t('auth.settings.notVerified')}
    </span>
  );
}

/** Name, phone, e-mail, role, verification and member-since date of the signed-in account. */
function PersonalInfo({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const memberSince = formatDate(user.createdAt, i18n.language);
  return (
    <section className="auth-card settings-section" aria-labelledby="settings-personal">
      <h2 id="settings-personal">{t('auth.settings.personalInfo')}</h2>
      <dl className="settings-list">
        <div>
          <dt>{t('auth.settings.name')}</dt>
          <dd>{user.name}</dd>
        </div>
        <div>
          <dt>{t('auth.settings.phone')}</dt>
          <dd>
            <span dir="ltr" translate="no">
              +95 {formatPhoneDisplay(user.phoneNumber)}
            </span>{' '}
            <VerificationBadge verified={user.phoneVerified} />
          </dd>
        </div>
        <div>
          <dt>{t('auth.settings.email')}</dt>
          <dd>
            <span className="settings-email" translate="no">
              {user.email}
            </span>{' '}
            <VerificationBadge verified={user.emailVerified} />
          </dd>
        </div>
        <div>
          <dt>{t('auth.settings.role')}</dt>
          <dd>{t(`auth.settings.roles.${user.role}`)}</dd>
        </div>
        <div>
          <dt>{t('auth.settings.verification')}</dt>
          <dd>
            <VerificationBadge verified={user.emailVerified && user.phoneVerified} />
          </dd>
        </div>
        <div>
          <dt>{t('auth.settings.memberSince')}</dt>
          <dd>{memberSince}</dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * /account-settings (shopping spec §2): profile, verification, member since, change password
 * (issue 11), notifications, privacy and the help assistant (issue 16), language.
 */
/**
 * The sections of other features the page shows (issue 30: the app composes them, auth imports
 * none): `signedIn` for an account (notifications on this device), `device` for anyone once the
 * session is known (privacy, the help assistant), each loaded on its own.
 */
export interface AccountSettingsSections {
  signedIn?: ReactNode;
  device?: ReactNode;
}

export default function AccountSettingsPage({ signedIn, device }: AccountSettingsSections) {
  const { t } = useTranslation();
  const { status, user, openAuthDialog } = useAuth();

  return (
    <div className="page auth-page auth-page--wide">
      <PageTitle title={t('auth.settings.title')} />
      <h1>{t('auth.settings.title')}</h1>
      {status === 'loading' ? (
        <p role="status" className="settings-loading">
          <Spinner /> {t('auth.settings.loading')}
        </p>
      ) : null}
      {status === 'unauthenticated' ? (
        <section className="auth-card settings-guest" aria-labelledby="settings-guest">
          <h2 id="settings-guest">{t('auth.settings.guestTitle')}</h2>
          <p>{t('auth.settings.guestText')}</p>
          <Button
            onClick={() => {
              // Stay on this page after logging in.
              openAuthDialog('login', { onSuccess: () => undefined });
            }}
          >
            {t('auth.settings.loginToView')}
          </Button>
        </section>
      ) : null}
      {status === 'authenticated' && user ? <PersonalInfo user={user} /> : null}
      {status === 'authenticated' && user ? (
        <Suspense fallback={null}>
          <ChangePasswordForm />
        </Suspense>
      ) : null}
      {status === 'authenticated' && user ? <Suspense fallback={null}>{signedIn}</Suspense> : null}
      {status === 'loading' ? null : <Suspense fallback={null}>{device}</Suspense>}
      <LanguageChoice />
    </div>
  );
}
