import { useCallback, useRef, useState } from 'react';
import type { UploadProgress } from '../../../lib/upload-with-progress';

/** Progress of the upload under way (undefined when none) and a way to cancel it. */
export function useUploadProgress() {
  const [progress, setProgress] = useState<UploadProgress | undefined>();
  const controller = useRef<AbortController | undefined>(undefined);
  const start = useCallback(() => {
    controller.current?.abort();
    controller.current = new AbortController();
    setProgress({ loaded: 0, total: 0 });
    return { signal: controller.current.signal, onProgress: setProgress };
  }, []);
  const finish = useCallback(() => {
    controller.current = undefined;
    setProgress(undefined);
  }, []);
  const cancel = useCallback(() => controller.current?.abort(), []);
  return { progress, start, finish, cancel };
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
