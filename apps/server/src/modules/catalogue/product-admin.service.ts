import { adminMessages } from '@shop/contracts/admin-messages';
import type { Clock } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { ProductAdminRepo, ProductEdit, ProductRow } from './product-admin.repo.ts';

/** The fields of a product a back-office edit may change, as the audit log records them. */
export type ProductEditable = Pick<ProductRow, 'priceMmk' | 'discountPriceMmk' | 'status'>;
const editable = (row: ProductRow): ProductEditable => ({
  priceMmk: row.priceMmk,
  discountPriceMmk: row.discountPriceMmk,
  status: row.status,
});

/**
 * Back-office product edits (issue 17). The caller's `written` runs in the edit's transaction
 * (the audit record: both commit or neither); once committed, every instance's catalogue caches
 * are dropped (ADR 0007, with Redis on every instance).
 */
export function createProductAdminService(deps: {
  repo: ProductAdminRepo;
  clock: Clock;
  catalogueChanged: () => Promise<void>;
}) {
  return {
    async editProduct(
      id: string,
      edit: ProductEdit,
      written: (tx: Tx, before: ProductEditable, after: ProductEditable) => Promise<void>,
    ): Promise<ProductRow> {
      const updated = await deps.repo.transaction(async (tx) => {
        const current = await deps.repo.lockProduct(tx, id);
        if (!current) throw new AppError('NOT_FOUND', adminMessages.productNotFound);
        const price = edit.priceMmk ?? current.priceMmk;
        const discount =
          edit.discountPriceMmk === undefined ? current.discountPriceMmk : edit.discountPriceMmk;
        if (discount !== null && discount >= price)
          throw new AppError('VALIDATION_ERROR', adminMessages.discountNotBelowPrice, {
            discountPriceMmk: adminMessages.discountNotBelowPrice,
          });
        const row = await deps.repo.updateProduct(tx, id, edit, deps.clock());
        await written(tx, editable(current), editable(row));
        return row;
      });
      await deps.catalogueChanged();
      return updated;
    },
  };
}

export type ProductAdminService = ReturnType<typeof createProductAdminService>;
