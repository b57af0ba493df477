import '../content/lazy-messages.ts';
import '../sharing.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { shareSchemaMessages } from '@shop/contracts/share-schema-messages';
import { addValidationMessages } from '@shop/contracts/validation-messages';
import {
  SHARE_NOTE_MAX_LENGTH,
  SHARE_TYPE_TITLE_MAX_LENGTH,
  SHARE_TYPES_MAX,
  createShareTypeRequestSchema,
  shareRequestSchema,
  type CreateShareTypeRequest,
  type ShareRequest,
  type ShareStyle,
  type ShareType,
} from '@shop/contracts/sharing';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation.ts';
import type * as z from 'zod/mini';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { fieldAria, FormField } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { formMessage } from '../../../lib/form-messages.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatDate } from '../../../lib/dates.ts';
import { sharingApi, useAiLimit, useInvalidateSharing, useShareTypes } from '../api/sharing-api.ts';
import { ApiError, errorMessageOr } from '../../../lib/api-client.ts';
import { withLinkPhases, type LinkPhase } from '../share-links.ts';
import { greetingOf, shareStyleVariables, shareTypeName } from '../share-style.ts';
import { ShareLinkView } from './share-link-view.tsx';

// The share schemas' messages (note, title) in Burmese too, in this dialog's chunk only.
addValidationMessages(shareSchemaMessages);

type Step = 'type' | 'note' | 'link';
type ShareValues = z.input<typeof shareRequestSchema>;
type TypeValues = z.input<typeof createShareTypeRequestSchema>;

export interface ShareLinkResult {
  url: string;
  expiresAt: string;
  message?: string | undefined;
}

/**
 * The share dialog (spec §2 "Orders": share; §4 "Share link"): 1. choose a share type (the
 * built-ins, the user's own, create one with an AI style), 2. write a note and create the link,
 * 3. send the link. Opened on an order with a live link, it starts at 3 with that link.
 */
export default function ShareDialog({
  orderId,
  existing,
  onClose,
  onShared,
}: {
  orderId: string;
  existing: ShareLinkResult | null;
  onClose: () => void;
  /** A link was made: the order (and its `share`) changed. */
  onShared: () => void;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>(existing ? 'link' : 'type');
  const [link, setLink] = useState<ShareLinkResult | null>(existing);
  const form = useForm<ShareValues, unknown, ShareRequest>({
    resolver: zodResolver(shareRequestSchema),
    defaultValues: { type: 'gift', note: '' },
  });
  const stepNumber = step === 'type' ? 1 : step === 'note' ? 2 : 3;
  // A new step replaces the content the focus was in: move it to the step's first control (the
  // note, Done) or, without one, to the step itself, so keyboard and screen-reader users follow.
  const body = useRef<HTMLDivElement>(null);
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    const container = body.current;
    (container?.querySelector<HTMLElement>('[data-autofocus]') ?? container)?.focus();
  }, [step]);
  const titles: Record<Step, string> = {
    type: t('sharing.dialog.typeStep'),
    note: t('sharing.dialog.noteStep'),
    link: t('sharing.dialog.linkStep'),
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('sharing.dialog.title')}
      description={
        existing && step === 'link'
          ? titles.link
          : `${t('sharing.dialog.step', { step: stepNumber, steps: 3 })} · ${titles[step]}`
      }
      className="share-dialog"
    >
      <div ref={body} tabIndex={-1} data-testid="share-dialog" data-step={step}>
        {step === 'type' ? (
          <TypeStep
            form={form}
            onNext={() => {
              void form.trigger('type').then((valid) => {
                if (valid) setStep('note');
              });
            }}
          />
        ) : step === 'note' ? (
          <NoteStep
            form={form}
            orderId={orderId}
            onBack={() => {
              setStep('type');
            }}
            onLink={(result) => {
              setLink(result);
              setStep('link');
              onShared();
            }}
          />
        ) : link ? (
          <>
            <ShareLinkView
              url={link.url}
              status={link.message}
              testIdPrefix="share"
              qrSize={176}
              labels={{
                link: t('sharing.dialog.linkLabel'),
                copy: t('sharing.dialog.copy'),
                copied: t('sharing.dialog.copied'),
                copyFailed: t('sharing.dialog.copyFailed'),
                shareText: t('sharing.dialog.shareText'),
                group: t('sharing.dialog.sendWith'),
                share: t('sharing.dialog.webShare'),
                viber: t('sharing.dialog.viber'),
                telegram: t('sharing.dialog.telegram'),
                messenger: t('sharing.dialog.messenger'),
                qr: t('sharing.dialog.qrLabel'),
                expires: t('sharing.dialog.expires', {
                  date: formatDate(link.expiresAt, currentLanguage(), {
                    withTime: true,
                    style: 'medium',
                  }),
                }),
              }}
            />
            <div className="share-dialog__actions">
              <Button onClick={onClose} data-autofocus>
                {t('sharing.dialog.done')}
              </Button>
            </div>
          </>
        ) : null}
      </div>
    </Dialog>
  );
}

