import { ApiError } from './api';
import { readToken } from './session';

/**
 * File upload with progress (SPEC.md 7 "file uploads (multipart)"): one file in the
 * multipart field `file`, sent with XMLHttpRequest because fetch cannot report upload progress.
 * Like lib/api it sends the session cookie and the bearer token, and rejects with an
 * {@link ApiError} (`status: body`) for a non-2xx answer, a TypeError when the network failed, and
 * an AbortError DOMException when `signal` aborted.
 */

/** Bytes sent so far and the total of the request body. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  /** Multipart field name (default `file`). */
  field?: string;
  onProgress?(progress: UploadProgress): void;
  signal?: AbortSignal;
}

/**
 * POSTs `file` to `url` as multipart/form-data and resolves with the parsed JSON answer.
 * @throws ApiError | TypeError | DOMException('AbortError')
 */
export function uploadWithProgress<T>(url: string, file: File, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => options.onProgress?.({ loaded: e.loaded, total: e.lengthComputable ? e.total : file.size });
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((text ? JSON.parse(text) : undefined) as T);
        } catch {
          reject(new ApiError(xhr.status, xhr.statusText, text));
        }
        return;
      }
      reject(new ApiError(xhr.status, xhr.statusText, text));
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append(options.field ?? 'file', file, file.name);
    xhr.send(form);
  });
}
