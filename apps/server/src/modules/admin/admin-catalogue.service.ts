import { EXPIRING_WITHIN_DAYS } from '@shop/contracts/admin';
import { stockRejectedText } from '@shop/contracts/admin-catalogue-messages';
import type {
  AdminBanner,
  AdminBannerPatch,
  AdminCard,
  AdminCatalogueListQuery,
  AdminCategory,
  AdminCategoryPatch,
  AdminOperator,
  AdminOperatorPatch,
  AdminProductCardsQuery,
  AdminStockImportResult,
} from '@shop/contracts/admin-catalogue';
import { adminCatalogueMessages } from '@shop/contracts/admin-catalogue-messages';
import type { Language } from '@shop/contracts/languages';
import type { Clock } from '../../platform/clock.ts';
import { AppError, type Text } from '../../platform/errors.ts';
import type {
  BannerEdit,
  BannerRow,
  CatalogueAdminService,
  CategoryRow,
  CategoryWithCount,
  OperatorRow,
} from '../catalogue/catalogue-admin.service.ts';
import type { MediaService } from '../media/media.service.ts';
import { pageMeta } from './admin-paging.ts';
import type { AuditActor, AuditService } from './audit.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The table keeps "no link" as an empty text (the shop's banner answer has a string). */
const linkOf = (row: BannerRow) => (row.linkUrl === '' ? null : row.linkUrl);

/** What the audit log keeps of a banner: the fields an edit may change. */
const bannerRecord = (row: BannerRow) => ({
  title: row.title,
  description: row.description,
  linkUrl: linkOf(row),
  headline: row.headline,
  ctaLabel: row.ctaLabel,
  endsOn: row.endsOn,
  sortOrder: row.sortOrder,
  active: row.isActive,
  tint: row.tint,
  imageUrl: row.imageUrl,
  tabletImageUrl: row.tabletImageUrl,
  mobileImageUrl: row.mobileImageUrl,
  burmeseImages: row.localizedImages?.my ?? null,
});

const toBanner = (row: BannerRow): AdminBanner => ({
  id: row.id,
  ...bannerRecord(row),
  updatedAt: row.updatedAt.toISOString(),
});

const toCategory = ({ category, productCount }: CategoryWithCount): AdminCategory => ({
  id: category.id,
  slug: category.slug,
  name: category.name,
  sortOrder: category.sortOrder,
  active: category.isActive,
  productCount,
  parentId: category.parentId,
  imageUrl: category.imageUrl,
  updatedAt: category.updatedAt.toISOString(),
});
const categoryRecord = (row: CategoryRow) => ({
  name: row.name,
  sortOrder: row.sortOrder,
  active: row.isActive,
  imageUrl: row.imageUrl,
});

const toOperator = (row: OperatorRow): AdminOperator => ({
  id: row.id,
  code: row.code,
  name: row.name,
  logoUrl: row.logoUrl,
  brandColor: row.brandColor,
  updatedAt: row.updatedAt.toISOString(),
});
const operatorRecord = (row: OperatorRow) => ({
  name: row.name,
  brandColor: row.brandColor,
  logoUrl: row.logoUrl,
});

/**
 * The back-office's banners, categories and card stock (issue 17): the contract's shapes, and an
 * audit record in the transaction of every write the catalogue module makes for it.
 */
