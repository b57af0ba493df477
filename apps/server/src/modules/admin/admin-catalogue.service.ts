import { EXPIRING_WITHIN_DAYS } from '@shop/contracts/admin';
import {
  adminCatalogueMessages,
  stockRejectedText,
} from '@shop/contracts/admin-catalogue-messages';
import type {
  AdminBanner,
  AdminBannerPatch,
  AdminCard,
  AdminCatalogueListQuery,
  AdminCategory,
  AdminCategoryPatch,
  AdminStockImportResult,
} from '@shop/contracts/admin-catalogue';
import type { Language } from '@shop/contracts/languages';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, type Text } from '../../platform/errors.ts';
import type {
  BannerEdit,
  BannerRow,
  CatalogueAdminRepo,
  CategoryEdit,
  CategoryWithCount,
} from '../catalogue/catalogue-admin.repo.ts';
import { checkStockCsv, writeStock } from '../catalogue/stock-import.ts';
import { isUniqueViolation } from '../orders/orders.service.ts';
import { pageMeta } from './admin-paging.ts';
import type { AuditActor, AuditService } from './audit.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const toBanner = (row: BannerRow): AdminBanner => ({
  id: row.id,
  title: row.title,
  description: row.description,
  linkUrl: row.linkUrl === '' ? null : row.linkUrl,
  sortOrder: row.sortOrder,
  active: row.isActive,
  tint: row.tint,
  imageUrl: row.imageUrl,
  updatedAt: row.updatedAt.toISOString(),
});
/** What the audit log keeps of a banner: the fields an edit may change. */
const bannerRecord = (row: BannerRow) => ({
  title: row.title,
  description: row.description,
  linkUrl: row.linkUrl === '' ? null : row.linkUrl,
  sortOrder: row.sortOrder,
  active: row.isActive,
  tint: row.tint,
});

const toCategory = ({ category, productCount }: CategoryWithCount): AdminCategory => ({
  id: category.id,
  slug: category.slug,
  name: category.name,
  sortOrder: category.sortOrder,
  active: category.isActive,
  productCount,
  parentId: category.parentId,
  updatedAt: category.updatedAt.toISOString(),
});
const categoryRecord = (row: CategoryWithCount['category']) => ({
  name: row.name,
  sortOrder: row.sortOrder,
  active: row.isActive,
});

/**
 * Back-office banners, categories and card stock (issue 17). Every write commits with its audit
 * record in one transaction; once committed, the catalogue caches of every instance are dropped
 * (catalogueChanged), so Home and the listings show the change at once.
 */
