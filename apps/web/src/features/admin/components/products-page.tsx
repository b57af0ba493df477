import {
  DATA_MB_MAX,
  VALIDITY_DAYS_MAX,
  adminCreatableProductKinds,
  adminCreatableProductStatuses,
  adminProductStatuses,
  productSources,
  type AdminProduct,
  type ProductSource,
} from '@shop/contracts/admin';
import type { ProductKind } from '@shop/contracts/catalogue';
import { isCardKind } from '@shop/contracts/orders';
import { operatorCodes, type OperatorCode } from '@shop/contracts/phone';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import type { UseFormReturn } from 'react-hook-form';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import { adminLists, adminWrites, useAdminCategories } from '../api/admin-api.ts';
import { MarginCell } from './topup-mappings.tsx';
import { ImageUploadField, usePicture } from './image-upload-field.tsx';
import {
  AdminFormDialog,
  BilingualFields,
  bilingualFields,
  SortOrderField,
  TextField,
  useAdminForm,
} from './admin-form.tsx';
import { AdminList, BilingualName, type AdminColumn } from './admin-table.tsx';
import { FACE_VALUE_INVALID, minorUnits } from './face-value.ts';
import { kyat, statusText, type FilterField } from './admin-list.tsx';

const fields: FilterField[] = [
  { name: 'q', label: 'SKU or name' },
  { name: 'status', label: 'State', type: 'select', options: adminProductStatuses },
];

/**
 * Products with price, state and cards on hand; an admin edits a product's names, description,
 * redeem instructions (E-PINs and gift cards), operator, order, price, discount, state and picture,
 * or creates a new product of any kind.
 */
export function ProductsPage() {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <div className="admin-heading">
        <h1>Products</h1>
        <Button
          onClick={() => {
            setCreating(true);
          }}
        >
          New product
        </Button>
      </div>
      <AdminList
        source={adminLists.products}
        search={{ label: 'Search products', fields }}
        empty="No products match."
        testId="admin-products"
        rowKey={(product) => product.id}
        columns={productColumns}
        edit={{
          name: (product) => product.name.en,
          editor: (product, onClose) => <EditProductDialog product={product} onClose={onClose} />,
        }}
      />
      {creating ? (
        <NewProductDialog
          onClose={() => {
            setCreating(false);
          }}
        />
      ) : null}
    </>
  );
}

const productColumns: AdminColumn<AdminProduct>[] = [
  { header: 'Product', rowHeader: true, cell: (product) => <BilingualName text={product.name} /> },
  { header: 'SKU', cell: (product) => product.sku },
  { header: 'Category', cell: (product) => product.category.en },
  { header: 'Price', cell: (product) => kyat(product.priceMmk) },
  {
    header: 'Discount price',
    cell: (product) => (product.discountPriceMmk === null ? '—' : kyat(product.discountPriceMmk)),
  },
  { header: 'State', cell: (product) => statusText(product.status) },
  { header: 'Cards on hand', cell: (product) => product.availableCards ?? '—' },
  { header: 'Margin', cell: (product) => <MarginCell productId={product.id} /> },
];

interface ProductValues {
  /** The new product's only (an edit keeps its category, kind and SKU). */
  categoryId: string;
  sku: string;
  nameEn: string;
  nameMy: string;
  descriptionEn: string;
  descriptionMy: string;
  /** How to redeem (E-PINs and gift cards): both empty for none. */
  instructionsEn: string;
  instructionsMy: string;
  operator: string;
  sortOrder: string;
  priceMmk: string;
  discountPriceMmk: string;
  status: AdminProduct['status'];
  /** The new product's only: its kind and that kind's own fields. */
  kind: ProductKind;
  dataMb: string;
  validityDays: string;
  faceValue: string;
  faceCurrency: string;
  /** An E-PIN's or gift card's codes: imported stock, or bought from Reloadly (ADR 0063). */
  source: ProductSource;
  reloadlyProductId: string;
  reloadlyUnitPrice: string;
}

