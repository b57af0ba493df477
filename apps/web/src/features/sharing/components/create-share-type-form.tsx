import { zodResolver } from '@hookform/resolvers/zod';
import {
  SHARE_TYPE_TITLE_MAX_LENGTH,
  createShareTypeRequestSchema,
  type CreateShareTypeRequest,
  type ShareStyle,
  type ShareType,
} from '@shop/contracts/sharing';
import { useId, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import type * as z from 'zod/mini';
import { Button } from '../../../components/ui/button.tsx';
import { fieldAria, FormField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessageOr } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { sharingApi, useAiLimit, useInvalidateSharing } from '../api/sharing-api.ts';
import { greetingOf, shareStyleVariables } from '../share-style.ts';

type TypeValues = z.input<typeof createShareTypeRequestSchema>;
type TypeForm = UseFormReturn<TypeValues, unknown, CreateShareTypeRequest>;
/** An AI style made for a title (used when the title is still the same at Add). */
type TitledStyle = { title: string; style: ShareStyle };

/** "Create a type": a title, an optional AI style (previewed), then Add. */
export function CreateTypeForm({ onAdded }: { onAdded: (type: ShareType) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const aiLimit = useAiLimit();
  const invalidate = useInvalidateSharing();
  const form = useForm<TypeValues, unknown, CreateShareTypeRequest>({
    resolver: zodResolver(createShareTypeRequestSchema),
    defaultValues: { title: '' },
  });
  const styling = useStyleGenerator(form, () => void aiLimit.refetch());
  const { errors, isSubmitting, submitCount } = form.formState;
  const titleError = errors.title?.message ?? errors.root?.server?.message;

  const add = form.handleSubmit(async ({ title }) => {
    try {
      const preview = styling.style?.title === title.trim() ? styling.style.style : undefined;
      const answer = await sharingApi.createType(preview ? { title, style: preview } : { title });
      toast.success(answer.message);
      form.reset({ title: '' });
      styling.setStyle(null);
      await invalidate();
      onAdded(answer.data);
    } catch (caught) {
      form.setError('root.server', {
        message: errorMessageOr(caught, t('sharing.dialog.addFailed')),
      });
    }
  });

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
      <AiRemaining aiLimit={aiLimit} />
      {styling.error ? (
        <p className="share-error" role="alert">
          {styling.error}
        </p>
      ) : null}
      {styling.style ? <StylePreview preview={styling.style} /> : null}
      <CreateTypeActions
        generating={styling.generating}
        noGenerations={aiLimit.data?.remaining === 0}
        onGenerate={() => void styling.generate()}
        adding={isSubmitting}
      />
    </form>
  );
}

/** Asks the AI for a style for the form's title; `settled` runs after each try (the limit). */
function useStyleGenerator(form: TypeForm, settled: () => void) {
  const { t } = useTranslation();
  const [style, setStyle] = useState<TitledStyle | null>(null);
  const [generating, setGenerating] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const generate = async () => {
    if (!(await form.trigger('title'))) return;
    const title = form.getValues('title').trim();
    setGenerating(true);
    setError(null);
    try {
      const answer = await sharingApi.generateStyle(title);
      const generated = answer.data[title] ?? Object.values(answer.data)[0];
      if (generated) setStyle({ title, style: generated });
    } catch (caught) {
      setError(errorMessageOr(caught, t('sharing.dialog.generateFailed')));
    } finally {
      setGenerating(false);
      settled();
    }
  };
  return { style, setStyle, generating, error, generate };
}

/** How many AI styles are left today (a blank line until known, so nothing moves). */
function AiRemaining({ aiLimit }: { aiLimit: ReturnType<typeof useAiLimit> }) {
  const { t } = useTranslation();
  const remaining = aiLimit.data?.remaining;
  return (
    <p className="share-create__ai" data-testid="ai-remaining">
      {aiLimit.isError
        ? errorMessageOr(aiLimit.error, t('sharing.dialog.aiLimitFailed'))
        : remaining === undefined
          ? '\u00a0'
          : t('sharing.dialog.aiRemaining', { count: remaining })}
    </p>
  );
}

function StylePreview({ preview }: { preview: TitledStyle }) {
  const { t } = useTranslation();
  return (
    <div
      className="share-preview"
      style={shareStyleVariables(preview.style)}
      data-testid="share-style-preview"
    >
      <span className="share-preview__label">{t('sharing.dialog.preview')}</span>
      <span className="share-preview__emoji" aria-hidden="true">
        {preview.style.emoji}
      </span>
      <span className="share-preview__greeting">
        {greetingOf(preview.style, currentLanguage()) || preview.title}
      </span>
    </div>
  );
}

function CreateTypeActions({
  generating,
  noGenerations,
  onGenerate,
  adding,
}: {
  generating: boolean;
  noGenerations: boolean;
  onGenerate: () => void;
  adding: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="share-create__actions">
      <Button
        variant="secondary"
        busy={generating}
        busyLabel={t('sharing.dialog.generating')}
        disabled={noGenerations}
        onClick={onGenerate}
        data-testid="share-type-generate"
      >
        {t('sharing.dialog.generate')}
      </Button>
      <Button
        type="submit"
        variant="secondary"
        busy={adding}
        busyLabel={t('sharing.dialog.adding')}
        data-testid="share-type-add"
      >
        {t('sharing.dialog.add')}
      </Button>
    </div>
  );
}
