import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { CategoryListQuery } from '@shop/contracts/catalogue';
import type { Db } from '../../platform/db.ts';
import { categories } from './catalogue.tables.ts';

export type CategoryRow = typeof categories.$inferSelect;

export function createCatalogueRepo(db: Db) {
  function categoryOrder(query: CategoryListQuery): SQL {
    const dir = query.sortOrder === 'desc' ? desc : asc;
    switch (query.sortField) {
      case 'name':
        return dir(sql`${categories.name}->>'en'`);
      case 'createdAt':
        return dir(categories.createdAt);
      case 'order':
        return dir(categories.sortOrder);
    }
  }

  return {
    async listCategories(
      parentId: string | null,
      query: CategoryListQuery,
    ): Promise<CategoryRow[]> {
      const where = [
        parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId),
      ];
      if (query.isActive !== undefined) where.push(eq(categories.isActive, query.isActive));
      return db
        .select()
        .from(categories)
        .where(and(...where))
        .orderBy(categoryOrder(query), asc(categories.slug));
    },

    async findCategory(id: string): Promise<CategoryRow | undefined> {
      const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
      return row;
    },
  };
}

export type CatalogueRepo = ReturnType<typeof createCatalogueRepo>;
