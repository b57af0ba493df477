import { SHARE_TYPES_MAX, type ShareStyle, type ShareType } from '@shop/contracts/sharing';
import { useId, useState } from 'react';
import { Controller, type ControllerRenderProps, type UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessageOr } from '../../../lib/api-client.ts';
import { formMessage } from '../../../lib/form-messages.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { sharingApi, useInvalidateSharing, useShareTypes } from '../api/sharing-api.ts';
import { shareStyleVariables, shareTypeName } from '../share-style.ts';
import { CreateTypeForm } from './create-share-type-form.tsx';
import type { ShareValues } from './share-dialog-form.ts';

/** Step 1 of the share dialog: choose a share type, delete an own one, or create one. */
export function TypeStep({
  form,
  onNext,
}: {
  form: UseFormReturn<ShareValues>;
  onNext: () => void;
}) {
  const { t, i18n } = useTranslation();
  const types = useShareTypes();
  const deletion = useDeleteType(form);
  const error = form.formState.errors.type?.message;

  if (types.isPending) {
    return (
      <p className="share-dialog__state" role="status">
        <Spinner size="small" /> {t('sharing.dialog.loadingTypes')}
      </p>
    );
  }
  if (types.isError) {
    return (
      <div className="share-dialog__state" role="alert">
        <p>{errorMessageOr(types.error, t('sharing.dialog.typesFailed'))}</p>
        <Button variant="secondary" onClick={() => void types.refetch()}>
          {t('sharing.dialog.retry')}
        </Button>
      </div>
    );
  }
  const own = types.data.filter((type) => !type.builtIn);

  return (
    <>
      <Controller
        control={form.control}
        name="type"
        render={({ field }) => (
          <TypeOptions types={types.data} field={field} onDelete={deletion.setDeleting} />
        )}
      />
      {error ? (
        <p className="share-error" role="alert">
          {formMessage(i18n, error)}
        </p>
      ) : null}
      {own.length >= SHARE_TYPES_MAX ? (
        <p className="share-limit" role="note" data-testid="share-type-limit">
          {t('sharing.dialog.limit')}
        </p>
      ) : (
        <CreateTypeForm
          onAdded={(type) => {
            form.setValue('type', type.title);
          }}
        />
      )}
      <div className="share-dialog__actions">
        <Button onClick={onNext} data-testid="share-next">
          {t('sharing.dialog.next')}
        </Button>
      </div>
      <DeleteTypeDialog deletion={deletion} />
    </>
  );
}

/** The type being deleted (asked first), and its deletion; the form falls back to the gift. */
function useDeleteType(form: UseFormReturn<ShareValues>) {
  const { t } = useTranslation();
  const invalidate = useInvalidateSharing();
  const [deleting, setDeleting] = useState<ShareType | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!deleting?.id) return;
    setBusy(true);
    try {
      const answer = await sharingApi.deleteType(deleting.id);
      toast.success(answer.message);
      if (form.getValues('type') === deleting.title) form.setValue('type', 'gift');
      setDeleting(null);
      await invalidate();
    } catch (caught) {
      toast.error(errorMessageOr(caught, t('sharing.dialog.deleteFailed')));
    } finally {
      setBusy(false);
    }
  };
  return { deleting, setDeleting, busy, confirm };
}

/** The types as one radio group; an own type has a delete button beside it. */
function TypeOptions({
  types,
  field,
  onDelete,
}: {
  types: ShareType[];
  field: ControllerRenderProps<ShareValues, 'type'>;
  onDelete: (type: ShareType) => void;
}) {
  const { t } = useTranslation();
  const groupLabelId = useId();
  return (
    <div className="share-types" role="radiogroup" aria-labelledby={groupLabelId}>
      {/* Said visibly by the dialog's description ("Step 1 of 3 · Choose a share type"). */}
      <p id={groupLabelId} className="visually-hidden">
        {t('sharing.dialog.typeStep')}
      </p>
      {types.map((type) => (
        <div
          key={type.id ?? type.title}
          className={type.builtIn ? 'share-type' : 'share-type share-type--own'}
        >
          <label className="share-type__option">
            <input
              type="radio"
              name={field.name}
              value={type.title}
              checked={field.value === type.title}
              onChange={() => {
                field.onChange(type.title);
              }}
              data-testid="share-type-option"
            />
            <TypeSwatch style={type.style} />
            <span className="share-type__name">{shareTypeName(type, t)}</span>
            <span className="share-type__check" aria-hidden="true">
              ✓
            </span>
          </label>
          {type.builtIn || !type.id ? null : (
            <DeleteTypeButton
              name={type.title}
              onClick={() => {
                onDelete(type);
              }}
            />
          )}
        </div>
      ))}
    </div>
  );
}

function TypeSwatch({ style }: { style: ShareStyle }) {
  return (
    <span className="share-swatch" style={shareStyleVariables(style)} aria-hidden="true">
      {style.emoji}
    </span>
  );
}

function DeleteTypeButton({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="share-type__delete"
      aria-label={t('sharing.dialog.deleteType', { name })}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          fill="currentColor"
          d="M9 3h6l1 2h4v2H4V5h4zm-3 6h12l-1 12H7zm4 2v8h2v-8zm4 0v8h2v-8z"
        />
      </svg>
    </button>
  );
}

/** "Delete this type?": Cancel (focused first) or Delete. */
function DeleteTypeDialog({ deletion }: { deletion: ReturnType<typeof useDeleteType> }) {
  const { t } = useTranslation();
  const { deleting, setDeleting, busy, confirm } = deletion;
  return (
    <Dialog
      open={deleting !== null}
      onClose={() => {
        if (!busy) setDeleting(null);
      }}
      role="alertdialog"
      size="small"
      title={t('sharing.dialog.deleteTitle')}
      description={t('sharing.dialog.deleteText', { name: deleting?.title ?? '' })}
    >
      <div className="share-dialog__actions">
        <Button
          variant="secondary"
          onClick={() => {
            setDeleting(null);
          }}
          data-autofocus
        >
          {t('sharing.dialog.cancel')}
        </Button>
        <Button
          variant="danger"
          busy={busy}
          busyLabel={t('sharing.dialog.deleting')}
          onClick={() => void confirm()}
          data-testid="share-type-delete-confirm"
        >
          {t('sharing.dialog.delete')}
        </Button>
      </div>
    </Dialog>
  );
}
