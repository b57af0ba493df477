import { adminMessages } from '@shop/contracts/admin-messages';
import { adminSchemaMessages } from '@shop/contracts/admin-schema-messages';
import type { AdminProductCreate, AdminProductPatch } from '@shop/contracts/admin';
import { isCardKind } from '@shop/contracts/orders';
import type { Clock } from '../../platform/clock.ts';
import type { Db, Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import {
  createProductAdminRepo,
  type ProductAdminRepo,
  type ProductEdit,
  type ProductEditableField,
  type ProductInsert,
  type ProductRow,
} from './product-admin.repo.ts';

/** A product as stored, for the back-office (the module's public type). */
export type { ProductRow } from './product-admin.repo.ts';

/** The fields of a product a back-office edit may change, as the audit log records them. */
export type ProductEditable = Pick<ProductRow, ProductEditableField> & { operator: string | null };
const editable = (row: ProductRow, operator: string | null): ProductEditable => ({
  priceMmk: row.priceMmk,
  discountPriceMmk: row.discountPriceMmk,
  status: row.status,
  name: row.name,
  description: row.description,
  operator,
  sortOrder: row.sortOrder,
  imageUrl: row.imageUrl,
  instructions: row.instructions,
  source: row.source,
  reloadlyProductId: row.reloadlyProductId,
  reloadlyUnitPrice: row.reloadlyUnitPrice,
});

/**
 * The product's source after an edit (ADR 0063): cards bought on demand from Reloadly need an
 * E-PIN or gift card with Reloadly's product id and unit price; refused otherwise (400, both
 * languages).
 */
function checkSource(current: ProductRow, patch: AdminProductPatch): void {
  const source = patch.source ?? current.source;
  const productId =
    patch.reloadlyProductId === undefined ? current.reloadlyProductId : patch.reloadlyProductId;
  const unitPrice =
    patch.reloadlyUnitPrice === undefined ? current.reloadlyUnitPrice : patch.reloadlyUnitPrice;
  if (source === 'reloadly' && (!isCardKind(current.kind) || !productId || !unitPrice))
    throw new AppError('VALIDATION_ERROR', adminSchemaMessages.reloadlyProduct, {
      source: adminSchemaMessages.reloadlyProduct,
    });
}

/** What a create records: the editable fields, the fixed ones and the kind's own. */
export type ProductCreated = ProductEditable &
  Pick<
    ProductRow,
    | 'sku'
    | 'kind'
    | 'categoryId'
    | 'topupAmountMmk'
    | 'dataMb'
    | 'validityDays'
    | 'faceValueMinor'
    | 'faceCurrency'
  >;

/**
 * The columns of a product's kind (the demo catalogue's rules, db/seed.test.ts): a top-up credits
 * its price (fulfilment sends topupAmountMmk to the aggregator), a data package its MB for its
 * days, a gift card its face value; every other kind's column stays empty.
 */
function kindFields(
  input: AdminProductCreate,
): Pick<
  ProductInsert,
  'topupAmountMmk' | 'dataMb' | 'validityDays' | 'faceValueMinor' | 'faceCurrency'
> {
  const none = {
    topupAmountMmk: null,
    dataMb: null,
    validityDays: null,
    faceValueMinor: null,
    faceCurrency: null,
  };
  switch (input.kind) {
    case 'epin':
      return none;
    case 'topup':
      return { ...none, topupAmountMmk: input.priceMmk };
    case 'data':
      return { ...none, dataMb: input.dataMb, validityDays: input.validityDays };
    case 'giftcard':
      return {
        ...none,
        faceValueMinor: input.faceValue?.amount ?? null,
        faceCurrency: input.faceValue?.currency ?? null,
      };
  }
}

/** Postgres unique_violation (SQLSTATE 23505), as node-postgres and PGlite report it. */
const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
};
const skuTaken = () =>
  new AppError('CONFLICT', adminMessages.skuTaken, { sku: adminMessages.skuTaken });
const notBelow = () =>
  new AppError('VALIDATION_ERROR', adminMessages.discountNotBelowPrice, {
    discountPriceMmk: adminMessages.discountNotBelowPrice,
  });

/**
 * Back-office product edits and creations (issue 17). The caller's `written` runs in the write's
 * transaction (the audit record: both commit or neither); once committed, every instance's
 * catalogue caches are dropped (ADR 0007, with Redis on every instance).
 */
