/**
 * What a screen adds to a feature's mutation hook: the hook keeps the cache right, the screen
 * reacts (closes a modal, shows a notice, puts an error next to a field). `onSuccess` runs once
 * the affected queries are refetched.
 */
export interface MutationCallbacks<TData, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: Error, variables: TVariables) => unknown;
}
