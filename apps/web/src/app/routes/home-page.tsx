import { useTranslation } from 'react-i18next';
import { useParentCategories } from '../../features/catalogue/api/parent-categories.ts';
import { CategoryGrid } from '../../features/catalogue/components/category-grid.tsx';
import { currentLanguage } from '../../lib/i18n.ts';

export function HomePage() {
  const { t } = useTranslation();
  const categories = useParentCategories(currentLanguage());
  return (
    <div className="page">
      <section className="hero">
        <h1>{t('home.title')}</h1>
        <p>{t('home.subtitle')}</p>
      </section>
      <section aria-labelledby="categories-heading" aria-busy={categories.isPending}>
        <h2 id="categories-heading">{t('home.categoriesHeading')}</h2>
        {categories.isPending ? (
          <p role="status">{t('home.loadingCategories')}</p>
        ) : categories.data?.length ? (
          <CategoryGrid categories={categories.data} />
        ) : (
          <p>{t('home.noCategories')}</p>
        )}
      </section>
    </div>
  );
}
