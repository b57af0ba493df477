import { adminCatalogueMessages } from '@shop/contracts/admin-catalogue-messages';
import {
  adminMediaUploadResponseSchema,
  MEDIA_UPLOAD_MAX_BYTES,
  type AdminMediaUpload,
} from '@shop/contracts/admin-media';
import { ApiError, validateAnswer } from '../../../lib/api-client.ts';
import { ADMIN_API } from './admin-api.ts';
import { endStaffSession, getStaffSession } from './staff-session.ts';

/** The error body's message, code and fields, as the shop's API writes them. */
function errorOf(status: number, json: unknown): ApiError {
  const body = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const message =
    typeof body.error === 'string' ? body.error : `The upload failed (HTTP ${String(status)}).`;
  const fields =
    typeof body.fields === 'object' && body.fields !== null
      ? (body.fields as Record<string, string>)
      : undefined;
  return new ApiError(
    message,
    status,
    typeof body.code === 'string' ? body.code : undefined,
    false,
    fields,
  );
}

/**
 * POST /api/v1/admin/media: the file as the raw body, its type as the Content-Type (ADR 0039).
 * XMLHttpRequest rather than fetch: fetch reports no upload progress. A file over 2 MB is refused
 * here with the server's own words, without sending 2 MB for nothing.
 */
export function uploadImage(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<AdminMediaUpload> {
  if (file.size > MEDIA_UPLOAD_MAX_BYTES)
    return Promise.reject(
      new ApiError(adminCatalogueMessages.mediaTooLarge.en, 413, 'PAYLOAD_TOO_LARGE'),
    );
  const session = getStaffSession();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${ADMIN_API}/media`);
    xhr.setRequestHeader('Accept-Language', 'en');
    if (session) xhr.setRequestHeader('Authorization', `Bearer ${session.token}`);
    // An empty type (a file the browser cannot name) is sent as bytes: the server refuses it clearly.
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => {
      reject(
        new ApiError('The connection was lost while uploading. Try again.', 0, undefined, true),
      );
    };
    xhr.onload = () => {
      const json: unknown = xhr.response;
      if (xhr.status === 200) {
        validateAnswer(`${ADMIN_API}/media`, adminMediaUploadResponseSchema, json).then(
          (answer) => {
            resolve(answer.data);
          },
          reject,
        );
        return;
      }
      if (xhr.status === 401 && session) endStaffSession('expired');
      reject(errorOf(xhr.status, json));
    };
    xhr.send(file);
  });
}
