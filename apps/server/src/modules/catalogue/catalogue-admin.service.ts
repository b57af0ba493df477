import { adminCatalogueMessages } from '@shop/contracts/admin-catalogue-messages';
import type { Clock } from '../../platform/clock.ts';
import { isUniqueViolation, type Db, type Tx } from '../../platform/db.ts';
import { AppError, type Text } from '../../platform/errors.ts';
import {
  createCatalogueAdminRepo,
  type BannerEdit,
  type BannerRow,
  type CardWithSku,
  type CatalogueAdminRepo,
  type CategoryEdit,
  type CategoryRow,
  type OperatorEdit,
  type OperatorRow,
} from './catalogue-admin.repo.ts';
import {
  createExchangeRatesAdminRepo,
  type ExchangeRatesAdminRepo,
} from './exchange-rates-admin.repo.ts';
import { checkStockCsv, writeStock, type StockCheck } from './stock-import.ts';

/** The catalogue's stored shapes the back-office edits (the module's public types). */
export type {
  BannerEdit,
  BannerRow,
  CategoryRow,
  CategoryWithCount,
  OperatorRow,
} from './catalogue-admin.repo.ts';

export type { ExchangeRateAdminRow } from './exchange-rates-admin.repo.ts';

/** What the back-office's settings page does to the exchange rates, in its own transaction. */
export type ExchangeRateRecords = Pick<ExchangeRatesAdminRepo, 'list' | 'lockAll' | 'update'>;
export const exchangeRateRecords = (db: Db): ExchangeRateRecords =>
  createExchangeRatesAdminRepo(db);

type Page = { offset: number; limit: number };

/**
 * Back-office writes to banners, categories, operators and card stock (issue 17). Each write's `written`
 * runs in its transaction (the caller's audit record: both commit or neither); once committed,
 * every instance's catalogue caches are dropped (ADR 0007), so Home and the listings show the
 * change at once.
 */
export function createCatalogueAdminService(deps: {
  repo: CatalogueAdminRepo;
  db: Db;
  pinKey: Buffer;
  clock: Clock;
  catalogueChanged: () => Promise<void>;
}) {
  const { repo, clock } = deps;
  /**
   * An edit under the row's lock: NOT_FOUND (`notFound`) without the row, else the row changed and
   * `written` told what it was and is, in the same transaction; once committed, the catalogue
   * caches are dropped. Answers the changed row.
   */
  const lockedEdit = async <R>(
    lock: (tx: Tx) => Promise<R | undefined>,
    notFound: Text,
    update: (tx: Tx) => Promise<R>,
    written: (tx: Tx, before: R, after: R) => Promise<void>,
  ): Promise<R> => {
    const row = await repo.transaction(async (tx) => {
      const current = await lock(tx);
      if (!current) throw new AppError('NOT_FOUND', notFound);
      const updated = await update(tx);
      await written(tx, current, updated);
      return updated;
    });
    await deps.catalogueChanged();
    return row;
  };
  return {
    listBanners: (page: Page) => repo.listBanners(page),
    productOf: (id: string) => repo.productOf(id),
    productCards: (...args: Parameters<typeof repo.productCards>) => repo.productCards(...args),

    editBanner: (
      id: string,
      edit: BannerEdit,
      written: (tx: Tx, before: BannerRow, after: BannerRow) => Promise<void>,
    ): Promise<BannerRow> =>
      lockedEdit(
        (tx) => repo.lockBanner(tx, id),
        adminCatalogueMessages.bannerNotFound,
        (tx) => repo.updateBanner(tx, id, edit, clock()),
        written,
      ),

    listCategories: (page: Page) => repo.listCategories(page),

    async editCategory(
      id: string,
      edit: CategoryEdit,
      written: (tx: Tx, before: CategoryRow, after: CategoryRow) => Promise<void>,
    ) {
      await lockedEdit(
        (tx) => repo.lockCategory(tx, id),
        adminCatalogueMessages.categoryNotFound,
        (tx) => repo.updateCategory(tx, id, edit, clock()),
        written,
      );
      const found = await repo.categoryById(id);
      if (!found) throw new Error(`category ${id} not found after its edit`);
      return found;
    },

    listOperators: () => repo.listOperators(),

    /** Names, brand colour or logo of an operator; its code (the phone rules' key) never changes. */
    editOperator: (
      id: string,
      edit: OperatorEdit,
      written: (tx: Tx, before: OperatorRow, after: OperatorRow) => Promise<void>,
    ): Promise<OperatorRow> =>
      lockedEdit(
        (tx) => repo.lockOperator(tx, id),
        adminCatalogueMessages.operatorNotFound,
        (tx) => repo.updateOperator(tx, id, edit, clock()),
        written,
      ),

    /** A card file checked by the importer of `npm run stock:import`; nothing written. */
    checkStock: (csv: string): Promise<StockCheck> =>
      checkStockCsv(deps.db, deps.pinKey, csv, clock()),

    /**
     * Writes a checked file's cards in one transaction with `written`. A serial someone imported
     * between the check and the write is a 409, and nothing is written.
     */
    async writeStock(checked: StockCheck, written: (tx: Db) => Promise<void>): Promise<void> {
      if (checked.rejected.length > 0) throw new Error('a file with refused rows is never written');
      try {
        await writeStock(deps.db, checked.cards, written);
      } catch (err) {
        if (isUniqueViolation(err))
          throw new AppError('CONFLICT', adminCatalogueMessages.stockRaced, undefined, {
            cause: err,
          });
        throw err;
      }
      await deps.catalogueChanged();
    },

    stockCounts: (at: { now: Date; soon: Date }, page: Page) => repo.stockCounts(at, page),

    /**
     * Takes an unsold card out of stock for good (void): a sold card, a void one, or one a
     * pending order holds now is a 409. The listings' stock changes, so the caches go.
     */
    async voidCard(
      id: string,
      written: (tx: Tx, before: CardWithSku['card'], after: CardWithSku['card']) => Promise<void>,
    ): Promise<CardWithSku> {
      const now = clock();
      const result = await repo.transaction(async (tx) => {
        const found = await repo.lockCard(tx, id);
        if (!found) throw new AppError('NOT_FOUND', adminCatalogueMessages.cardNotFound);
        const { card } = found;
        if (card.status === 'sold') throw new AppError('CONFLICT', adminCatalogueMessages.cardSold);
        if (card.status === 'void')
          throw new AppError('CONFLICT', adminCatalogueMessages.cardAlreadyVoid);
        const heldNow =
          card.reservedOrderId !== null && card.reservedUntil !== null && card.reservedUntil > now;
        if (card.status === 'reserved' || heldNow)
          throw new AppError('CONFLICT', adminCatalogueMessages.cardHeld);
        const voided = await repo.voidCard(tx, id, now);
        await written(tx, card, voided);
        return { card: voided, sku: found.sku };
      });
      await deps.catalogueChanged();
      return result;
    },
  };
}

export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;

/** The service on the database, its repo built here (the back-office builds no catalogue repo). */
export const buildCatalogueAdminService = (
  deps: Omit<Parameters<typeof createCatalogueAdminService>[0], 'repo'>,
): CatalogueAdminService =>
  createCatalogueAdminService({ ...deps, repo: createCatalogueAdminRepo(deps.db) });
