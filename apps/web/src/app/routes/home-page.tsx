import { HydrationRegion } from '../../components/layout/hydration-region.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import { useBanners } from '../../features/catalogue/api/banners.ts';
import { useParentCategories } from '../../features/catalogue/api/parent-categories.ts';
import { BannerCarousel } from '../../features/catalogue/components/banner-carousel.tsx';
import { CategoryGrid } from '../../features/catalogue/components/category-grid.tsx';
import { currentLanguage } from '../../lib/i18n.ts';
import { lazyPage } from '../../lib/lazy-page.tsx';
import { PageTitle } from '../../lib/page-title.tsx';

/**
 * Below the fold, and its support claim reads the call-centre hours: loaded after the first render,
 * outside Home's initial JavaScript budget (120 KiB).
 */
const ShopHighlights = lazyPage(async () => ({
  default: (await import('../../features/catalogue/components/shop-highlights.tsx')).ShopHighlights,
}));

/** Home's lazily loaded parts, loaded before React takes over the server's HTML of Home. */
export const preloadHomePage = () => ShopHighlights.preload();

export function HomePage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const banners = useBanners(language);
  const categories = useParentCategories(language);

  return (
    <>
      <PageTitle title={t('home.title')} />
      <h1 className="visually-hidden">{t('home.title')}</h1>
      {banners.isPending ? (
        <div className="banner-carousel banner-carousel--loading" aria-hidden="true" />
      ) : banners.data?.length ? (
        <HydrationRegion>
          <BannerCarousel banners={banners.data} />
        </HydrationRegion>
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
            <HydrationRegion>
              <CategoryGrid categories={categories.data} />
            </HydrationRegion>
          ) : (
            <p>{t('home.noCategories')}</p>
          )}
        </section>
        <HydrationRegion>
          <ShopHighlights />
        </HydrationRegion>
      </div>
    </>
  );
}
