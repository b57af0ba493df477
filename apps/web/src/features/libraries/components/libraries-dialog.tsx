import { useId, type Ref } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatSize, STORAGE_MARGIN_BYTES, type StorageCheck } from '../library-cache-rules.ts';

export interface StorageShortage {
  storage: StorageCheck;
  /** Bytes of the libraries that were not kept. */
  total: number;
}

/**
 * The essential-libraries card, shown only when the free space is too small (ADR 0053): a small
 * card under the header, not a modal (it never blocks the page or takes the focus). It says how
 * much space there is and how much the step needed, and that the step is skipped (spec §2, §8).
 */
export function LibrariesDialog({
  ref,
  shortage,
  onClose,
}: {
  ref: Ref<HTMLElement>;
  shortage: StorageShortage;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const language = currentLanguage();
  const size = (bytes: number) => {
    const { amount, unit } = formatSize(bytes, language);
    return t(`libraries.size.${unit}`, { amount });
  };
  const { storage } = shortage;

  return (
    <aside
      ref={ref}
      className="libraries-card"
      aria-labelledby={titleId}
      data-testid="libraries-dialog"
      data-state="insufficient"
    >
      <h2 id={titleId} className="libraries-card__title">
        {t('libraries.title.insufficient')}
      </h2>
      <div role="status" className="libraries-card__body">
        <p>{t('libraries.skipped')}</p>
      </div>
      <p
        className="libraries-card__storage libraries-card__storage--low"
        data-testid="libraries-storage"
      >
        {t('libraries.storageLow', {
          free: size(storage.free),
          needed: size(storage.needed),
          margin: size(STORAGE_MARGIN_BYTES),
        })}
      </p>
      <div className="libraries-card__actions">
        <Button variant="secondary" onClick={onClose} data-testid="libraries-close">
          {t('libraries.close')}
        </Button>
      </div>
    </aside>
  );
}