/** The sources as the owner names them. */
const sourceLabels: Record<ProductSource, string> = {
  stock: 'Imported stock (cards you upload)',
  reloadly: 'Bought from Reloadly when the order is paid',
};

/**
 * Where an E-PIN's or gift card's codes come from, as the edit sends it: the Reloadly product id
 * and unit price left empty are sent as none, so the server names what a Reloadly source lacks.
 */
function sourceBody(values: ProductValues) {
  const productId = values.reloadlyProductId.trim();
  const unitPrice = values.reloadlyUnitPrice.trim();
  return {
    source: values.source,
    reloadlyProductId: productId === '' ? null : whole(productId),
    reloadlyUnitPrice: unitPrice === '' ? null : unitPrice,
  };
}

/** The source of a card product's codes, and Reloadly's product id and unit price. */
function SourceFields({ id, form }: { id: string; form: UseFormReturn<ProductValues> }) {
  return (
    <fieldset className="admin-fieldset">
      <legend>Codes from</legend>
      <FormField id={`${id}-source`} label="Source">
        <select {...form.register('source')} {...fieldAria(`${id}-source`)} className="ui-input">
          {productSources.map((source) => (
            <option key={source} value={source}>
              {sourceLabels[source]}
            </option>
          ))}
        </select>
      </FormField>
      <div className="admin-form__pair">
        <FormField
          id={`${id}-reloadly-product`}
          label="Reloadly product id"
          hint="From Reloadly's gift-card catalogue; needed when the source is Reloadly."
        >
          <input
            {...form.register('reloadlyProductId')}
            {...fieldAria(`${id}-reloadly-product`)}
            className="ui-input"
            inputMode="numeric"
          />
        </FormField>
        <FormField
          id={`${id}-reloadly-price`}
          label="Reloadly unit price"
          hint="In the Reloadly product's currency, e.g. 10.00."
        >
          <input
            {...form.register('reloadlyUnitPrice')}
            {...fieldAria(`${id}-reloadly-price`)}
            className="ui-input"
            inputMode="decimal"
          />
        </FormField>
      </div>
    </fieldset>
  );
}

/** The kinds as the owner names them. */
const kindLabels: Record<ProductKind, string> = {
  topup: 'Top-up (airtime sent to a number)',
  data: 'Data package (sent to a number)',
  epin: 'E-PIN (a card code)',
  giftcard: 'Gift card (a card code with a face value)',
};
/** Top-ups and data packages are sent to the recipient's operator: they need one. */
const needsOperator = (kind: string) => !isCardKind(kind);

/** The kind's own fields of a new product's body (what a create of that kind requires). */
function kindBody(values: ProductValues, face: number | null) {
  switch (values.kind) {
    case 'epin':
    case 'topup':
      return { kind: values.kind };
    case 'data':
      // Left empty: not sent, so the server names the missing field.
      return {
        kind: values.kind,
        dataMb: wholeOrNone(values.dataMb),
        validityDays: wholeOrNone(values.validityDays),
      };
    case 'giftcard':
      // No face value (game credits): none sent.
      return face === null
        ? { kind: values.kind }
        : { kind: values.kind, faceValue: { amount: face, currency: values.faceCurrency } };
  }
}

/** Whole kyat (or any whole number) from a field; separators ignored. */
const whole = (text: string) => Number(text.replace(/[,\s]/g, ''));
const wholeOrNone = (text: string) => (text.trim() === '' ? undefined : whole(text));
const operatorOf = (text: string): OperatorCode | null =>
  operatorCodes.find((code) => code === text) ?? null;

/** What both dialogs send: the names, description, operator, order and prices. */
function productBody(values: ProductValues) {
  const discount = values.discountPriceMmk.trim();
  return {
    name: { en: values.nameEn, my: values.nameMy },
    description: { en: values.descriptionEn, my: values.descriptionMy },
    operator: operatorOf(values.operator),
    sortOrder: whole(values.sortOrder),
    priceMmk: whole(values.priceMmk),
    discountPriceMmk: discount === '' ? null : whole(discount),
  };
}

