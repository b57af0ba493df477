import type { AdminOperator } from '@shop/contracts/admin-catalogue';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { safeImageSource } from '../../catalogue/image-source.ts';
import { adminWrites, useAdminOperators } from '../api/admin-api.ts';
import { AdminAlert } from './admin-alert.tsx';
import { ListBody } from './admin-list.tsx';
import { ImageUploadField } from './image-upload-field.tsx';

/**
 * The shop's operators; an admin changes their names, brand colour and logo. Their codes are fixed
 * (the phone-number rules name them), so none is added or removed here.
 */
export function OperatorsPage() {
  const query = useAdminOperators();
  const [editing, setEditing] = useState<AdminOperator | null>(null);
  return (
    <>
      <h1>Operators</h1>
      <p className="admin-note">
        The mobile operators whose top-ups, data packs and E-PINs the shop sells. Their codes are
        tied to the phone-number rules and cannot change; changes show in the shop at once.
      </p>
      <ListBody
        query={query}
        empty="There are no operators."
        onPage={() => {
          // One page: five operators at most.
        }}
      >
        {(operators) => (
          <table className="admin-table" data-testid="admin-operators">
            <thead>
              <tr>
                <th scope="col">Logo</th>
                <th scope="col">Name</th>
                <th scope="col">Code</th>
                <th scope="col">Brand colour</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {operators.map((operator) => (
                <tr key={operator.id}>
                  <td>
                    <img className="admin-logo" src={safeImageSource(operator.logoUrl)} alt="" />
                  </td>
                  <th scope="row">
                    {operator.name.en}
                    <span className="admin-sub" lang="my">
                      {operator.name.my}
                    </span>
                  </th>
                  <td>
                    <code>{operator.code}</code>
                  </td>
                  <td>
                    <span
                      className="admin-swatch"
                      style={{ background: operator.brandColor }}
                      aria-hidden="true"
                    />{' '}
                    <code>{operator.brandColor}</code>
                  </td>
                  <td>
                    <Button
                      variant="secondary"
                      aria-label={`Edit ${operator.name.en}`}
                      onClick={() => {
                        setEditing(operator);
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
        <EditOperatorDialog
          operator={editing}
          onClose={() => {
            setEditing(null);
          }}
        />
      ) : null}
    </>
  );
}

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
  const id = useId();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const [logoUrl, setLogoUrl] = useState(operator.logoUrl);
  const [uploading, setUploading] = useState(false);
  // The picker follows what is typed (local state, not useWatch: ADR 0038).
  const [colour, setColour] = useState(operator.brandColor);
  const form = useForm<OperatorValues>({
    defaultValues: {
      nameEn: operator.name.en,
      nameMy: operator.name.my,
      brandColor: operator.brandColor,
    },
  });
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await adminWrites.editOperator(operator.id, {
        name: { en: values.nameEn, my: values.nameMy },
        brandColor: values.brandColor,
        ...(logoUrl === operator.logoUrl ? {} : { logoUrl }),
      });
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      onClose();
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Edit ${operator.name.en} (${operator.code})`}
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
              value={
                /^#[0-9a-f]{6}$/i.test(colour.trim()) ? colour.trim().toLowerCase() : '#000000'
              }
              onChange={(event) => {
                form.setValue('brandColor', event.target.value);
                setColour(event.target.value);
              }}
            />
          </span>
        </FormField>
        <ImageUploadField
          label="Logo"
          value={logoUrl}
          onChange={setLogoUrl}
          onBusy={setUploading}
          sizeHint="Square: 96 × 96 pixels or larger."
          previewClassName="admin-image__preview--icon"
        />
        <AdminAlert error={failure} fallback="The operator could not be saved." />
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
