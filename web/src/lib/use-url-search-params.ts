import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The query string as state. `useSearchParams` only reflects a change once the router has
 * finished navigating, so a checkbox bound to it would flicker back for a moment and two quick
 * changes could overwrite each other. Here the new parameters are shown at once and are the base
 * of the next change; the URL catches up right after (replacing the history entry).
 */
export function useUrlSearchParams(): [URLSearchParams, (next: URLSearchParams) => void] {
  const [params, setParams] = useSearchParams();
  const [pending, setPending] = useState<{ from: URLSearchParams; next: URLSearchParams } | null>(null);
  // Once the URL moves on (this change landed, or Back), the URL is the truth again.
  const current = pending && pending.from === params ? pending.next : params;
  const set = useCallback(
    (next: URLSearchParams) => {
      setPending({ from: params, next });
      setParams(next, { replace: true, preventScrollReset: true });
    },
    [params, setParams],
  );
  return [current, set];
}
