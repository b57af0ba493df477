import type { DownloadedFile } from './api-client.ts';

/** Hands a downloaded file to the browser's save dialog / downloads folder. */
export function saveDownloadedFile({ blob, fileName }: DownloadedFile, fallbackName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the download start before the URL is released.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 10_000);
}
