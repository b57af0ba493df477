import { useParams } from 'wouter';
import { ProductListing } from '../../features/catalogue/components/product-listing.tsx';
import NotFoundPage from './not-found-page.tsx';

/**
 * /product (choose a category) and /product/{categorySlug} (that category's products); a category
 * that does not exist is the 404 page.
 */
export default function ProductListingPage() {
  const params = useParams<{ slug?: string }>();
  return <ProductListing categorySlug={params.slug ?? null} notFound={<NotFoundPage />} />;
}
