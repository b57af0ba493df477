import type { Category } from '@shop/contracts/catalogue';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { CategoryTile } from './category-tile.tsx';

const MoreCategoriesDialog = lazy(() => import('./more-categories-dialog.tsx'));

/** Spec §9: above 4 categories the grid shows the first 3 and a '+N more' tile. */
export const CATEGORY_GRID_SLOTS = 4;

export function CategoryGrid({ categories }: { categories: Category[] }) {
  const { t } = useTranslation();
  const [moreOpen, setMoreOpen] = useState(false);
  const overflow = categories.length > CATEGORY_GRID_SLOTS;
  const shown = overflow ? categories.slice(0, CATEGORY_GRID_SLOTS - 1) : categories;
  const rest = overflow ? categories.slice(CATEGORY_GRID_SLOTS - 1) : [];
  return (
    <>
      <ul className="category-grid" data-testid="category-grid">
        {shown.map((category) => (
          <li key={category.id}>
            <CategoryTile category={category} />
          </li>
        ))}
        {overflow ? (
          <li>
            <button
              type="button"
              className="category-tile category-tile--more"
              aria-haspopup="dialog"
              onClick={() => {
                setMoreOpen(true);
              }}
            >
              <span className="category-tile__icon category-tile__icon--more" aria-hidden="true">
                <svg viewBox="0 0 24 24" width="28" height="28">
                  <path d="M4 4h7v7H4zm9 0h7v7h-7zM4 13h7v7H4zm9 0h7v7h-7z" fill="currentColor" />
                </svg>
              </span>
              <span className="category-tile__name">
                {t('catalogue.grid.more', { n: rest.length })}
              </span>
            </button>
          </li>
        ) : null}
      </ul>
      {moreOpen ? (
        <Suspense fallback={null}>
          <MoreCategoriesDialog
            categories={rest}
            onClose={() => {
              setMoreOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
