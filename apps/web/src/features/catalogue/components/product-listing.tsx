import '../content/lazy-messages.ts';
import { operatorCodes, operatorNames, type OperatorCode } from '@shop/contracts/phone';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link, useLocation, useSearch } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import {
  categoryProductsQuery,
  DEFAULT_PRODUCT_SORT,
  isSort,
  listingParamsFromSearch,
  productSorts,
  useCategoryProducts,
  type ProductSort,
} from '../api/category-products.ts';
import { useParentCategories } from '../api/parent-categories.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { CategoryTile } from './category-tile.tsx';
import { PhoneEntry } from './phone-entry.tsx';
import { readListingPhone, rememberListingPhone } from '../listing-phone.ts';
import { HydrationRegion } from '../../../components/layout/hydration-region.tsx';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';
import '../listing.css';
import { PageTitle } from '../../../lib/page-title.tsx';

/** Categories whose products are sent to a phone number (spec §2: phone entry hint 09xxxxxxxx). */
const phoneCategorySlugs = new Set(['mobile-topup', 'data-package']);

/** Listing state lives in the URL (?operator=&sort=&page=) so it survives reloads and can be shared. */
function useListingParams() {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString();
    navigate(query ? `${path}?${query}` : path, { replace: true });
  };
  return { ...listingParamsFromSearch(search), update };
}

/** Numbers to pick from under the number field, given the way to type one in (the app's). */
export type SavedNumbersSlot = (
  choose: (phone: string, operator: OperatorCode) => void,
) => ReactNode;

