/**
 * Images the shop serves itself are stored as paths ("/media/banners/1.svg"); the API answers with
 * absolute URLs because the client accepts only URLs starting with http or // (shopping spec §5).
 */
export interface MediaUrls {
  absolute(pathOrUrl: string): string;
}

export function createMediaUrls(publicUrl: string): MediaUrls {
  return {
    absolute: (value) =>
      value.startsWith('/') && !value.startsWith('//') ? `${publicUrl}${value}` : value,
  };
}
