import type { Product } from '@shop/contracts/catalogue';
import type { OperatorCode } from '@shop/contracts/phone';
import { useQuery } from '@tanstack/react-query';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatKyat } from '../../../lib/money-format.ts';
import { categoryProductsQuery } from '../api/category-products.ts';

/**
 * The top-up and data products of one operator on sale, cheapest first: a saved number's usual
 * product, a top-me-up request's product. Read as the listings read them (the catalogue's query,
 * its cache shared with those pages).
 */
export function useOperatorProducts(operator: OperatorCode | null) {
  const language = currentLanguage();
  // One query a category (two, in this order): useQueries would add its observer to every page.
  const read = (category: 'mobile-topup' | 'data-package') => ({
    ...categoryProductsQuery(
      { category, page: 1, sort: 'price-asc', operator: operator ?? 'MPT' },
      language,
    ),
    enabled: operator !== null,
  });
  const topUps = useQuery(read('mobile-topup'));
  const data = useQuery(read('data-package'));
  return {
    products: [topUps, data].flatMap((page) =>
      (page.data?.products ?? []).filter((product) => product.status === 'active'),
    ),
    isFetching: topUps.isFetching || data.isFetching,
  };
}

/** A select's options for those products: "MPT 1,000 Ks · 950 Ks" (the price paid). */
export function OperatorProductOptions({ products }: { products: readonly Product[] }) {
  const language = currentLanguage();
  return products.map((product) => (
    <option key={product.id} value={product.id}>
      {product.name} · {formatKyat(product.discountPrice ?? product.price, language)}
    </option>
  ));
}
