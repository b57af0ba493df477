import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBanners } from '../../features/catalogue/api/banners.ts';
import { useParentCategories } from '../../features/catalogue/api/parent-categories.ts';
import { BannerCarousel } from '../../features/catalogue/components/banner-carousel.tsx';
import { CategoryGrid } from '../../features/catalogue/components/category-grid.tsx';
import { currentLanguage } from '../../lib/i18n.ts';
import { removeStaticShell } from '../../lib/static-shell.ts';

/**
 * Below the fold, and its support claim reads the call-centre hours: loaded after the first render,
 * outside Home's initial JavaScript budget (120 KiB).
 */
const ShopHighlights = lazy(async () => ({
  default: (await import('../../features/catalogue/components/shop-highlights.tsx')).ShopHighlights,
}));

/** The server's first paint stays at most this long, even while the banners are still coming. */
const STATIC_SHELL_MAX_MS = 10_000;

export function HomePage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const banners = useBanners(language);
  const categories = useParentCategories(language);
  const noBanner = !banners.isPending && !banners.data?.length;

  // The server's first paint of Home (lib/static-shell.ts) goes when the carousel's first image
  // has loaded (BannerCarousel), when there is no banner, after a while, or when Home is left.
  useEffect(() => {
    if (noBanner) removeStaticShell();
  }, [noBanner]);
  useEffect(() => {
    const timer = setTimeout(removeStaticShell, STATIC_SHELL_MAX_MS);
    return () => {
      clearTimeout(timer);
      removeStaticShell();
    };
  }, []);

  return (
    <>
      <h1 className="visually-hidden">{t('home.title')}</h1>
      {banners.isPending ? (
        <div className="banner-carousel banner-carousel--loading" aria-hidden="true" />
      ) : banners.data?.length ? (
        <BannerCarousel banners={banners.data} />
      ) : (
        <section className="hero">
          <p className="hero__title">{t('home.title')}</p>
          <p>{t('home.subtitle')}</p>
        </section>
      )}
      <div className="page home">
        <section
          className="home__categories"
          aria-labelledby="categories-heading"
          aria-busy={categories.isPending}
        >
          <h2 id="categories-heading" className="section-title">
            {t('home.categoriesHeading')}
          </h2>
          {categories.isPending ? (
            <p role="status" className="category-grid category-grid--loading">
              <span className="visually-hidden">{t('home.loadingCategories')}</span>
            </p>
          ) : categories.data?.length ? (
            <CategoryGrid categories={categories.data} />
          ) : (
            <p>{t('home.noCategories')}</p>
          )}
        </section>
        <Suspense fallback={null}>
          <ShopHighlights />
        </Suspense>
      </div>
    </>
  );
}