export function createAdminCatalogueService(deps: {
  catalogue: CatalogueAdminService;
  audit: AuditService;
  /** Checks the image addresses an edit stores (uploads, shipped images, the image CDN). */
  media: MediaService;
  clock: Clock;
}) {
  const { catalogue, audit, media } = deps;
  const paging = (query: AdminCatalogueListQuery) => ({
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });

  return {
    async banners(query: AdminCatalogueListQuery) {
      const { rows, total } = await catalogue.listBanners(paging(query));
      return { data: rows.map(toBanner), meta: pageMeta(query, total) };
    },

    async editBanner(id: string, patch: AdminBannerPatch, actor: AuditActor): Promise<AdminBanner> {
      const burmese = patch.burmeseImages;
      await media.checkImageUrls({
        imageUrl: patch.imageUrl,
        tabletImageUrl: patch.tabletImageUrl,
        mobileImageUrl: patch.mobileImageUrl,
        'burmeseImages.imageUrl': burmese?.imageUrl,
        'burmeseImages.tabletImageUrl': burmese?.tabletImageUrl,
        'burmeseImages.mobileImageUrl': burmese?.mobileImageUrl,
      });
      const edit: BannerEdit = {
        title: patch.title,
        description: patch.description,
        linkUrl: patch.linkUrl === undefined ? undefined : (patch.linkUrl ?? ''),
        headline: patch.headline,
        ctaLabel: patch.ctaLabel,
        endsOn: patch.endsOn,
        sortOrder: patch.sortOrder,
        isActive: patch.active,
        tint: patch.tint,
        imageUrl: patch.imageUrl,
        tabletImageUrl: patch.tabletImageUrl,
        mobileImageUrl: patch.mobileImageUrl,
      };
      // Burmese is the one language with pictures of its own (words drawn in Burmese).
      if (burmese !== undefined) edit.localizedImages = burmese === null ? null : { my: burmese };
      const row = await catalogue.editBanner(
        id,
        edit,
        audit.edited(
          actor,
          { action: 'banner.update', targetType: 'banner', targetId: id },
          bannerRecord,
        ),
      );
      return toBanner(row);
    },

    async categories(query: AdminCatalogueListQuery) {
      const { rows, total } = await catalogue.listCategories(paging(query));
      return { data: rows.map(toCategory), meta: pageMeta(query, total) };
    },

    async editCategory(
      id: string,
      patch: AdminCategoryPatch,
      actor: AuditActor,
    ): Promise<AdminCategory> {
      await media.checkImageUrls({ imageUrl: patch.imageUrl });
      const found = await catalogue.editCategory(
        id,
        {
          name: patch.name,
          sortOrder: patch.sortOrder,
          isActive: patch.active,
          imageUrl: patch.imageUrl,
        },
        audit.edited(
          actor,
          { action: 'category.update', targetType: 'category', targetId: id },
          categoryRecord,
        ),
      );
      return toCategory(found);
    },

    async operators(): Promise<AdminOperator[]> {
      return (await catalogue.listOperators()).map(toOperator);
    },

    /** Names, brand colour or logo of an operator, audited in its transaction. */
    async editOperator(
      id: string,
      patch: AdminOperatorPatch,
      actor: AuditActor,
    ): Promise<AdminOperator> {
      await media.checkImageUrls({ logoUrl: patch.logoUrl });
      const row = await catalogue.editOperator(
        id,
        { name: patch.name, brandColor: patch.brandColor, logoUrl: patch.logoUrl },
        audit.edited(
          actor,
          { action: 'operator.update', targetType: 'operator', targetId: id },
          operatorRecord,
        ),
      );
      return toOperator(row);
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
      const checked = await catalogue.checkStock(input.csv);
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
      await catalogue.writeStock(checked, (tx) =>
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
      return { ...result, committed: true };
    },

    async stock(query: AdminCatalogueListQuery) {
      const now = deps.clock();
      const { rows, total } = await catalogue.stockCounts(
        { now, soon: new Date(now.getTime() + EXPIRING_WITHIN_DAYS * DAY_MS) },
        paging(query),
      );
      return { data: rows, meta: pageMeta(query, total) };
    },

    /** A product's cards (never their PINs), newest first; 404 for no such product. */
    async productCards(productId: string, query: AdminProductCardsQuery) {
      const product = await catalogue.productOf(productId);
      if (!product) throw new AppError('NOT_FOUND', adminCatalogueMessages.productNotFound);
      const { rows, total } = await catalogue.productCards(
        productId,
        query.status,
        deps.clock(),
        paging(query),
      );
      return {
        product,
        data: rows.map((row) => ({
          ...row,
          expiresAt: row.expiresAt?.toISOString() ?? null,
          createdAt: row.createdAt.toISOString(),
        })),
        meta: pageMeta(query, total),
      };
    },

    /** Voids an unsold card no order holds, the reason kept in its audit record. */
    async voidCard(id: string, reason: string, actor: AuditActor): Promise<AdminCard> {
      const { card, sku } = await catalogue.voidCard(id, (tx, before, after) =>
        audit.record(tx, actor, {
          action: 'card.void',
          targetType: 'card',
          targetId: id,
          before: { status: before.status, productId: before.productId, serial: before.serial },
          after: { status: after.status, reason },
        }),
      );
      return {
        id: card.id,
        productId: card.productId,
        sku,
        serial: card.serial,
        status: 'void',
        expiresAt: card.expiresAt?.toISOString() ?? null,
        updatedAt: card.updatedAt.toISOString(),
      };
    },
  };
}

export type AdminCatalogueService = ReturnType<typeof createAdminCatalogueService>;
