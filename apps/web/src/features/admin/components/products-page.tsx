import { adminProductStatuses, type AdminProduct } from '@shop/contracts/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { adminWrites, useAdminProducts } from '../api/admin-api.ts';
import { AdminAlert } from './admin-alert.tsx';
import { FilterForm, ListBody, kyat, useListFilters, type FilterField } from './admin-list.tsx';

const fields: FilterField[] = [
  { name: 'q', label: 'SKU or name' },
  { name: 'status', label: 'State', type: 'select', options: adminProductStatuses },
];

/** Products with price, state and cards on hand; an admin changes price, discount and state. */
export function ProductsPage() {
  const { filters, apply, goTo } = useListFilters();
  const query = useAdminProducts(filters);
  const [editing, setEditing] = useState<AdminProduct | null>(null);
  return (
    <>
      <h1>Products</h1>
      <FilterForm fields={fields} onApply={apply} label="Search products" />
      <ListBody query={query} empty="No products match." onPage={goTo}>
        {(products) => (
          <table className="admin-table" data-testid="admin-products">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">SKU</th>
                <th scope="col">Category</th>
                <th scope="col">Price</th>
                <th scope="col">Discount price</th>
                <th scope="col">State</th>
                <th scope="col">Cards on hand</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {products.map((product) => (
                <tr key={product.id}>
                  <th scope="row">
                    {product.name.en}
                    <span className="admin-sub" lang="my">
                      {product.name.my}
                    </span>
                  </th>
                  <td>{product.sku}</td>
                  <td>{product.category.en}</td>
                  <td>{kyat(product.priceMmk)}</td>
                  <td>
                    {product.discountPriceMmk === null ? '—' : kyat(product.discountPriceMmk)}
                  </td>
                  <td>{product.status.replace(/_/g, ' ')}</td>
                  <td>{product.availableCards ?? '—'}</td>
                  <td>
                    <Button
                      variant="secondary"
                      aria-label={`Edit ${product.name.en}`}
                      onClick={() => {
                        setEditing(product);
                      }}
                    >
                      Edit
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListBody>
      {editing ? (
        <EditProductDialog
          product={editing}
          onClose={() => {
            setEditing(null);
          }}
        />
      ) : null}
    </>
  );
}

interface EditValues {
  priceMmk: string;
  discountPriceMmk: string;
  status: AdminProduct['status'];
}

/** Whole kyat from a field; an empty discount clears it. */
const wholeKyat = (text: string) => Number(text.replace(/[,\s]/g, ''));

function EditProductDialog({ product, onClose }: { product: AdminProduct; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<EditValues>({
    defaultValues: {
      priceMmk: String(product.priceMmk),
      discountPriceMmk: product.discountPriceMmk === null ? '' : String(product.discountPriceMmk),
      status: product.status,
    },
  });
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const discount = values.discountPriceMmk.trim();
      const answer = await adminWrites.editProduct(product.id, {
        priceMmk: wholeKyat(values.priceMmk),
        discountPriceMmk: discount === '' ? null : wholeKyat(discount),
        status: values.status,
      });
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      onClose();
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <Dialog open onClose={onClose} title={`Edit ${product.name.en}`} size="small">
      <form className="admin-form" onSubmit={(event) => void submit(event)} noValidate>
        <FormField id={`${id}-price`} label="Price (Ks)">
          <input
            {...form.register('priceMmk')}
            {...fieldAria(`${id}-price`)}
            className="ui-input"
            inputMode="numeric"
            data-autofocus
          />
        </FormField>
        <FormField
          id={`${id}-discount`}
          label="Discount price (Ks)"
          hint="Leave empty for no discount."
        >
          <input
            {...form.register('discountPriceMmk')}
            {...fieldAria(`${id}-discount`, null, true)}
            className="ui-input"
            inputMode="numeric"
          />
        </FormField>
        <FormField id={`${id}-status`} label="State">
          <select {...form.register('status')} {...fieldAria(`${id}-status`)} className="ui-input">
            {adminProductStatuses.map((status) => (
              <option key={status} value={status}>
                {status.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </FormField>
        <AdminAlert error={failure} fallback="The product could not be saved." />
        <Button type="submit" busy={form.formState.isSubmitting} busyLabel="Saving…">
          Save
        </Button>
      </form>
    </Dialog>
  );
}
