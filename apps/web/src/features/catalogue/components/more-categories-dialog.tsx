import type { Category } from '@shop/contracts/catalogue';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../catalogue-dialogs.css';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { CategoryTile } from './category-tile.tsx';

/** The '+N more' popup: the categories that did not fit the home grid. */
export default function MoreCategoriesDialog({
  categories,
  onClose,
}: {
  categories: Category[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('catalogue.grid.moreTitle')}
      className="more-categories"
    >
      <ul className="category-grid category-grid--popup" data-testid="more-categories">
        {categories.map((category) => (
          <li key={category.id}>
            <CategoryTile category={category} onNavigate={onClose} />
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
