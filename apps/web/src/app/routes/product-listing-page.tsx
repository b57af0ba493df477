import type { OperatorCode } from '@shop/contracts/phone';
import { lazy, Suspense } from 'react';
import { useParams } from 'wouter';
import { useAuth } from '../../features/auth/hooks/auth-context.ts';
import { ProductListing } from '../../features/catalogue/components/product-listing.tsx';
import NotFoundPage from './not-found-page.tsx';

// Saved numbers (issue 31): their code loads once a signed-in customer's listing needs a number.
const SavedNumberChips = lazy(
  () => import('../../features/recipients/components/saved-number-chips.tsx'),
);

/** The customer's saved numbers to pick from, once the session is known to be an account's. */
function SavedNumbers({ onChoose }: { onChoose: (phone: string, operator: OperatorCode) => void }) {
  const { status } = useAuth();
  if (status !== 'authenticated') return null;
  return (
    <Suspense fallback={null}>
      <SavedNumberChips onChoose={onChoose} />
    </Suspense>
  );
}

/**
 * /product (choose a category) and /product/{categorySlug} (that category's products); a category
 * that does not exist is the 404 page.
 */
export default function ProductListingPage() {
  const params = useParams<{ slug?: string }>();
  return (
    <ProductListing
      categorySlug={params.slug ?? null}
      notFound={<NotFoundPage />}
      savedNumbers={(choose) => <SavedNumbers onChoose={choose} />}
    />
  );
}