export function createAdminCatalogueService(deps: {
  repo: CatalogueAdminRepo;
  db: Db;
  pinKey: Buffer;
  audit: AuditService;
  clock: Clock;
  catalogueChanged: () => Promise<void>;
}) {
  const { repo, audit, clock } = deps;
  const paging = (query: AdminCatalogueListQuery) => ({
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });

  return {
    async banners(query: AdminCatalogueListQuery) {
      const { rows, total } = await repo.listBanners(paging(query));
      return { data: rows.map(toBanner), meta: pageMeta(query, total) };
    },

    async editBanner(id: string, patch: AdminBannerPatch, actor: AuditActor): Promise<AdminBanner> {
      const edit: BannerEdit = {
        title: patch.title,
        description: patch.description,
        // The table keeps "no link" as an empty text (the shop's banner answer has a string).
        linkUrl: patch.linkUrl === undefined ? undefined : (patch.linkUrl ?? ''),
        sortOrder: patch.sortOrder,
        isActive: patch.active,
        tint: patch.tint,
      };
      const row = await repo.transaction(async (tx) => {
        const current = await repo.lockBanner(tx, id);
        if (!current) throw new AppError('NOT_FOUND', adminCatalogueMessages.bannerNotFound);
        const updated = await repo.updateBanner(tx, id, edit, clock());
        await audit.record(tx, actor, {
          action: 'banner.update',
          targetType: 'banner',
          targetId: id,
          before: bannerRecord(current),
          after: bannerRecord(updated),
        });
        return updated;
      });
      await deps.catalogueChanged();
      return toBanner(row);
    },

    async categories(query: AdminCatalogueListQuery) {
      const { rows, total } = await repo.listCategories(paging(query));
      return { data: rows.map(toCategory), meta: pageMeta(query, total) };
    },

    async editCategory(
      id: string,
      patch: AdminCategoryPatch,
      actor: AuditActor,
    ): Promise<AdminCategory> {
      const edit: CategoryEdit = {
        name: patch.name,
        sortOrder: patch.sortOrder,
        isActive: patch.active,
      };
      await repo.transaction(async (tx) => {
        const current = await repo.lockCategory(tx, id);
        if (!current) throw new AppError('NOT_FOUND', adminCatalogueMessages.categoryNotFound);
        const updated = await repo.updateCategory(tx, id, edit, clock());
        await audit.record(tx, actor, {
          action: 'category.update',
          targetType: 'category',
          targetId: id,
          before: categoryRecord(current),
          after: categoryRecord(updated),
        });
      });
      await deps.catalogueChanged();
      const found = await repo.categoryById(id);
      if (!found) throw new Error(`category ${id} not found after its edit`);
      return toCategory(found);
    },

    /**
     * The card file through the importer of `npm run stock:import`. commit false: the check alone,
     * nothing written. commit true: with any row refused a 409 naming each (fields "line.N"),
     * nothing written; else every card in one transaction with its audit record (counts only,
     * never a serial or a PIN).
     */
    async importStock(
      input: { csv: string; commit: boolean },
      actor: AuditActor,
      lang: Language,
    ): Promise<AdminStockImportResult> {
      const checked = await checkStockCsv(deps.db, deps.pinKey, input.csv, clock());
      const result: AdminStockImportResult = {
        committed: false,
        accepted: checked.cards.length,
        rejected: checked.rejected.map((r) => ({ line: r.line, reason: r.text[lang] })),
        byProduct: checked.byProduct,
      };
      if (!input.commit) return result;
      if (checked.rejected.length > 0) {
        const fields: Record<string, Text> = {};
        for (const r of checked.rejected) fields[`line.${String(r.line)}`] = r.text;
        throw new AppError('CONFLICT', stockRejectedText(checked.rejected.length), fields);
      }
      try {
        await writeStock(deps.db, checked.cards, (tx) =>
          audit.record(tx, actor, {
            action: 'stock.import',
            targetType: 'card_stock',
            targetId: 'import',
            after: {
              cards: checked.cards.length,
              byProduct: checked.byProduct.map((p) => ({
                productId: p.productId,
                sku: p.sku,
                cards: p.cards,
              })),
            },
          }),
        );
      } catch (err) {
        // Someone imported some of these serials between the check and the write.
        if (isUniqueViolation(err))
          throw new AppError('CONFLICT', adminCatalogueMessages.stockRaced, undefined, {
            cause: err,
          });
        throw err;
      }
      await deps.catalogueChanged();
      return { ...result, committed: true };
    },

    async stock(query: AdminCatalogueListQuery) {
      const now = clock();
      const { rows, total } = await repo.stockCounts(
        { now, soon: new Date(now.getTime() + EXPIRING_WITHIN_DAYS * DAY_MS) },
        paging(query),
      );
      return { data: rows, meta: pageMeta(query, total) };
    },

    /**
     * Takes an unsold card out of stock for good (void): a sold card, or one a pending order holds
     * now, is a 409. Audited with the reason; the listings' stock counts change, so the caches go.
     */
    async voidCard(id: string, reason: string, actor: AuditActor): Promise<AdminCard> {
      const now = clock();
      const result = await repo.transaction(async (tx) => {
        const found = await repo.lockCard(tx, id);
        if (!found) throw new AppError('NOT_FOUND', adminCatalogueMessages.cardNotFound);
        const { card } = found;
        if (card.status === 'sold') throw new AppError('CONFLICT', adminCatalogueMessages.cardSold);
        if (card.status === 'void')
          throw new AppError('CONFLICT', adminCatalogueMessages.cardAlreadyVoid);
        if (
          card.status === 'reserved' ||
          (card.reservedOrderId !== null && card.reservedUntil !== null && card.reservedUntil > now)
        )
          throw new AppError('CONFLICT', adminCatalogueMessages.cardHeld);
        const voided = await repo.voidCard(tx, id, now);
        await audit.record(tx, actor, {
          action: 'card.void',
          targetType: 'card',
          targetId: id,
          before: { status: card.status, productId: card.productId, serial: card.serial },
          after: { status: voided.status, reason },
        });
        return { card: voided, sku: found.sku };
      });
      await deps.catalogueChanged();
      return {
        id: result.card.id,
        productId: result.card.productId,
        sku: result.sku,
        serial: result.card.serial,
        status: 'void',
        expiresAt: result.card.expiresAt?.toISOString() ?? null,
        updatedAt: result.card.updatedAt.toISOString(),
      };
    },
  };
}

export type AdminCatalogueService = ReturnType<typeof createAdminCatalogueService>;
