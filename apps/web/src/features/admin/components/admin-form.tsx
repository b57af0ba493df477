import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  useId,
  useState,
  type SyntheticEvent,
  type HTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormField, fieldAria } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { AdminAlert } from './admin-alert.tsx';

/**
 * A back-office write (issue 30: one home for what every edit did by hand): `run` clears the last
 * failure, makes the call, says the server's answer, reads the named lists again and then calls
 * `after`; a refusal is kept in `failure` for the form's alert and nothing else happens.
 */
export function useAdminWrite(invalidate: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const run = async (write: () => Promise<{ message: string }>, after?: () => void) => {
    setFailure(null);
    try {
      const answer = await write();
      toast.success(answer.message);
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      after?.();
    } catch (error) {
      setFailure(error);
    }
  };
  return { failure, setFailure, run };
}

/**
 * A back-office dialog's form (issue 30: the set-up every edit dialog repeated): the prefix of its
 * field ids, the react-hook-form with the row's values, its write, and the props of
 * `AdminFormDialog`: `saving(save)` sends the valid values through `save` and closes on success;
 * `submitting(onValid)` for a dialog that checks more before it writes; `bilingual(stem)` the
 * props of `BilingualFields` for the fields `<stem>En` and `<stem>My`.
 */
export function useAdminForm<V extends FieldValues>({
  invalidate,
  defaultValues,
  onClose,
}: {
  invalidate: readonly QueryKey[];
  defaultValues: DefaultValues<V>;
  onClose: () => void;
}) {
  const id = useId();
  const write = useAdminWrite(invalidate);
  const form = useForm<V>({ defaultValues });
  const submitting = (onValid: (values: V) => Promise<void>) => ({
    onClose,
    onSubmit: form.handleSubmit(onValid),
    failure: write.failure,
    submitting: form.formState.isSubmitting,
  });
  const saving = (save: (values: V) => Promise<{ message: string }>) =>
    submitting((values) => write.run(() => save(values), onClose));
  return { id, form, write, submitting, saving, bilingual: bilingualFields(id, form) };
}

/** The props of `BilingualFields` for a form's fields `<stem>En` and `<stem>My`. */
export const bilingualFields =
  <V extends FieldValues>(id: string, form: UseFormReturn<V>) =>
  (stem: BilingualStem<V>) => ({
    id: `${id}-${stem}`,
    en: form.register(`${stem}En` as Path<V>),
    my: form.register(`${stem}My` as Path<V>),
  });

/** The stems of a form's English and Burmese field pairs: "name" for `nameEn` and `nameMy`. */
type BilingualStem<V extends FieldValues> = {
  [K in Path<V>]: K extends `${infer S}En` ? (`${S}My` extends Path<V> ? S : never) : never;
}[Path<V>];

/** An edit or create form in a wide dialog: its fields, the failure's alert and the submit button. */
export function AdminFormDialog({
  title,
  onClose,
  onSubmit,
  failure,
  fallback,
  submitting,
  disabled = false,
  submitLabel = 'Save',
  busyLabel = 'Saving…',
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: (event: SyntheticEvent) => Promise<void>;
  failure: unknown;
  /** Said when the server's refusal carries no message. */
  fallback: string;
  submitting: boolean;
  /** While a picture uploads, the form waits for it. */
  disabled?: boolean;
  submitLabel?: string;
  busyLabel?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open onClose={onClose} title={title} className="admin-dialog--wide">
      <form className="admin-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {children}
        <AdminAlert error={failure} fallback={fallback} />
        <Button type="submit" disabled={disabled} busy={submitting} busyLabel={busyLabel}>
          {submitLabel}
        </Button>
      </form>
    </Dialog>
  );
}

interface TextFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  hint?: string;
  lang?: 'en' | 'my';
  /** A textarea of so many rows; a one-line input without. */
  rows?: number;
  autoFocus?: boolean;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  type?: 'text' | 'date' | 'datetime-local';
  /** The field's own error (an i18n key or a text), and the form's submit count for its tooltip. */
  error?: string | undefined;
  attempt?: number;
  /** What else a one-line input says of itself. */
  inputProps?: Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'autoCapitalize' | 'spellCheck' | 'maxLength' | 'aria-required'
  >;
}

/** A labelled text field of a back-office form (its hint read with it). */
export function TextField({
  id,
  label,
  registration,
  hint,
  lang,
  rows,
  autoFocus = false,
  inputMode,
  type,
  error,
  attempt,
  inputProps,
}: TextFieldProps) {
  const common = {
    ...registration,
    ...fieldAria(id, error, hint !== undefined),
    className: 'ui-input',
    lang,
    'data-autofocus': autoFocus || undefined,
  };
  return (
    <FormField id={id} label={label} hint={hint} error={error} attempt={attempt}>
      {rows ? (
        <textarea {...common} rows={rows} />
      ) : (
        <input {...common} {...inputProps} type={type} inputMode={inputMode} />
      )}
    </FormField>
  );
}

