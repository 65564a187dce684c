import { createContext, useCallback, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { createNotificationStore, describeErrorForToast, type NotificationInput, type NotificationStore } from './notifications';

type AddInput = Omit<NotificationInput, 'title'> & { title?: string };

interface NotificationsApi {
  /** Shows a toast. Error toasts without a title are titled "An error occurred". */
  add(input: AddInput): number;
  /** Shows the error toast for anything a request or mutation threw (HttpError → its description and code). */
  addError(error: unknown, title?: string): number;
  dismiss(id: number): void;
}

const StoreContext = createContext<NotificationStore | null>(null);

export function NotificationsProvider({ children, store: given }: { children: ReactNode; store?: NotificationStore }) {
  const [store] = useState(() => given ?? createNotificationStore());
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

export function useNotificationStore(): NotificationStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('Notification hooks must be used inside <NotificationsProvider>');
  return store;
}

/** The toasts currently shown. */
export function useNotificationList() {
  const store = useNotificationStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/**
 * Toasts for any feature: `useNotifications().add({ type: 'success', title: 'Saved' })`, and for
 * mutations `useMutation({ ..., onError: useNotifications().addError })`.
 */
export function useNotifications(): NotificationsApi {
  const store = useNotificationStore();
  const intl = useIntl();
  const add = useCallback(
    (input: AddInput) =>
      store.add({
        ...input,
        title: input.title ?? (input.type === 'error' ? intl.formatMessage({ id: 'notifications.errorTitle' }) : ''),
      }),
    [store, intl],
  );
  const addError = useCallback(
    (error: unknown, title?: string) => {
      const { text, errorCode } = describeErrorForToast(error);
      return add({ type: 'error', title, text: text || intl.formatMessage({ id: 'errors.unknown' }), errorCode });
    },
    [add, intl],
  );
  return useMemo(() => ({ add, addError, dismiss: store.dismiss }), [add, addError, store]);
}
