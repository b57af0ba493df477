import type { AdminOperator } from '@shop/contracts/admin-catalogue';
import { useState } from 'react';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import { safeImageSource } from '../../../lib/image-source.ts';
import { adminWrites, useAdminOperators } from '../api/admin-api.ts';
import { AdminFormDialog, BilingualFields, useAdminForm } from './admin-form.tsx';
import { BilingualName, EditableList, type AdminColumn } from './admin-table.tsx';
import { ImageUploadField, iconPicture, usePicture } from './image-upload-field.tsx';

/**
 * The shop's operators; an admin changes their names, brand colour and logo. Their codes are fixed
 * (the phone-number rules name them), so none is added or removed here.
 */
export function OperatorsPage() {
  const query = useAdminOperators();
  return (
    <>
      <h1>Operators</h1>
      <p className="admin-note">
        The mobile operators whose top-ups, data packs and E-PINs the shop sells. Their codes are
        tied to the phone-number rules and cannot change; changes show in the shop at once.
      </p>
      <EditableList
        query={query}
        empty="There are no operators."
        onPage={() => {
          // One page: five operators at most.
        }}
        testId="admin-operators"
        rowKey={(operator) => operator.id}
        columns={operatorColumns}
        name={(operator) => operator.name.en}
        editor={(operator, onClose) => <EditOperatorDialog operator={operator} onClose={onClose} />}
      />
    </>
  );
}

const operatorColumns: AdminColumn<AdminOperator>[] = [
  {
    header: 'Logo',
    cell: (operator) => (
      <img className="admin-logo" src={safeImageSource(operator.logoUrl)} alt="" />
    ),
  },
  { header: 'Name', rowHeader: true, cell: (operator) => <BilingualName text={operator.name} /> },
  { header: 'Code', cell: (operator) => <code>{operator.code}</code> },
  {
    header: 'Brand colour',
    cell: (operator) => (
      <>
        <span
          className="admin-swatch"
          style={{ background: operator.brandColor }}
          aria-hidden="true"
        />{' '}
        <code>{operator.brandColor}</code>
      </>
    ),
  },
];

interface OperatorValues {
  nameEn: string;
  nameMy: string;
  brandColor: string;
}

function EditOperatorDialog({
  operator,
  onClose,
}: {
  operator: AdminOperator;
  onClose: () => void;
}) {
  const picture = usePicture('logoUrl', operator.logoUrl);
  // The picker follows what is typed (local state, not useWatch: ADR 0038).
  const [colour, setColour] = useState(operator.brandColor);
  const { id, form, saving, bilingual } = useAdminForm<OperatorValues>({
    invalidate: [['admin']],
    defaultValues: {
      nameEn: operator.name.en,
      nameMy: operator.name.my,
      brandColor: operator.brandColor,
    },
    onClose,
  });
  return (
    <AdminFormDialog
      {...saving((values) =>
        adminWrites.editOperator(operator.id, {
          name: { en: values.nameEn, my: values.nameMy },
          brandColor: values.brandColor,
          ...picture.changed,
        }),
      )}
      title={`Edit ${operator.name.en} (${operator.code})`}
      fallback="The operator could not be saved."
      disabled={picture.uploading}
    >
      <BilingualFields label="Name" {...bilingual('name')} autoFocus />
      <FormField
        id={`${id}-colour`}
        label="Brand colour"
        hint="Written #rrggbb, like #f7b500; the colour picker fills it in."
      >
        <span className="admin-colour">
          <input
            {...form.register('brandColor', {
              onChange: (event: { target: { value: string } }) => {
                setColour(event.target.value);
              },
            })}
            {...fieldAria(`${id}-colour`, null, true)}
            className="ui-input"
            spellCheck={false}
          />
          <input
            type="color"
            aria-label="Pick the brand colour"
            value={/^#[0-9a-f]{6}$/i.test(colour.trim()) ? colour.trim().toLowerCase() : '#000000'}
            onChange={(event) => {
              form.setValue('brandColor', event.target.value);
              setColour(event.target.value);
            }}
          />
        </span>
      </FormField>
      <ImageUploadField label="Logo" {...picture.field} {...iconPicture} />
    </AdminFormDialog>
  );
}
