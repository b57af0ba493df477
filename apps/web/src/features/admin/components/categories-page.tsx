import type { AdminCategory } from '@shop/contracts/admin-catalogue';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { safeImageSource } from '../../catalogue/image-source.ts';
import { adminWrites, useAdminCategories } from '../api/admin-api.ts';
import { AdminAlert } from './admin-alert.tsx';
import { ListBody, useListFilters } from './admin-list.tsx';
import { ImageUploadField } from './image-upload-field.tsx';

/**
 * Every category (top level first) with its products; an admin renames, reorders, hides one or
 * uploads its icon.
 */
export function CategoriesPage() {
  const { filters, goTo } = useListFilters();
  const query = useAdminCategories(filters);
  const [editing, setEditing] = useState<AdminCategory | null>(null);
  return (
    <>
      <h1>Categories</h1>
      <ListBody query={query} empty="There are no categories." onPage={goTo}>
        {(categories) => (
          <table className="admin-table" data-testid="admin-categories">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Slug</th>
                <th scope="col">Order</th>
                <th scope="col">Shown</th>
                <th scope="col">Products</th>
                <th scope="col">Icon</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {categories.map((category) => (
                <tr key={category.id}>
                  <th scope="row">
                    {category.parentId ? <span aria-hidden="true">↳ </span> : null}
                    {category.name.en}
                    <span className="admin-sub" lang="my">
                      {category.name.my}
                    </span>
                    {category.parentId ? (
                      <span className="admin-sub">
                        in {parentName(categories, category.parentId)}
                      </span>
                    ) : null}
                  </th>
                  <td>{category.slug}</td>
                  <td>{category.sortOrder}</td>
                  <td>{category.active ? 'Yes' : 'No'}</td>
                  <td>{category.productCount}</td>
                  <td>
                    <img className="admin-logo" src={safeImageSource(category.imageUrl)} alt="" />
                  </td>
                  <td>
                    <Button
                      variant="secondary"
                      aria-label={`Edit ${category.name.en}`}
                      onClick={() => {
                        setEditing(category);
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
        <EditCategoryDialog
          category={editing}
          onClose={() => {
            setEditing(null);
          }}
        />
      ) : null}
    </>
  );
}

/** The parent's English name when it is on the same page, else "another category". */
const parentName = (categories: AdminCategory[], id: string) =>
  categories.find((c) => c.id === id)?.name.en ?? 'another category';

interface CategoryValues {
  nameEn: string;
  nameMy: string;
  sortOrder: string;
  active: boolean;
}

function EditCategoryDialog({
  category,
  onClose,
}: {
  category: AdminCategory;
  onClose: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const [imageUrl, setImageUrl] = useState(category.imageUrl);
  const [uploading, setUploading] = useState(false);
  const form = useForm<CategoryValues>({
    defaultValues: {
      nameEn: category.name.en,
      nameMy: category.name.my,
      sortOrder: String(category.sortOrder),
      active: category.active,
    },
  });
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await adminWrites.editCategory(category.id, {
        name: { en: values.nameEn, my: values.nameMy },
        sortOrder: Number(values.sortOrder.trim()),
        active: values.active,
        ...(imageUrl === category.imageUrl ? {} : { imageUrl }),
      });
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'categories'] });
      onClose();
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Edit ${category.name.en}`}
      className="admin-dialog--wide"
    >
      <form className="admin-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="admin-form__pair">
          <FormField id={`${id}-name-en`} label="Name (English)">
            <input
              {...form.register('nameEn')}
              {...fieldAria(`${id}-name-en`)}
              className="ui-input"
              lang="en"
              data-autofocus
            />
          </FormField>
          <FormField id={`${id}-name-my`} label="Name (Burmese)">
            <input
              {...form.register('nameMy')}
              {...fieldAria(`${id}-name-my`)}
              className="ui-input"
              lang="my"
            />
          </FormField>
        </div>
        <FormField id={`${id}-order`} label="Order" hint="Lower numbers show first.">
          <input
            {...form.register('sortOrder')}
            {...fieldAria(`${id}-order`, null, true)}
            className="ui-input"
            inputMode="numeric"
          />
        </FormField>
        <label className="admin-check">
          <input type="checkbox" {...form.register('active')} />
          Shown in the shop
        </label>
        <ImageUploadField
          label="Icon"
          value={imageUrl}
          onChange={setImageUrl}
          onBusy={setUploading}
          sizeHint="Square: 96 × 96 pixels or larger."
          previewClassName="admin-image__preview--icon"
        />
        <AdminAlert error={failure} fallback="The category could not be saved." />
        <Button
          type="submit"
          disabled={uploading}
          busy={form.formState.isSubmitting}
          busyLabel="Saving…"
        >
          Save
        </Button>
      </form>
    </Dialog>
  );
}
