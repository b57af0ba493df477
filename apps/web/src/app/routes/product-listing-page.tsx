import { useParams } from 'wouter';
import { ProductListing } from '../../features/catalogue/components/product-listing.tsx';

/** /product (choose a category) and /product/{categorySlug} (that category's products). */
export default function ProductListingPage() {
  const params = useParams<{ slug?: string }>();
  return <ProductListing categorySlug={params.slug ?? null} />;
}
