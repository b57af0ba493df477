import type { Category, CategoryListQuery } from '@shop/contracts/catalogue';
import type { Language } from '@shop/contracts/i18n';
import { notFound } from '../../platform/errors.ts';
import type { MediaUrls } from '../../platform/media.ts';
import type { CatalogueRepo, CategoryRow } from './catalogue.repo.ts';

export function createCatalogueService(repo: CatalogueRepo, media: MediaUrls) {
  const toCategory = (row: CategoryRow, lang: Language): Category => ({
    _id: row.id,
    id: row.id,
    name: row.name[lang],
    _nameMultilingual: row.name,
    slug: row.slug,
    isActive: row.isActive,
    order: row.sortOrder,
    imageUrl: media.absolute(row.imageUrl),
    icon: media.absolute(row.imageUrl),
    parentId: row.parentId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  return {
    async listParentCategories(query: CategoryListQuery, lang: Language): Promise<Category[]> {
      const rows = await repo.listCategories(null, query);
      return rows.map((r) => toCategory(r, lang));
    },

    async listChildCategories(
      parentId: string,
      query: CategoryListQuery,
      lang: Language,
    ): Promise<Category[]> {
      if (!(await repo.findCategory(parentId))) throw notFound('Category not found');
      const rows = await repo.listCategories(parentId, query);
      return rows.map((r) => toCategory(r, lang));
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
