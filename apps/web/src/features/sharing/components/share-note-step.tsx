import { SHARE_NOTE_MAX_LENGTH } from '@shop/contracts/sharing';
import { useId, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { fieldAria, FormField } from '../../../components/ui/form-field.tsx';
import { ApiError, errorMessageOr } from '../../../lib/api-client.ts';
import { formMessage } from '../../../lib/form-messages.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { sharingApi } from '../api/sharing-api.ts';
import { withLinkPhases, type LinkPhase } from '../share-links.ts';
import { shareTypeName } from '../share-style.ts';
import type { ShareLinkResult, ShareValues } from './share-dialog-form.ts';

type Translate = ReturnType<typeof useTranslation>['t'];

/** Step 2 of the share dialog: the note, then the link (Back returns to the type). */
export function NoteStep({
  form,
  orderId,
  onBack,
  onLink,
}: {
  form: UseFormReturn<ShareValues>;
  orderId: string;
  onBack: () => void;
  onLink: (link: ShareLinkResult) => void;
}) {
  const { t, i18n } = useTranslation();
  const noteId = useId();
  const { phase, category, setCategory, submit } = useCreateLink(form, orderId, onLink);
  const note = form.watch('note') ?? '';
  const type = form.watch('type');
  const { errors, submitCount } = form.formState;
  const noteError = errors.note?.message;
  const serverError = errors.root?.server?.message;
  const busy = phase !== 'idle';

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="share-note">
      <p className="share-note__type">
        {t('sharing.dialog.typeStep')}: <strong>{typeLabel(type, t)}</strong>
      </p>
      <FormField
        id={noteId}
        label={t('sharing.dialog.noteLabel')}
        error={noteError}
        attempt={submitCount}
        hint={<NoteHint length={note.length} category={category} />}
      >
        <textarea
          {...form.register('note', {
            onChange: () => {
              setCategory(null);
            },
          })}
          {...fieldAria(noteId, noteError, true)}
          className="ui-input share-note__text"
          rows={4}
          maxLength={SHARE_NOTE_MAX_LENGTH}
          data-testid="share-note"
          data-autofocus
        />
      </FormField>
      {serverError ? (
        <p className="share-error" role="alert" data-testid="share-error">
          {formMessage(i18n, serverError)}
        </p>
      ) : null}
      <LinkPhaseStatus phase={phase} />
      <div className="share-dialog__actions">
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          {t('sharing.dialog.back')}
        </Button>
        <Button
          type="submit"
          busy={busy}
          busyLabel={
            phase === 'generating'
              ? t('sharing.dialog.generatingLink')
              : t('sharing.dialog.validating')
          }
          data-testid="share-create-link"
        >
          {t('sharing.dialog.createLink')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Submitting the note makes the link, in phases (checking the note, making the link); a refused
 * note's category is kept to show under it until the note changes.
 */
function useCreateLink(
  form: UseFormReturn<ShareValues>,
  orderId: string,
  onLink: (link: ShareLinkResult) => void,
) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<LinkPhase>('idle');
  const [category, setCategory] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setCategory(null);
    try {
      // One call: the server screens the note, then makes the link (share-links.ts).
      const answer = await withLinkPhases(() => sharingApi.createLink(orderId, values), setPhase);
      onLink({
        url: answer.data.shareUrl,
        expiresAt: answer.data.expiresAt,
        message: answer.message || answer.data.message,
      });
    } catch (caught) {
      // A refused note: the server's message under the note, with the category; the note stays.
      if (caught instanceof ApiError && caught.fields?.note) {
        setCategory(caught.fields.note);
        form.setError('note', { message: caught.message }, { shouldFocus: true });
      } else {
        form.setError('root.server', {
          message: errorMessageOr(caught, t('sharing.dialog.linkFailed')),
        });
      }
    }
  });
  return { phase, category, setCategory, submit };
}

/** Tells screen readers what the link is waiting on (the button says it visibly). */
function LinkPhaseStatus({ phase }: { phase: LinkPhase }) {
  const { t } = useTranslation();
  return (
    <p className="visually-hidden" role="status">
      {phase === 'validating'
        ? t('sharing.dialog.validating')
        : phase === 'generating'
          ? t('sharing.dialog.generatingLink')
          : ''}
    </p>
  );
}

/** Under the note: its length of the most, and why the last one was refused. */
function NoteHint({ length, category }: { length: number; category: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      {t('sharing.dialog.noteCount', {
        count: length,
        max: SHARE_NOTE_MAX_LENGTH,
      })}
      {category ? (
        <>
          {' · '}
          <span data-testid="share-note-category">
            {t('sharing.dialog.refusedReason', { category })}
          </span>
        </>
      ) : null}
    </>
  );
}

/** The chosen type's name: a built-in's translation, else the title the user gave it. */
function typeLabel(title: string, t: Translate) {
  return shareTypeName({ title, builtIn: true }, t);
}