/** The English and Burmese fields of one text, side by side: "Name (English)", "Name (Burmese)". */
export function BilingualFields({
  id,
  label,
  en,
  my,
  rows,
  autoFocus = false,
  hint,
}: {
  id: string;
  label: string;
  en: UseFormRegisterReturn;
  my: UseFormRegisterReturn;
  rows?: number;
  autoFocus?: boolean;
  /** Shown under the English field, for both. */
  hint?: string;
}) {
  return (
    <div className="admin-form__pair">
      <TextField
        id={`${id}-en`}
        label={`${label} (English)`}
        registration={en}
        hint={hint}
        lang="en"
        rows={rows}
        autoFocus={autoFocus}
      />
      <TextField
        id={`${id}-my`}
        label={`${label} (Burmese)`}
        registration={my}
        lang="my"
        rows={rows}
      />
    </div>
  );
}

/** Where a row stands in its list (categories, banners, products): lower numbers first. */
export function SortOrderField({
  id,
  registration,
}: {
  id: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <TextField
      id={id}
      label="Order"
      hint="Lower numbers show first."
      registration={registration}
      inputMode="numeric"
    />
  );
}

/**
 * "Are you sure?" before a write that cannot be taken back: what it does, the failure if the
 * server refused, Cancel (focused first) and the confirming button.
 */
export function ConfirmDialog({
  open,
  onCancel,
  onConfirm,
  busy,
  title,
  description,
  failure,
  fallback,
  confirmLabel,
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  busy: boolean;
  title: string;
  description: string | undefined;
  failure: unknown;
  fallback: string;
  confirmLabel: string;
}) {
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onCancel();
      }}
      role="alertdialog"
      size="small"
      title={title}
      description={description}
    >
      <div className="admin-form">
        <AdminAlert error={failure} fallback={fallback} />
        <div className="admin-actions">
          <Button data-autofocus variant="secondary" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
          <Button busy={busy} busyLabel="Saving…" onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/**
 * A finding an admin records about something only they can check (a payment, a top-up): a button
 * per choice; the one pressed asks first in `ConfirmDialog`, which says what follows, and its
 * confirmation makes the write (`record`); a refusal stays in the dialog.
 */
export function ConfirmChoice<V extends string | boolean>({
  choices,
  record,
  title,
  description,
  confirmLabel,
  fallback,
}: {
  choices: readonly { value: V; label: string }[];
  record: (value: V) => Promise<unknown>;
  title: (value: V) => string;
  description: (value: V) => string;
  confirmLabel: (value: V) => string;
  fallback: string;
}) {
  /** The choice being confirmed (the dialog is open), or null. */
  const [asking, setAsking] = useState<{ value: V } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const confirm = (value: V) => {
    setBusy(true);
    setFailure(null);
    record(value)
      .then(() => {
        setAsking(null);
      })
      .catch((error: unknown) => {
        setFailure(error);
      })
      .finally(() => {
        setBusy(false);
      });
  };
  return (
    <div className="admin-actions">
      {choices.map((choice) => (
        <Button
          key={String(choice.value)}
          variant="secondary"
          onClick={() => {
            setFailure(null);
            setAsking({ value: choice.value });
          }}
        >
          {choice.label}
        </Button>
      ))}
      <ConfirmDialog
        open={asking !== null}
        onCancel={() => {
          setAsking(null);
        }}
        onConfirm={() => {
          if (asking) confirm(asking.value);
        }}
        busy={busy}
        title={asking ? title(asking.value) : ''}
        description={asking ? description(asking.value) : undefined}
        failure={failure}
        fallback={fallback}
        confirmLabel={asking ? confirmLabel(asking.value) : ''}
      />
    </div>
  );
}

/** A section of a back-office page: its heading (naming the section) and what it holds. */
export function AdminPanel({
  title,
  testId,
  children,
}: {
  title: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="admin-panel" data-testid={testId}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * The foot of a form that saves: any buttons of its own first, the failure's alert, the submit
 * button, then what comes after it.
 */
export function SaveActions({
  failure,
  fallback,
  busy,
  label,
  busyLabel = 'Saving…',
  after,
  children,
}: {
  failure: unknown;
  fallback: string;
  busy: boolean;
  label: string;
  busyLabel?: string;
  after?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="admin-form__actions">
      {children}
      <AdminAlert error={failure} fallback={fallback} />
      <Button type="submit" busy={busy} busyLabel={busyLabel}>
        {label}
      </Button>
      {after}
    </div>
  );
}

/**
 * A section of a page whose form saves on its own (issue 30: the panel, form and foot each such
 * section wrote out): its heading, what it says above the form, the form's fields, then
 * `SaveActions` with the section's own `buttons` first.
 */
export function FormPanel({
  title,
  testId,
  intro,
  grid = false,
  onSubmit,
  buttons,
  children,
  ...save
}: {
  title: ReactNode;
  testId?: string;
  intro?: ReactNode;
  /** The fields side by side. */
  grid?: boolean;
  onSubmit: (event: SyntheticEvent) => unknown;
  buttons?: ReactNode;
  children: ReactNode;
} & Omit<Parameters<typeof SaveActions>[0], 'children'>) {
  return (
    <AdminPanel title={title} testId={testId}>
      {intro}
      <form
        className={grid ? 'admin-form admin-form--grid' : 'admin-form'}
        onSubmit={(event) => void onSubmit(event)}
        noValidate
      >
        {children}
        <SaveActions {...save}>{buttons}</SaveActions>
      </form>
    </AdminPanel>
  );
}
