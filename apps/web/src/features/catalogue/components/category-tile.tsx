import type { Category } from '@shop/contracts/catalogue';
import { Link } from 'wouter';
import { uploadSrcSet } from '@shop/contracts/media-variants';
import { fallBackToLogo, safeImageSource } from '../../../lib/image-source.ts';

export function CategoryTile({
  category,
  onNavigate,
}: {
  category: Category;
  onNavigate?: () => void;
}) {
  return (
    <Link className="category-tile" href={`/product/${category.slug}`} onClick={onNavigate}>
      <span className="category-tile__icon">
        <img
          src={safeImageSource(category.imageUrl || category.icon)}
          srcSet={uploadSrcSet(safeImageSource(category.imageUrl || category.icon))}
          sizes="(max-width: 767px) 34px, 44px"
          alt=""
          width={48}
          height={48}
          decoding="async"
          onError={fallBackToLogo}
        />
      </span>
      <span className="category-tile__name">{category.name}</span>
    </Link>
  );
}
