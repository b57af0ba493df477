import { mediaUploadTypes } from '@shop/contracts/admin-media';
import { useId, useState } from 'react';
import { errorMessageOr } from '../../../lib/api-client.ts';
import { safeImageSource } from '../../../lib/image-source.ts';
import { uploadImage } from '../api/admin-media.ts';

/**
 * A dialog's one picture: the props of its `ImageUploadField`, whether a file is on its way (Save
 * waits), and the write's part: `{ [key]: the new address }`, or nothing when it did not change.
 */
export function usePicture<K extends string>(key: K, initial: string) {
  const [url, setUrl] = useState(initial);
  const [uploading, setUploading] = useState(false);
  return {
    uploading,
    field: { value: url, onChange: setUrl, onBusy: setUploading },
    changed: (url === initial ? {} : { [key]: url }) as Partial<Record<K, string>>,
  };
}

/** The field of a small square icon (a category's, an operator's logo). */
export const iconPicture = {
  sizeHint: 'Square: 96 × 96 pixels or larger.',
  previewClassName: 'admin-image__preview--icon',
};

/**
 * An image of the catalogue: the current one previewed, a file picker that uploads at once
 * (POST /api/v1/admin/media, ADR 0039) and shows the new one, with the progress and, on refusal,
 * the server's words. The dialog's Save stores the answered URL; `onBusy` keeps it disabled while
 * a file is on its way.
 */
export function ImageUploadField({
  label,
  value,
  onChange,
  sizeHint,
  onBusy,
  previewClassName = '',
}: {
  label: string;
  /** The image's address now (root-relative /media/… or the CDN's). */
  value: string;
  onChange: (url: string) => void;
  /** What size the shop shows it at, e.g. "Wide: about 1200 × 400 pixels". */
  sizeHint: string;
  onBusy?: (busy: boolean) => void;
  previewClassName?: string;
}) {
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [picked, setPicked] = useState<{ width: number; height: number } | null>(null);

  const upload = async (file: File) => {
    setFailure(null);
    setProgress(0);
    onBusy?.(true);
    try {
      const answer = await uploadImage(file, setProgress);
      setPicked({ width: answer.width, height: answer.height });
      onChange(answer.url);
    } catch (error) {
      setFailure(error);
    } finally {
      setProgress(null);
      onBusy?.(false);
    }
  };

  const busy = progress !== null;
  return (
    <fieldset className="admin-image" aria-busy={busy}>
      <legend className="ui-field__label">{label}</legend>
      <img
        className={`admin-image__preview ${previewClassName}`}
        src={safeImageSource(value)}
        alt={`${label}: current image`}
        data-testid="image-preview"
      />
      <label htmlFor={`${id}-file`} className="admin-image__pick">
        {busy ? 'Uploading…' : 'Upload a new image'}
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept={mediaUploadTypes.join(',')}
        disabled={busy}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so the same file may be picked again after a refusal.
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      <p className="ui-field__hint" id={`${id}-hint`}>
        PNG, JPEG or WebP, at most 2 MB. {sizeHint}
        {picked ? ` Uploaded: ${String(picked.width)} × ${String(picked.height)} pixels.` : ''}
      </p>
      {busy ? (
        <progress
          className="admin-image__progress"
          max={1}
          value={progress}
          aria-label={`Uploading ${label}`}
        />
      ) : null}
      {failure ? (
        <div className="admin-alert" role="alert">
          {errorMessageOr(failure, 'The image could not be uploaded.')}
        </div>
      ) : null}
    </fieldset>
  );
}
