import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { HttpError } from '../../../lib/api-client';
import { fileQueries } from '../api/file-queries';
import type { NodeFiles } from '../api/node-files';
import { joinPath } from '../utils/file-paths';

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled';

export interface UploadItem {
  id: number;
  name: string;
  /** Folder the file goes to. */
  folder: string;
  size: number;
  loaded: number;
  status: UploadStatus;
  /** The node's code (`already_exists`, `storage_quota_exceeded`…) or a network failure. */
  error?: { code: string | undefined; description: string };
}

/**
 * Files dropped or picked for upload, sent one at a time so each gets the connection's full
 * speed; each can be cancelled while queued or sending, and finished or failed ones dismissed.
 */
export function useUploadQueue(files: NodeFiles, serverId: string) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<readonly UploadItem[]>([]);
  const blobs = useRef(new Map<number, Blob>());
  const controllers = useRef(new Map<number, AbortController>());
  const nextId = useRef(1);
  const running = useRef(false);

  const update = (id: number, change: Partial<UploadItem>) => setItems((previous) => previous.map((item) => (item.id === id ? { ...item, ...change } : item)));

  const add = useCallback((picked: Iterable<File>, folder: string) => {
    const added: UploadItem[] = [];
    for (const file of picked) {
      const id = nextId.current++;
      blobs.current.set(id, file);
      added.push({ id, name: file.name, folder, size: file.size, loaded: 0, status: 'queued' });
    }
    setItems((previous) => [...previous, ...added]);
  }, []);

  // Starts the next queued file whenever nothing is sending.
  useEffect(() => {
    if (running.current) return;
    const next = items.find((item) => item.status === 'queued');
    if (!next) return;
    const blob = blobs.current.get(next.id);
    if (!blob) return;
    running.current = true;
    const controller = new AbortController();
    controllers.current.set(next.id, controller);
    update(next.id, { status: 'uploading' });
    void files
      .upload(joinPath(next.folder, next.name), blob, { signal: controller.signal, onProgress: ({ loaded }) => update(next.id, { loaded }) })
      .then(
        () => {
          update(next.id, { status: 'done', loaded: next.size });
          void queryClient.invalidateQueries({ queryKey: fileQueries.all(serverId) });
        },
        (error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return update(next.id, { status: 'cancelled' });
          const code = error instanceof HttpError ? error.code : undefined;
          const description = error instanceof HttpError ? error.description : error instanceof Error ? error.message : String(error);
          update(next.id, { status: 'failed', error: { code, description } });
        },
      )
      .finally(() => {
        controllers.current.delete(next.id);
        blobs.current.delete(next.id);
        running.current = false;
        // Wakes the effect for the next file.
        setItems((previous) => [...previous]);
      });
  }, [items, files, serverId, queryClient]);

  useEffect(() => {
    const active = controllers.current;
    return () => active.forEach((controller) => controller.abort());
  }, []);

  const cancel = useCallback((id: number) => {
    const controller = controllers.current.get(id);
    if (controller) controller.abort();
    else {
      blobs.current.delete(id);
      setItems((previous) => previous.map((item) => (item.id === id && item.status === 'queued' ? { ...item, status: 'cancelled' } : item)));
    }
  }, []);

  const dismiss = useCallback((id: number) => setItems((previous) => previous.filter((item) => item.id !== id)), []);
  const clearFinished = useCallback(() => setItems((previous) => previous.filter((item) => item.status === 'queued' || item.status === 'uploading')), []);

  return { items, add, cancel, dismiss, clearFinished };
}
