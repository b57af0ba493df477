import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'wouter';
import { PageTitle } from '../../lib/page-title.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="page not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <PageTitle title={t('notFound.title')} />
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.description')}</p>
      <Link className="button button--primary" href="/">
        {t('notFound.goHome')}
      </Link>
    </div>
  );
}