export function createProductAdminService(deps: {
  repo: ProductAdminRepo;
  clock: Clock;
  catalogueChanged: () => Promise<void>;
}) {
  /** An operator code to its row id; null stays null (no operator). */
  async function operatorId(tx: Tx, code: string | null): Promise<string | null> {
    if (code === null) return null;
    const id = await deps.repo.operatorIdOf(tx, code);
    if (!id)
      throw new AppError('VALIDATION_ERROR', adminMessages.operatorUnknown, {
        operator: adminMessages.operatorUnknown,
      });
    return id;
  }

  return {
    async editProduct(
      id: string,
      patch: AdminProductPatch,
      written: (tx: Tx, before: ProductEditable, after: ProductEditable) => Promise<void>,
    ): Promise<ProductRow> {
      const updated = await deps.repo.transaction(async (tx) => {
        const current = await deps.repo.lockProduct(tx, id);
        if (!current) throw new AppError('NOT_FOUND', adminMessages.productNotFound);
        const price = patch.priceMmk ?? current.priceMmk;
        const discount =
          patch.discountPriceMmk === undefined ? current.discountPriceMmk : patch.discountPriceMmk;
        if (discount !== null && discount >= price) throw notBelow();
        const { operator, ...rest } = patch;
        const edit: ProductEdit = { ...rest };
        // A top-up or data line is sent to the recipient's operator: it cannot lose it.
        if (operator === null && (current.kind === 'topup' || current.kind === 'data'))
          throw new AppError('VALIDATION_ERROR', adminSchemaMessages.operatorRequired, {
            operator: adminSchemaMessages.operatorRequired,
          });
        // Redeem instructions go with delivered codes: a top-up or data package has none.
        if (patch.instructions && !isCardKind(current.kind))
          throw new AppError('VALIDATION_ERROR', adminSchemaMessages.instructionsCodesOnly, {
            instructions: adminSchemaMessages.instructionsCodesOnly,
          });
        checkSource(current, patch);
        if (operator !== undefined) edit.operatorId = await operatorId(tx, operator);
        const beforeOperator = await deps.repo.operatorCodeOf(tx, current.operatorId);
        const row = await deps.repo.updateProduct(tx, id, edit, deps.clock());
        const afterOperator =
          operator === undefined
            ? beforeOperator
            : await deps.repo.operatorCodeOf(tx, row.operatorId);
        await written(tx, editable(current, beforeOperator), editable(row, afterOperator));
        return row;
      });
      await deps.catalogueChanged();
      return updated;
    },

    /**
     * A new product of any kind, with what its kind needs (kindFields) and its uploaded picture
     * or, without one, its category's; the row and the caller's record in one transaction.
     */
    async createProduct(
      input: AdminProductCreate,
      written: (tx: Tx, id: string, after: ProductCreated) => Promise<void>,
    ): Promise<ProductRow> {
      let created: ProductRow;
      try {
        created = await deps.repo.transaction(async (tx) => {
          const category = await deps.repo.categoryOf(tx, input.categoryId);
          if (!category)
            throw new AppError('VALIDATION_ERROR', adminMessages.categoryUnknown, {
              categoryId: adminMessages.categoryUnknown,
            });
          if (input.discountPriceMmk !== null && input.discountPriceMmk >= input.priceMmk)
            throw notBelow();
          if (await deps.repo.skuTaken(tx, input.sku)) throw skuTaken();
          const row = await deps.repo.insertProduct(
            tx,
            {
              categoryId: input.categoryId,
              operatorId: await operatorId(tx, input.operator),
              kind: input.kind,
              sku: input.sku,
              name: input.name,
              description: input.description,
              priceMmk: input.priceMmk,
              discountPriceMmk: input.discountPriceMmk,
              status: input.status,
              sortOrder: input.sortOrder,
              imageUrl: input.imageUrl ?? category.imageUrl,
              instructions: input.instructions,
              ...kindFields(input),
            },
            deps.clock(),
          );
          await written(tx, row.id, {
            ...editable(row, input.operator),
            sku: row.sku,
            kind: row.kind,
            categoryId: row.categoryId,
            topupAmountMmk: row.topupAmountMmk,
            dataMb: row.dataMb,
            validityDays: row.validityDays,
            faceValueMinor: row.faceValueMinor,
            faceCurrency: row.faceCurrency,
          });
          return row;
        });
      } catch (err) {
        // Two creates of one SKU at once: the second meets the unique index.
        if (!(err instanceof AppError) && isUniqueViolation(err)) throw skuTaken();
        throw err;
      }
      await deps.catalogueChanged();
      return created;
    },
  };
}

export type ProductAdminService = ReturnType<typeof createProductAdminService>;

/** The service on the database, its repo built here (the back-office builds no catalogue repo). */
export const buildProductAdminService = (
  db: Db,
  deps: Omit<Parameters<typeof createProductAdminService>[0], 'repo'>,
): ProductAdminService => createProductAdminService({ ...deps, repo: createProductAdminRepo(db) });
