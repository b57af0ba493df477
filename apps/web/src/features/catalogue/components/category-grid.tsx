import type { Category } from '@shop/contracts/catalogue';
import { Link } from 'wouter';

export function CategoryGrid({ categories }: { categories: Category[] }) {
  return (
    <ul className="category-grid" data-testid="category-grid">
      {categories.map((category) => (
        <li key={category.id}>
          <Link className="category-tile" href={`/product/${category.slug}`}>
            <img src={category.imageUrl} alt="" width={56} height={56} loading="lazy" />
            <span>{category.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