/**
 * The redeem instructions a dialog sends for a product of `kind`: none for a top-up or data
 * package (no codes to redeem), null when both fields are empty; one empty is the server's to refuse.
 */
function instructionsBody(values: ProductValues, kind: string) {
  if (!isCardKind(kind)) return {};
  const empty = values.instructionsEn.trim() === '' && values.instructionsMy.trim() === '';
  return {
    instructions: empty ? null : { en: values.instructionsEn, my: values.instructionsMy },
  };
}

/** The fields both dialogs share: English and Burmese side by side, then operator and prices. */
function ProductFields({
  id,
  form,
  statuses,
  autofocusName,
  operatorRequired = false,
  withInstructions,
}: {
  id: string;
  form: UseFormReturn<ProductValues>;
  statuses: readonly AdminProduct['status'][];
  autofocusName: boolean;
  /** A top-up or data package: no "None" (the line is sent to this operator's network). */
  operatorRequired?: boolean;
  /** An E-PIN or gift card: its redeem instructions, shown with the delivered codes. */
  withInstructions: boolean;
}) {
  const bilingual = bilingualFields(id, form);
  return (
    <>
      <BilingualFields label="Name" {...bilingual('name')} autoFocus={autofocusName} />
      <BilingualFields label="Description" {...bilingual('description')} rows={3} />
      {withInstructions && (
        <BilingualFields
          label="How to redeem"
          hint="Shown with the delivered codes. Leave both empty for none."
          {...bilingual('instructions')}
          rows={3}
        />
      )}
      <div className="admin-form__pair">
        <FormField
          id={`${id}-operator`}
          label={operatorRequired ? 'Operator (required)' : 'Operator'}
          hint={operatorRequired ? 'The network the top-up or data is sent to.' : undefined}
        >
          <select
            {...form.register('operator')}
            {...fieldAria(`${id}-operator`, null, operatorRequired)}
            className="ui-input"
            aria-required={operatorRequired || undefined}
          >
            <option value="">{operatorRequired ? 'Choose…' : 'None'}</option>
            {operatorCodes.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </FormField>
        <SortOrderField id={`${id}-order`} registration={form.register('sortOrder')} />
      </div>
      <div className="admin-form__pair">
        <TextField
          id={`${id}-price`}
          label="Price (Ks)"
          registration={form.register('priceMmk')}
          inputMode="numeric"
        />
        <TextField
          id={`${id}-discount`}
          label="Discount price (Ks)"
          hint="Leave empty for no discount."
          registration={form.register('discountPriceMmk')}
          inputMode="numeric"
        />
      </div>
      <FormField id={`${id}-status`} label="State">
        <select {...form.register('status')} {...fieldAria(`${id}-status`)} className="ui-input">
          {statuses.map((status) => (
            <option key={status} value={status}>
              {statusText(status)}
            </option>
          ))}
        </select>
      </FormField>
    </>
  );
}

const PRODUCT_PICTURE_HINT = 'Square: 400 × 400 pixels or larger.';

function EditProductDialog({ product, onClose }: { product: AdminProduct; onClose: () => void }) {
  const picture = usePicture('imageUrl', product.imageUrl);
  const { id, form, saving } = useAdminForm<ProductValues>({
    invalidate: [['admin']],
    defaultValues: {
      categoryId: '',
      sku: '',
      nameEn: product.name.en,
      nameMy: product.name.my,
      descriptionEn: product.description.en,
      descriptionMy: product.description.my,
      instructionsEn: product.instructions?.en ?? '',
      instructionsMy: product.instructions?.my ?? '',
      operator: product.operator ?? '',
      sortOrder: String(product.sortOrder),
      priceMmk: String(product.priceMmk),
      discountPriceMmk: product.discountPriceMmk === null ? '' : String(product.discountPriceMmk),
      status: product.status,
      kind: 'epin',
      dataMb: '',
      validityDays: '',
      faceValue: '',
      faceCurrency: '',
      source: product.source,
      reloadlyProductId:
        product.reloadlyProductId === null ? '' : String(product.reloadlyProductId),
      reloadlyUnitPrice: product.reloadlyUnitPrice ?? '',
    },
    onClose,
  });
  return (
    <AdminFormDialog
      {...saving((values) =>
        adminWrites.editProduct(product.id, {
          ...productBody(values),
          ...instructionsBody(values, product.kind),
          ...(isCardKind(product.kind) ? sourceBody(values) : {}),
          status: values.status,
          ...picture.changed,
        }),
      )}
      title={`Edit ${product.name.en}`}
      fallback="The product could not be saved."
      disabled={picture.uploading}
    >
      <p className="admin-note">
        {product.sku} · {product.kind} · {product.category.en}
      </p>
      <ProductFields
        id={id}
        form={form}
        statuses={adminProductStatuses}
        autofocusName
        operatorRequired={needsOperator(product.kind)}
        withInstructions={isCardKind(product.kind)}
      />
      {isCardKind(product.kind) && <SourceFields id={id} form={form} />}
      <ImageUploadField label="Picture" {...picture.field} sizeHint={PRODUCT_PICTURE_HINT} />
    </AdminFormDialog>
  );
}

/**
 * A new product of any kind: the Kind select shows that kind's own fields (operator for top-ups and
 * data packages, MB and days for data, face value and currency for gift cards).
 */
function NewProductDialog({ onClose }: { onClose: () => void }) {
  const categories = useAdminCategories({ limit: 100 });
  // null: the category's picture until one is uploaded (as the server does).
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [categoryId, setCategoryId] = useState('');
  // Kept in React state like the category (ADR 0038: no useWatch in the shared chunk).
  const [kind, setKind] = useState<ProductKind>('epin');
  const [uploading, setUploading] = useState(false);
  const { id, form, write, submitting } = useAdminForm<ProductValues>({
    invalidate: [['admin']],
    defaultValues: {
      categoryId: '',
      sku: '',
      nameEn: '',
      nameMy: '',
      descriptionEn: '',
      descriptionMy: '',
      instructionsEn: '',
      instructionsMy: '',
      operator: '',
      sortOrder: '0',
      priceMmk: '',
      discountPriceMmk: '',
      status: 'active',
      kind: 'epin',
      dataMb: '',
      validityDays: '',
      faceValue: '',
      faceCurrency: 'USD',
      source: 'stock',
      reloadlyProductId: '',
      reloadlyUnitPrice: '',
    },
    onClose,
  });
  const faceError = form.formState.errors.faceValue?.message;
  const create = async (values: ProductValues) => {
    write.setFailure(null);
    form.clearErrors('faceValue');
    const typedFace = values.kind === 'giftcard' && values.faceValue.trim() !== '';
    const face = typedFace ? minorUnits(values.faceValue, values.faceCurrency) : null;
    if (typedFace && face === null) {
      form.setError('faceValue', { message: FACE_VALUE_INVALID }, { shouldFocus: true });
      return;
    }
    await write.run(
      () =>
        adminWrites.createProduct({
          ...productBody(values),
          ...kindBody(values, face),
          ...instructionsBody(values, values.kind),
          categoryId: values.categoryId,
          sku: values.sku,
          status: values.status === 'archived' ? 'active' : values.status,
          ...(imageUrl === null ? {} : { imageUrl }),
        }),
      onClose,
    );
  };
  const options = categories.data?.data ?? [];
  const nameOf = (categoryId: string | null) =>
    options.find((c) => c.id === categoryId)?.name.en ?? '';
  return (
    <AdminFormDialog
      {...submitting(create)}
      title="New product"
      fallback="The product could not be created."
      disabled={uploading}
      submitLabel="Create product"
      busyLabel="Creating…"
    >
      <p className="admin-note">
        E-PINs and gift cards are sold from card stock (added on the Card stock page); top-ups and
        data packages are sent to the buyer’s number through the operator.
      </p>
      <div className="admin-form__pair">
        <FormField id={`${id}-category`} label="Category">
          <select
            {...form.register('categoryId', {
              onChange: (event: { target: { value: string } }) => {
                setCategoryId(event.target.value);
              },
            })}
            {...fieldAria(`${id}-category`)}
            className="ui-input"
            data-autofocus
          >
            <option value="">Choose…</option>
            {options.map((category) => (
              <option key={category.id} value={category.id}>
                {category.parentId
                  ? `${nameOf(category.parentId)} › ${category.name.en}`
                  : category.name.en}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={`${id}-kind`} label="Kind">
          <select
            {...form.register('kind', {
              onChange: (event: { target: { value: string } }) => {
                const chosen = adminCreatableProductKinds.find((k) => k === event.target.value);
                if (chosen) setKind(chosen);
              },
            })}
            {...fieldAria(`${id}-kind`)}
            className="ui-input"
          >
            {adminCreatableProductKinds.map((k) => (
              <option key={k} value={k}>
                {kindLabels[k]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <TextField
        id={`${id}-sku`}
        label="SKU"
        hint="Letters, digits, - and _; kept in capitals."
        registration={form.register('sku')}
        inputProps={{ autoCapitalize: 'characters', spellCheck: false }}
      />
      {kind === 'data' ? (
        <fieldset className="admin-fieldset">
          <legend>Data package</legend>
          <div className="admin-form__pair">
            <TextField
              id={`${id}-data-mb`}
              label="Data volume (MB)"
              hint={`1 GB is 1024 MB; up to ${DATA_MB_MAX.toLocaleString('en')} MB.`}
              registration={form.register('dataMb')}
              inputMode="numeric"
              inputProps={{ 'aria-required': true }}
            />
            <TextField
              id={`${id}-validity`}
              label="Validity (days)"
              hint={`Days from activation, 1 to ${String(VALIDITY_DAYS_MAX)}.`}
              registration={form.register('validityDays')}
              inputMode="numeric"
              inputProps={{ 'aria-required': true }}
            />
          </div>
        </fieldset>
      ) : null}
      {kind === 'giftcard' ? (
        <fieldset className="admin-fieldset">
          <legend>Gift card</legend>
          <div className="admin-form__pair">
            <TextField
              id={`${id}-face-value`}
              label="Face value (optional)"
              hint="In the card’s own currency, such as 10 or 12.50; empty for game credits."
              error={faceError}
              attempt={form.formState.submitCount}
              registration={form.register('faceValue')}
              inputMode="decimal"
            />
            <TextField
              id={`${id}-face-currency`}
              label="Currency"
              hint="Three letters, such as USD."
              registration={form.register('faceCurrency')}
              inputProps={{ autoCapitalize: 'characters', spellCheck: false, maxLength: 3 }}
            />
          </div>
        </fieldset>
      ) : null}
      {kind === 'topup' ? (
        <p className="admin-note">
          A top-up credits its price: a 5,000 Ks top-up sends 5,000 Ks of airtime, whatever its
          discount price.
        </p>
      ) : null}
      <ProductFields
        id={id}
        form={form}
        statuses={adminCreatableProductStatuses}
        autofocusName={false}
        operatorRequired={needsOperator(kind)}
        withInstructions={isCardKind(kind)}
      />
      <ImageUploadField
        label="Picture"
        value={
          imageUrl ?? options.find((c) => c.id === categoryId)?.imageUrl ?? '/media/default.svg'
        }
        onChange={setImageUrl}
        onBusy={setUploading}
        sizeHint={`${PRODUCT_PICTURE_HINT} None uploaded: the category’s picture.`}
      />
    </AdminFormDialog>
  );
}
