import type { GalleryImage } from '@cairn/shared/schemas/projects';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadProgress } from '../../../lib/upload-with-progress';
import { addGalleryImage } from '../api/gallery-api';
import { PROJECT_QUERIES_KEY } from '../api/use-gallery-mutations';
import { checkGalleryFile, nextGalleryOrdering, type GalleryExtension } from '../utils/gallery-rules';
import type { GalleryImageDetails } from '../utils/gallery-upload-details';

export type UploadState =
  | { status: 'waiting' }
  | { status: 'uploading'; progress: UploadProgress }
  | { status: 'done' }
  | { status: 'cancelled' }
  | { status: 'rejected'; reason: 'type' | 'size' | 'full' }
  | { status: 'failed'; error: Error };

export interface GalleryUploadItem {
  key: number;
  file: File;
  state: UploadState;
}

/** A picked file that passed the checks and waits for its details (its room in the gallery is held). */
export interface PreparedUpload {
  key: number;
  file: File;
  ext: GalleryExtension;
}

interface QueuedFile extends PreparedUpload {
  details: GalleryImageDetails;
}

interface Callbacks {
  onUploaded?: (file: File) => void;
  onFailed?: (file: File, error: Error) => void;
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Images picked or dropped for the gallery: each is checked against the API's rules at once
 * (`prepare`), then, with the title, description and featured flag the details step gave them
 * (`start`), they go up one after another (in the order picked, each placed after the last image),
 * every one with its own progress and a way to cancel it. `discard` drops prepared files unsent.
 */
export function useGalleryUploads(projectId: string, gallery: readonly GalleryImage[], callbacks: Callbacks = {}) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<GalleryUploadItem[]>([]);
  const queue = useRef<QueuedFile[]>([]);
  const running = useRef(false);
  const nextKey = useRef(1);
  const controllers = useRef(new Map<number, AbortController>());
  // Counts the images on their way so several picks at once stay within the limit and in order.
  const reserved = useRef({ count: 0, ordering: 0 });
  const latest = useRef({ gallery, callbacks });
  useEffect(() => {
    latest.current = { gallery, callbacks };
  });

  const update = useCallback((key: number, state: UploadState) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, state } : item)));
  }, []);

  const run = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    while (queue.current.length > 0) {
      const next = queue.current.shift()!;
      const controller = new AbortController();
      controllers.current.set(next.key, controller);
      update(next.key, { status: 'uploading', progress: { loaded: 0, total: next.file.size } });
      try {
        await addGalleryImage(projectId, {
          file: next.file,
          ext: next.ext,
          details: next.details,
          ordering: Math.max(nextGalleryOrdering(latest.current.gallery), reserved.current.ordering),
          signal: controller.signal,
          onProgress: (progress) => update(next.key, { status: 'uploading', progress }),
        });
        reserved.current.ordering = Math.max(nextGalleryOrdering(latest.current.gallery), reserved.current.ordering) + 1;
        update(next.key, { status: 'done' });
        await queryClient.invalidateQueries({ queryKey: PROJECT_QUERIES_KEY });
        latest.current.callbacks.onUploaded?.(next.file);
      } catch (error) {
        if (isAbortError(error)) update(next.key, { status: 'cancelled' });
        else {
          const failure = error instanceof Error ? error : new Error(String(error));
          update(next.key, { status: 'failed', error: failure });
          latest.current.callbacks.onFailed?.(next.file, failure);
        }
      } finally {
        controllers.current.delete(next.key);
        reserved.current.count -= 1;
      }
    }
    running.current = false;
  }, [projectId, queryClient, update]);

  /** Checks the files: refused ones show as rows at once; the others are returned for their details. */
  const prepare = useCallback((files: Iterable<File>): PreparedUpload[] => {
    const rejected: GalleryUploadItem[] = [];
    const prepared: PreparedUpload[] = [];
    for (const file of files) {
      const key = nextKey.current++;
      const check = checkGalleryFile(file, latest.current.gallery.length + reserved.current.count);
      if (!check.ok) {
        rejected.push({ key, file, state: { status: 'rejected', reason: check.reason } });
        continue;
      }
      reserved.current.count += 1;
      prepared.push({ key, file, ext: check.ext });
    }
    if (rejected.length > 0) setItems((current) => [...current, ...rejected]);
    return prepared;
  }, []);

  /** Uploads prepared files, in this order, with their details. */
  const start = useCallback(
    (uploads: ReadonlyArray<PreparedUpload & { details: GalleryImageDetails }>) => {
      queue.current.push(...uploads.map(({ key, file, ext, details }) => ({ key, file, ext, details })));
      setItems((current) => [...current, ...uploads.map(({ key, file }) => ({ key, file, state: { status: 'waiting' } as const }))]);
      void run();
    },
    [run],
  );

  /** Gives back the room of prepared files that will not be uploaded. */
  const discard = useCallback((prepared: readonly PreparedUpload[]) => {
    reserved.current.count -= prepared.length;
  }, []);

  const cancel = useCallback(
    (key: number) => {
      const waiting = queue.current.findIndex((item) => item.key === key);
      if (waiting >= 0) {
        queue.current.splice(waiting, 1);
        reserved.current.count -= 1;
        update(key, { status: 'cancelled' });
      } else controllers.current.get(key)?.abort();
    },
    [update],
  );

  /** Forgets the finished rows (done, cancelled, rejected, failed). */
  const clearFinished = useCallback(() => {
    setItems((current) => current.filter((item) => item.state.status === 'waiting' || item.state.status === 'uploading'));
  }, []);

  // Leaving the page stops what is still going.
  useEffect(() => {
    const active = controllers.current;
    return () => {
      queue.current = [];
      for (const controller of active.values()) controller.abort();
    };
  }, []);

  return { items, prepare, start, discard, cancel, clearFinished };
}