export function ProductListing({
  categorySlug,
  notFound,
  savedNumbers,
}: {
  categorySlug: string | null;
  /** What a category that does not exist shows (the 404 page; issue 26). */
  notFound: React.ReactNode;
  /** The customer's saved numbers (issue 31), composed by the app: a feature above this one. */
  savedNumbers?: SavedNumbersSlot;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const categories = useParentCategories(language);
  // The same query as the products below (one request): the API's 404 for an unknown category.
  const listing = listingParamsFromSearch(useSearch());
  const products = useQuery({
    ...categoryProductsQuery({ category: categorySlug ?? '', ...listing }, language),
    enabled: categorySlug !== null,
  });
  const current = categories.data?.find((c) => c.slug === categorySlug) ?? null;
  const title = categorySlug
    ? (current?.name ?? t('catalogue.listing.products'))
    : t('catalogue.listing.allCategories');

  if (categorySlug !== null && products.data?.notFound) return <>{notFound}</>;
  return (
    <div className="page listing">
      <nav className="breadcrumbs" aria-label={t('catalogue.listing.breadcrumbs')}>
        <ol>
          <li>
            <Link href="/">{t('nav.home')}</Link>
          </li>
          <li>
            {categorySlug ? (
              <Link href="/product">{t('catalogue.listing.allCategories')}</Link>
            ) : (
              <span aria-current="page">{t('catalogue.listing.allCategories')}</span>
            )}
          </li>
          {categorySlug ? (
            <li>
              <span aria-current="page">{title}</span>
            </li>
          ) : null}
        </ol>
      </nav>
      <PageTitle title={title} />
      <h1 className="listing__title">{title}</h1>
      {categories.data?.length ? (
        <nav className="category-chips" aria-label={t('catalogue.listing.categories')}>
          <ul>
            {categories.data.map((category) => (
              <li key={category.id}>
                <Link
                  href={`/product/${category.slug}`}
                  className={category.slug === categorySlug ? 'chip chip--active' : 'chip'}
                  aria-current={category.slug === categorySlug ? 'page' : undefined}
                >
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {categorySlug ? (
        <CategoryProducts
          key={categorySlug}
          categorySlug={categorySlug}
          savedNumbers={savedNumbers}
        />
      ) : (
        <section aria-labelledby="choose-category">
          <h2 id="choose-category" className="section-title">
            {t('catalogue.listing.chooseCategory')}
          </h2>
          {categories.isPending ? (
            <p role="status">{t('catalogue.common.loading')}</p>
          ) : (
            <ul className="category-grid category-grid--all" data-testid="all-categories">
              {(categories.data ?? []).map((category) => (
                <li key={category.id}>
                  <CategoryTile category={category} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}

function CategoryProducts({
  categorySlug,
  savedNumbers,
}: {
  categorySlug: string;
  savedNumbers: SavedNumbersSlot | undefined;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { sort, operator, page, update } = useListingParams();
  const query = useCategoryProducts({ category: categorySlug, page, sort, operator }, language);
  // Read after the first render: the server's HTML has no stored number, and hydration must match it.
  const [phone, setPhone] = useState('');
  const sortId = useId();
  const listTop = useRef<HTMLHeadingElement>(null);
  const products = query.data?.products ?? [];
  const meta = query.data?.meta;
  const needsPhone =
    phoneCategorySlugs.has(categorySlug) ||
    products.some((p) => p.kind === 'topup' || p.kind === 'data');
  const showOperatorFilter = needsPhone || operator !== null || products.some((p) => p.operator);

  useEffect(() => {
    // Browser storage, read once the page is live: the server-rendered HTML (and so the
    // hydrating render) has no number. A number typed before that (PhoneEntry) wins.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPhone((typed) => typed || readListingPhone());
  }, []);
  useEffect(() => {
    rememberListingPhone(phone);
  }, [phone]);

  const goToPage = (next: number) => {
    update({ page: next > 1 ? String(next) : null });
    listTop.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <>
      {needsPhone ? (
        <div className="listing__phone">
          <HydrationRegion>
            <PhoneEntry
              value={phone}
              onChange={setPhone}
              onOperatorDetected={(detected) => {
                update({ operator: detected, page: null });
              }}
            />
          </HydrationRegion>
          {savedNumbers?.((chosen, chosenOperator) => {
            setPhone(chosen);
            update({ operator: chosenOperator, page: null });
          })}
          <p className="notice notice--warning" role="note">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M12 2L1 21h22zm-1 7h2v6h-2zm0 8h2v2h-2z" fill="currentColor" />
            </svg>
            <span>
              <strong>{t('catalogue.listing.simWarningTitle')}</strong>{' '}
              {t('catalogue.listing.simWarning')}
            </span>
          </p>
        </div>
      ) : null}
      <div className="listing__toolbar">
        {showOperatorFilter ? (
          <fieldset className="operator-filter">
            <legend>{t('catalogue.listing.operator')}</legend>
            <div className="operator-filter__options">
              {[null, ...operatorCodes].map((code) => (
                <label
                  key={code ?? 'all'}
                  className="chip chip--radio"
                  data-operator={code ?? undefined}
                >
                  <input
                    type="radio"
                    name="operator"
                    checked={operator === code}
                    onChange={() => {
                      update({ operator: code, page: null });
                    }}
                  />
                  <span>{code ? operatorNames[code] : t('catalogue.listing.allOperators')}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <div className="sort-select">
          <label htmlFor={sortId}>{t('catalogue.listing.sortBy')}</label>
          <select
            id={sortId}
            value={sort}
            onChange={(event) => {
              const value = event.target.value;
              if (isSort(value))
                update({ sort: value === DEFAULT_PRODUCT_SORT ? null : value, page: null });
            }}
          >
            {(Object.keys(productSorts) as ProductSort[]).map((key) => (
              <option key={key} value={key}>
                {t(`catalogue.listing.sorts.${key}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <h2 ref={listTop} className="visually-hidden" id="products-heading">
        {t('catalogue.listing.products')}
      </h2>
      <div
        aria-labelledby="products-heading"
        aria-busy={query.isFetching}
        className="listing__results"
      >
        {query.isPending ? (
          <div className="product-grid" role="status">
            <span className="visually-hidden">{t('catalogue.listing.loading')}</span>
            {Array.from({ length: 6 }, (_, i) => (
              <ProductCardSkeleton key={i} />
            ))}
          </div>
        ) : products.length === 0 ? (
          <div className="empty-state" data-testid="empty-products">
            <svg viewBox="0 0 24 24" width="48" height="48" aria-hidden="true">
              <path
                d="M10 2a8 8 0 016.3 12.9l5.4 5.4-1.4 1.4-5.4-5.4A8 8 0 1110 2zm0 2a6 6 0 100 12 6 6 0 000-12z"
                fill="currentColor"
              />
            </svg>
            <p className="empty-state__title">{t('catalogue.listing.emptyTitle')}</p>
            <p>{operator ? t('catalogue.listing.emptyFiltered') : t('catalogue.listing.empty')}</p>
            {operator ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  update({ operator: null, page: null });
                }}
              >
                {t('catalogue.listing.showAllOperators')}
              </button>
            ) : null}
          </div>
        ) : (
          <ul className={query.isPlaceholderData ? 'product-grid is-refreshing' : 'product-grid'}>
            {products.map((product) => (
              <li key={product.id}>
                <HydrationRegion>
                  <ProductCard product={product} recipientPhone={needsPhone ? phone : ''} />
                </HydrationRegion>
              </li>
            ))}
          </ul>
        )}
      </div>
      {meta && meta.totalPages > 1 ? (
        <nav className="pagination" aria-label={t('catalogue.listing.pagination')}>
          <button
            type="button"
            className="button button--secondary"
            disabled={meta.page <= 1}
            onClick={() => {
              goToPage(meta.page - 1);
            }}
          >
            {t('catalogue.listing.previous')}
          </button>
          <p className="pagination__status" aria-live="polite">
            {t('catalogue.listing.pageOf', { page: meta.page, total: meta.totalPages })}
          </p>
          <button
            type="button"
            className="button button--secondary"
            disabled={meta.page >= meta.totalPages}
            onClick={() => {
              goToPage(meta.page + 1);
            }}
          >
            {t('catalogue.listing.next')}
          </button>
        </nav>
      ) : null}
    </>
  );
}
