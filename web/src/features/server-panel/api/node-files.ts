import { AgentFileListSchema } from '@cairn/shared/schemas/node-agent';
import type { ServerAccess } from '@cairn/shared/schemas/servers';
import { z } from 'zod';
import { apiFetch, apiRequest, buildUrl, httpErrorFrom, HttpError, NetworkError, ResponseShapeError, type ApiRequestOptions } from '../../../lib/api-client';
import { getServerAccess } from '../../../lib/servers/servers-queries';

export type FileList = z.infer<typeof AgentFileListSchema>;
export type FileEntry = FileList['entries'][number];

const WrittenSchema = z.object({ path: z.string(), size: z.number().int() });

/** Renew the node token this long before it expires (they live 15 minutes). */
const RENEW_BEFORE_MS = 60_000;

export interface UploadProgress {
  loaded: number;
  total: number;
}

type Query = Record<string, string | undefined>;

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT';
  query?: Query;
  json?: unknown;
  body?: Blob;
  signal?: AbortSignal;
}

/**
 * The server's files on its node, called straight from the browser: `files_url` and a
 * short-lived bearer token come from `GET /v2/servers/{id}/access`. The token is renewed shortly
 * before it expires, and once more when the node answers 401 (a clock skew or a restart).
 */
export function createNodeFiles(serverId: string) {
  let access: Promise<ServerAccess> | undefined;

  const currentAccess = async (renew: boolean): Promise<ServerAccess> => {
    if (access && !renew) {
      const held = await access.catch(() => undefined);
      if (held && Date.parse(held.expires) - Date.now() > RENEW_BEFORE_MS) return held;
    }
    const pending = getServerAccess(serverId);
    access = pending;
    pending.catch(() => {
      if (access === pending) access = undefined;
    });
    return pending;
  };

  /** Runs `send` with a token, again with a fresh one if the node says 401. */
  const withToken = async <T>(send: (access: ServerAccess) => Promise<T>, isUnauthorized: (error: unknown) => boolean): Promise<T> => {
    try {
      return await send(await currentAccess(false));
    } catch (error) {
      if (!isUnauthorized(error)) throw error;
      return send(await currentAccess(true));
    }
  };
  const unauthorized = (error: unknown) => error instanceof HttpError && error.status === 401;

  /** Through the app's API client, against the node: a bearer token instead of the session cookie. */
  const nodeOptions = (held: ServerAccess, options: RequestOptions): ApiRequestOptions => ({
    method: options.method ?? 'GET',
    baseUrl: held.files_url,
    credentials: 'omit',
    query: options.query,
    signal: options.signal,
    headers: { Authorization: `Bearer ${held.token}`, ...(options.body ? { 'Content-Type': 'application/octet-stream' } : {}) },
    body: options.json ?? options.body,
  });
  const request = (route: string, options: RequestOptions = {}): Promise<Response> =>
    withToken((held) => apiRequest(`/${route}`, nodeOptions(held, options)), unauthorized);
  const json = <S extends z.ZodType>(route: string, schema: S, options: RequestOptions = {}): Promise<z.output<S>> =>
    withToken((held) => apiFetch(`/${route}`, { ...nodeOptions(held, options), schema }), unauthorized);
  const post = async (route: string, body: unknown) => void (await request(route, { method: 'POST', json: body }));

  return {
    list: (path: string, signal?: AbortSignal) => json('list', AgentFileListSchema, { query: { path }, signal }),
    readText: async (path: string, signal?: AbortSignal) => (await request('contents', { query: { path }, signal })).text(),
    readBlob: async (path: string, signal?: AbortSignal) => (await request('download', { query: { path }, signal })).blob(),
    /** Saves text as the file's exact bytes (sent as a raw body, so no size limit of JSON applies). */
    writeText: (path: string, text: string, overwrite = true) =>
      json('contents', WrittenSchema, { method: 'PUT', query: { path, overwrite: String(overwrite) }, body: new Blob([text]) }),
    mkdir: (path: string) => post('mkdir', { path }),
    move: (from: string, to: string) => post('rename', { from, to }),
    remove: (paths: string[]) => post('delete', { paths }),
    archive: (paths: string[], destination: string) => post('archive', { paths, destination }),
    extract: (path: string, destination: string) => post('extract', { path, destination }),
    /** A link that downloads the file (browsers cannot send headers on navigation, hence `?token=`). */
    downloadUrl: async (path: string) => {
      const held = await currentAccess(false);
      return buildUrl(held.files_url, '/download', { path, token: held.token });
    },
    /**
     * Streams one file to the node with upload progress (XMLHttpRequest: fetch cannot report
     * it everywhere). An existing file is not replaced: the node answers 409 already_exists.
     */
    upload: (path: string, file: Blob, options: { signal?: AbortSignal; onProgress?: (progress: UploadProgress) => void } = {}) =>
      withToken(
        (held) =>
          new Promise<z.output<typeof WrittenSchema>>((resolve, reject) => {
            const { signal, onProgress } = options;
            const cancelled = () => new DOMException('The upload was cancelled', 'AbortError');
            if (signal?.aborted) return reject(cancelled());
            const xhr = new XMLHttpRequest();
            xhr.open('POST', buildUrl(held.files_url, '/upload', { path, overwrite: 'false' }));
            xhr.setRequestHeader('Authorization', `Bearer ${held.token}`);
            xhr.setRequestHeader('Content-Type', 'application/octet-stream');
            xhr.upload.onprogress = (event) => {
              if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
            };
            // Settled at once rather than on the abort event, which not every XHR stand-in fires.
            const onAbort = () => (xhr.abort(), reject(cancelled()));
            signal?.addEventListener('abort', onAbort, { once: true });
            const settle = () => signal?.removeEventListener('abort', onAbort);
            xhr.onabort = () => (settle(), reject(cancelled()));
            xhr.onerror = () => (settle(), reject(new NetworkError('POST', '/upload')));
            xhr.onload = () => {
              settle();
              if (xhr.status < 200 || xhr.status >= 300) return reject(httpErrorFrom(xhr.status, xhr.statusText, xhr.responseText, 'POST', '/upload'));
              let body: unknown;
              try {
                body = JSON.parse(xhr.responseText) as unknown;
              } catch {
                body = undefined;
              }
              const parsed = WrittenSchema.safeParse(body);
              if (!parsed.success) return reject(ResponseShapeError.fromIssues('POST', '/upload', parsed.error.issues));
              resolve(parsed.data);
            };
            xhr.send(file);
          }),
        unauthorized,
      ),
  };
}

export type NodeFiles = ReturnType<typeof createNodeFiles>;
