import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import type { z } from 'zod';
import { env } from '../config/env';
import { HttpError, NetworkError, ResponseShapeError } from './api-client';

export interface UploadProgress {
  loaded: number;
  total: number;
}

interface UploadOptions<S extends z.ZodType> {
  schema: S;
  method?: 'POST' | 'PUT' | 'PATCH';
  body: FormData | Blob;
  query?: Record<string, string | undefined>;
  signal?: AbortSignal;
  /** Called as the request body goes out (bytes sent of the whole body). */
  onProgress?: (progress: UploadProgress) => void;
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

/**
 * Sends a large body to the API and reports how much of it has gone out. fetch() cannot report
 * upload progress in every browser, so this uses XMLHttpRequest; answers are checked and errors
 * thrown exactly as `apiFetch` does (HttpError, ResponseShapeError, NetworkError, AbortError).
 */
export function uploadWithProgress<S extends z.ZodType>(path: string, options: UploadOptions<S>): Promise<z.output<S>> {
  const { schema, method = 'POST', body, query, signal, onProgress } = options;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, value);
  const search = params.toString();
  const url = `${env.apiUrl}${path}${search ? `?${search}` : ''}`;

  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    xhr.onerror = () => {
      done();
      reject(new NetworkError(method, path));
    };
    xhr.onload = () => {
      done();
      const text = xhr.responseText;
      let json: unknown;
      let parsedJson = true;
      try {
        json = text === '' ? undefined : (JSON.parse(text) as unknown);
      } catch {
        parsedJson = false;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        const errorBody = parsedJson ? ErrorBodySchema.safeParse(json) : undefined;
        if (errorBody?.success) return reject(new HttpError(xhr.status, errorBody.data.error, errorBody.data.description, method, path));
        return reject(new HttpError(xhr.status, undefined, xhr.statusText || `Request failed with status ${xhr.status}`, method, path));
      }
      if (!parsedJson) return reject(new ResponseShapeError(method, path, 'body is not valid JSON'));
      const parsed = schema.safeParse(json);
      if (!parsed.success) return reject(ResponseShapeError.fromIssues(method, path, parsed.error.issues));
      resolve(parsed.data);
    };
    xhr.send(body);
  });
}