function TypeSwatch({ style }: { style: ShareStyle }) {
  return (
    <span className="share-swatch" style={shareStyleVariables(style)} aria-hidden="true">
      {style.emoji}
    </span>
  );
}

function TypeStep({ form, onNext }: { form: UseFormReturn<ShareValues>; onNext: () => void }) {
  const { t, i18n } = useTranslation();
  const types = useShareTypes();
  const invalidate = useInvalidateSharing();
  const [deleting, setDeleting] = useState<ShareType | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const groupLabelId = useId();
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

  const confirmDelete = async () => {
    if (!deleting?.id) return;
    setDeleteBusy(true);
    try {
      const answer = await sharingApi.deleteType(deleting.id);
      toast.success(answer.message);
      if (form.getValues('type') === deleting.title) form.setValue('type', 'gift');
      setDeleting(null);
      await invalidate();
    } catch (caught) {
      toast.error(errorMessageOr(caught, t('sharing.dialog.deleteFailed')));
    } finally {
      setDeleteBusy(false);
    }
  };

  return (
    <>
      <Controller
        control={form.control}
        name="type"
        render={({ field }) => (
          <div className="share-types" role="radiogroup" aria-labelledby={groupLabelId}>
            {/* Said visibly by the dialog's description ("Step 1 of 3 · Choose a share type"). */}
            <p id={groupLabelId} className="visually-hidden">
              {t('sharing.dialog.typeStep')}
            </p>
            {types.data.map((type) => (
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
                  <button
                    type="button"
                    className="share-type__delete"
                    aria-label={t('sharing.dialog.deleteType', { name: type.title })}
                    onClick={() => {
                      setDeleting(type);
                    }}
                  >
                    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                      <path
                        fill="currentColor"
                        d="M9 3h6l1 2h4v2H4V5h4zm-3 6h12l-1 12H7zm4 2v8h2v-8zm4 0v8h2v-8z"
                      />
                    </svg>
                  </button>
                )}
              </div>
            ))}
          </div>
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
      <Dialog
        open={deleting !== null}
        onClose={() => {
          if (!deleteBusy) setDeleting(null);
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
            busy={deleteBusy}
            busyLabel={t('sharing.dialog.deleting')}
            onClick={() => void confirmDelete()}
            data-testid="share-type-delete-confirm"
          >
            {t('sharing.dialog.delete')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

/** "Create a type": a title, an optional AI style (previewed), then Add. */
function CreateTypeForm({ onAdded }: { onAdded: (type: ShareType) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const language = currentLanguage();
  const aiLimit = useAiLimit();
  const invalidate = useInvalidateSharing();
  const [style, setStyle] = useState<{ title: string; style: ShareStyle } | null>(null);
  const [generating, setGenerating] = useState(false);
  const [generateError, setGenerateError] = useState<string | null>(null);
  const form = useForm<TypeValues, unknown, CreateShareTypeRequest>({
    resolver: zodResolver(createShareTypeRequestSchema),
    defaultValues: { title: '' },
  });
  const { errors, isSubmitting, submitCount } = form.formState;
  const titleError = errors.title?.message ?? errors.root?.server?.message;

  const generate = async () => {
    if (!(await form.trigger('title'))) return;
    const title = form.getValues('title').trim();
    setGenerating(true);
    setGenerateError(null);
    try {
      const answer = await sharingApi.generateStyle(title);
      const generated = answer.data[title] ?? Object.values(answer.data)[0];
      if (generated) setStyle({ title, style: generated });
    } catch (caught) {
      setGenerateError(errorMessageOr(caught, t('sharing.dialog.generateFailed')));
    } finally {
      setGenerating(false);
      void aiLimit.refetch();
    }
  };

  const add = form.handleSubmit(async ({ title }) => {
    try {
      const preview = style?.title === title.trim() ? style.style : undefined;
      const answer = await sharingApi.createType(preview ? { title, style: preview } : { title });
      toast.success(answer.message);
      form.reset({ title: '' });
      setStyle(null);
      await invalidate();
      onAdded(answer.data);
    } catch (caught) {
      form.setError('root.server', {
        message: errorMessageOr(caught, t('sharing.dialog.addFailed')),
      });
    }
  });

  const remaining = aiLimit.data?.remaining;
  return (
    <form
      className="share-create"
      onSubmit={(event) => void add(event)}
      noValidate
      aria-labelledby={`${titleId}-heading`}
    >
      <h3 id={`${titleId}-heading`} className="share-create__title">
        {t('sharing.dialog.createTitle')}
      </h3>
      <FormField
        id={titleId}
        label={t('sharing.dialog.titleLabel')}
        error={titleError}
        attempt={submitCount}
      >
        <input
          {...form.register('title', {
            onChange: () => {
              form.clearErrors('root.server');
            },
          })}
          {...fieldAria(titleId, titleError)}
          className="ui-input"
          maxLength={SHARE_TYPE_TITLE_MAX_LENGTH}
          autoComplete="off"
          data-testid="share-type-title"
        />
      </FormField>
      <p className="share-create__ai" data-testid="ai-remaining">
        {aiLimit.isError
          ? errorMessageOr(aiLimit.error, t('sharing.dialog.aiLimitFailed'))
          : remaining === undefined
            ? '\u00a0'
            : t('sharing.dialog.aiRemaining', { count: remaining })}
      </p>
      {generateError ? (
        <p className="share-error" role="alert">
          {generateError}
        </p>
      ) : null}
      {style ? (
        <div
          className="share-preview"
          style={shareStyleVariables(style.style)}
          data-testid="share-style-preview"
        >
          <span className="share-preview__label">{t('sharing.dialog.preview')}</span>
          <span className="share-preview__emoji" aria-hidden="true">
            {style.style.emoji}
          </span>
          <span className="share-preview__greeting">
            {greetingOf(style.style, language) || style.title}
          </span>
        </div>
      ) : null}
      <div className="share-create__actions">
        <Button
          variant="secondary"
          busy={generating}
          busyLabel={t('sharing.dialog.generating')}
          disabled={remaining === 0}
          onClick={() => void generate()}
          data-testid="share-type-generate"
        >
          {t('sharing.dialog.generate')}
        </Button>
        <Button
          type="submit"
          variant="secondary"
          busy={isSubmitting}
          busyLabel={t('sharing.dialog.adding')}
          data-testid="share-type-add"
        >
          {t('sharing.dialog.add')}
        </Button>
      </div>
    </form>
  );
}

function NoteStep({
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
  const [phase, setPhase] = useState<LinkPhase>('idle');
  const [category, setCategory] = useState<string | null>(null);
  const note = form.watch('note') ?? '';
  const type = form.watch('type');
  const { errors, submitCount } = form.formState;
  const noteError = errors.note?.message;
  const serverError = errors.root?.server?.message;

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
        hint={
          <>
            {t('sharing.dialog.noteCount', {
              count: note.length,
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
        }
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
      <p className="visually-hidden" role="status">
        {phase === 'validating'
          ? t('sharing.dialog.validating')
          : phase === 'generating'
            ? t('sharing.dialog.generatingLink')
            : ''}
      </p>
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

/** The chosen type's name: a built-in's translation, else the title the user gave it. */
function typeLabel(title: string, t: ReturnType<typeof useTranslation>['t']) {
  return shareTypeName({ title, builtIn: true }, t);
}
