import { HttpError, NetworkError, ResponseShapeError } from './api-client';

/** Toast rules (spec §4, §8, §9). The React side lives in notifications-provider.tsx. */
export const NOTIFICATION_LIFETIME_MS = 30_000;
export const COPY_CONFIRMATION_MS = 2_000;

type NotificationType = 'error' | 'warning' | 'success' | 'info';

export interface NotificationInput {
  /** Anything but error, warning and success shows as info. */
  type?: NotificationType;
  title: string;
  text?: string;
  errorCode?: string;
}

export interface AppNotification {
  id: number;
  type: NotificationType;
  title: string;
  text: string | undefined;
  errorCode: string | undefined;
  /** How many identical notifications arrived; shown as "x{count}" above 1. */
  count: number;
}

interface Timers {
  setTimeout: (callback: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimeout: (handle: ReturnType<typeof setTimeout>) => void;
}

const realTimers: Timers = {
  // Looked up at call time so fake timers installed after creation still apply.
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle),
};

export interface NotificationStore {
  /** Adds a notification, or counts it on an identical one (same type, title and text); returns its id. */
  add(input: NotificationInput): number;
  dismiss(id: number): void;
  /** Stops the removal timer (pointer over the toast). */
  pause(id: number): void;
  /** Starts a full lifetime again (pointer left the toast). */
  resume(id: number): void;
  getSnapshot(): readonly AppNotification[];
  subscribe(listener: () => void): () => void;
}

export function createNotificationStore(lifetimeMs = NOTIFICATION_LIFETIME_MS, timers: Timers = realTimers): NotificationStore {
  let notifications: readonly AppNotification[] = [];
  let nextId = 1;
  const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();

  const emit = () => listeners.forEach((listener) => listener());

  const stopTimer = (id: number) => {
    const handle = removalTimers.get(id);
    if (handle !== undefined) timers.clearTimeout(handle);
    removalTimers.delete(id);
  };

  const startTimer = (id: number) => {
    stopTimer(id);
    removalTimers.set(
      id,
      timers.setTimeout(() => dismiss(id), lifetimeMs),
    );
  };

  function dismiss(id: number) {
    stopTimer(id);
    const remaining = notifications.filter((n) => n.id !== id);
    if (remaining.length === notifications.length) return;
    notifications = remaining;
    emit();
  }

  return {
    add(input) {
      const type: NotificationType =
        input.type === 'error' || input.type === 'warning' || input.type === 'success' ? input.type : 'info';
      const text = input.text || undefined;
      const existing = notifications.find((n) => n.type === type && n.title === input.title && n.text === text);
      if (existing) {
        notifications = notifications.map((n) =>
          n.id === existing.id ? { ...n, count: n.count + 1, errorCode: input.errorCode || n.errorCode } : n,
        );
        startTimer(existing.id);
        emit();
        return existing.id;
      }
      const id = nextId++;
      notifications = [...notifications, { id, type, title: input.title, text, errorCode: input.errorCode || undefined, count: 1 }];
      startTimer(id);
      emit();
      return id;
    },
    dismiss,
    pause: stopTimer,
    resume(id) {
      if (notifications.some((n) => n.id === id)) startTimer(id);
    },
    getSnapshot: () => notifications,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** What the copy button puts on the clipboard: title, text and error-code line, one per line. */
export function notificationCopyText(notification: AppNotification, errorCodeLine: (code: string) => string): string {
  return [notification.title, notification.text, notification.errorCode && errorCodeLine(notification.errorCode)]
    .filter((line): line is string => Boolean(line))
    .join('\n');
}

/**
 * The text and code of an error toast for anything a request can throw. The title ("An error
 * occurred") is added by `useNotifications().add` for error toasts that have none.
 */
export function describeErrorForToast(error: unknown): { text: string; errorCode: string | undefined } {
  if (error instanceof HttpError) return { text: error.description, errorCode: error.code ?? String(error.status) };
  if (error instanceof NetworkError) return { text: error.message, errorCode: undefined };
  if (error instanceof ResponseShapeError) return { text: error.message, errorCode: undefined };
  if (error instanceof Error && error.message) return { text: error.message, errorCode: undefined };
  return { text: '', errorCode: undefined };
}
