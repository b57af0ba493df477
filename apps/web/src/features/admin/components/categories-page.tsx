import type { AdminCategory } from '@shop/contracts/admin-catalogue';
import { safeImageSource } from '../../../lib/image-source.ts';
import { adminWrites, useAdminCategories } from '../api/admin-api.ts';
import { AdminFormDialog, BilingualFields, SortOrderField, useAdminForm } from './admin-form.tsx';
import { useListFilters } from './admin-list.tsx';
import { BilingualName, EditableList, type AdminColumn } from './admin-table.tsx';
import { ImageUploadField, iconPicture, usePicture } from './image-upload-field.tsx';

/**
 * Every category (top level first) with its products; an admin renames, reorders, hides one or
 * uploads its icon.
 */
export function CategoriesPage() {
  const { filters, goTo } = useListFilters();
  const query = useAdminCategories(filters);
  return (
    <>
      <h1>Categories</h1>
      <EditableList
        query={query}
        empty="There are no categories."
        onPage={goTo}
        testId="admin-categories"
        rowKey={(category) => category.id}
        columns={categoryColumns(query.data?.data ?? [])}
        name={(category) => category.name.en}
        editor={(category, onClose) => <EditCategoryDialog category={category} onClose={onClose} />}
      />
    </>
  );
}

function categoryColumns(categories: AdminCategory[]): AdminColumn<AdminCategory>[] {
  return [
    {
      header: 'Name',
      rowHeader: true,
      cell: (category) => (
        <>
          {category.parentId ? <span aria-hidden="true">↳ </span> : null}
          <BilingualName text={category.name} />
          {category.parentId ? (
            <span className="admin-sub">in {parentName(categories, category.parentId)}</span>
          ) : null}
        </>
      ),
    },
    { header: 'Slug', cell: (category) => category.slug },
    { header: 'Order', cell: (category) => category.sortOrder },
    { header: 'Shown', cell: (category) => (category.active ? 'Yes' : 'No') },
    { header: 'Products', cell: (category) => category.productCount },
    {
      header: 'Icon',
      cell: (category) => (
        <img className="admin-logo" src={safeImageSource(category.imageUrl)} alt="" />
      ),
    },
  ];
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
  const picture = usePicture('imageUrl', category.imageUrl);
  const { id, form, saving, bilingual } = useAdminForm<CategoryValues>({
    invalidate: [['admin', 'categories']],
    defaultValues: {
      nameEn: category.name.en,
      nameMy: category.name.my,
      sortOrder: String(category.sortOrder),
      active: category.active,
    },
    onClose,
  });
  return (
    <AdminFormDialog
      {...saving((values) =>
        adminWrites.editCategory(category.id, {
          name: { en: values.nameEn, my: values.nameMy },
          sortOrder: Number(values.sortOrder.trim()),
          active: values.active,
          ...picture.changed,
        }),
      )}
      title={`Edit ${category.name.en}`}
      fallback="The category could not be saved."
      disabled={picture.uploading}
    >
      <BilingualFields label="Name" {...bilingual('name')} autoFocus />
      <SortOrderField id={`${id}-order`} registration={form.register('sortOrder')} />
      <label className="admin-check">
        <input type="checkbox" {...form.register('active')} />
        Shown in the shop
      </label>
      <ImageUploadField label="Icon" {...picture.field} {...iconPicture} />
    </AdminFormDialog>
  );
}
