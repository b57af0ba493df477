import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatSize, STORAGE_MARGIN_BYTES, type StorageCheck } from '../library-cache-rules.ts';

export type LibrariesStep =
  | { kind: 'insufficient'; storage: StorageCheck; total: number }
  | { kind: 'downloading'; storage: StorageCheck; total: number; done: number }
  | { kind: 'completed'; storage: StorageCheck; total: number }
  | { kind: 'failed'; storage: StorageCheck; total: number };

/**
 * The essential-libraries card: a small card under the header, not a modal (the download runs on
 * its own and never blocks the page or takes the focus). It always says whether the free space is
 * enough (spec §2).
 */
export function LibrariesDialog({
  ref,
  step,
  onRetry,
  onSkip,
  onClose,
}: {
  ref: Ref<HTMLElement>;
  step: LibrariesStep;
  onRetry: () => void;
  onSkip: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const progressId = useId();
  const language = currentLanguage();
  const size = (bytes: number) => {
    const { amount, unit } = formatSize(bytes, language);
    return t(`libraries.size.${unit}`, { amount });
  };
  const { storage } = step;

  return (
    <aside
      ref={ref}
      className="libraries-card"
      aria-labelledby={titleId}
      data-testid="libraries-dialog"
      data-state={step.kind}
    >
      <h2 id={titleId} className="libraries-card__title">
        {t(`libraries.title.${step.kind}`)}
      </h2>
      <div role="status" className="libraries-card__body">
        {step.kind === 'downloading' || step.kind === 'failed' ? (
          <p>{t('libraries.about')}</p>
        ) : null}
        {step.kind === 'completed' ? (
          <p>{t('libraries.completed', { size: size(step.total) })}</p>
        ) : null}
        {step.kind === 'failed' ? (
          <p className="libraries-card__error">{t('libraries.failed')}</p>
        ) : null}
        {step.kind === 'insufficient' ? <p>{t('libraries.skipped')}</p> : null}
      </div>
      {step.kind === 'downloading' ? (
        <div className="libraries-card__progress">
          <progress
            aria-labelledby={progressId}
            value={step.done}
            max={Math.max(1, step.total)}
            data-testid="libraries-progress"
          />
          <span id={progressId}>
            {t('libraries.progress', { done: size(step.done), total: size(step.total) })}
          </span>
        </div>
      ) : null}
      <p
        className={`libraries-card__storage${storage.sufficient ? '' : ' libraries-card__storage--low'}`}
        data-testid="libraries-storage"
      >
        {storage.sufficient
          ? t('libraries.storageEnough', { free: size(storage.free) })
          : t('libraries.storageLow', {
              free: size(storage.free),
              needed: size(storage.needed),
              margin: size(STORAGE_MARGIN_BYTES),
            })}
      </p>
      <div className="libraries-card__actions">
        {step.kind === 'failed' ? (
          <Button onClick={onRetry} data-testid="libraries-retry">
            {t('libraries.retry')}
          </Button>
        ) : null}
        {step.kind === 'downloading' || step.kind === 'failed' ? (
          <Button variant="ghost" onClick={onSkip} data-testid="libraries-skip">
            {t('libraries.skip')}
          </Button>
        ) : (
          <Button variant="secondary" onClick={onClose} data-testid="libraries-close">
            {t('libraries.close')}
          </Button>
        )}
      </div>
    </aside>
  );
}
