import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, NetworkError } from './api-client';
import { createNotificationStore, describeErrorForToast, NOTIFICATION_LIFETIME_MS, notificationCopyText } from './notifications';

describe('notification store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('adds notifications and removes each 30 s after it arrived', () => {
    const store = createNotificationStore();
    store.add({ type: 'success', title: 'Saved' });
    vi.advanceTimersByTime(10_000);
    store.add({ type: 'info', title: 'Heads up' });
    expect(store.getSnapshot().map((n) => n.title)).toEqual(['Saved', 'Heads up']);

    vi.advanceTimersByTime(NOTIFICATION_LIFETIME_MS - 10_000 - 1);
    expect(store.getSnapshot()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().map((n) => n.title)).toEqual(['Heads up']);
    vi.advanceTimersByTime(10_000);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('counts an identical notification (same type, title and text) and restarts its timer', () => {
    const store = createNotificationStore();
    const id = store.add({ type: 'error', title: 'An error occurred', text: 'Too many requests' });
    vi.advanceTimersByTime(20_000);
    expect(store.add({ type: 'error', title: 'An error occurred', text: 'Too many requests' })).toBe(id);
    expect(store.getSnapshot()).toEqual([expect.objectContaining({ id, count: 2 })]);

    // Restarted: still there 29 s after the second one, gone at 30 s.
    vi.advanceTimersByTime(29_999);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('keeps notifications apart when type, title or text differ', () => {
    const store = createNotificationStore();
    store.add({ type: 'error', title: 'A', text: 'x' });
    store.add({ type: 'warning', title: 'A', text: 'x' });
    store.add({ type: 'error', title: 'B', text: 'x' });
    store.add({ type: 'error', title: 'A', text: 'y' });
    expect(store.getSnapshot().map((n) => n.count)).toEqual([1, 1, 1, 1]);
  });

  it('treats unknown types as info', () => {
    const store = createNotificationStore();
    store.add({ type: 'nonsense' as never, title: 'Hello' });
    expect(store.getSnapshot()[0]?.type).toBe('info');
  });

  it('pauses the timer while hovered and starts a full lifetime on leave', () => {
    const store = createNotificationStore();
    const id = store.add({ title: 'Hover me' });
    vi.advanceTimersByTime(25_000);
    store.pause(id);
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()).toHaveLength(1);
    store.resume(id);
    vi.advanceTimersByTime(29_999);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('dismisses on request and notifies subscribers', () => {
    const store = createNotificationStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.add({ title: 'Bye' });
    store.dismiss(id);
    expect(store.getSnapshot()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.add({ title: 'Unheard' });
    expect(listener).toHaveBeenCalledTimes(2);
    // A dismissed notification's timer is gone too.
    vi.advanceTimersByTime(NOTIFICATION_LIFETIME_MS);
    expect(store.getSnapshot()).toEqual([]);
  });
});

describe('notification copy text and errors', () => {
  const line = (code: string) => `Error code: ${code}`;

  it('copies title, text and error code on separate lines, leaving out what is missing', () => {
    const base = { id: 1, type: 'error' as const, count: 1 };
    expect(notificationCopyText({ ...base, title: 'An error occurred', text: 'Nope', errorCode: 'not_found' }, line)).toBe(
      'An error occurred\nNope\nError code: not_found',
    );
    expect(notificationCopyText({ ...base, title: 'Saved', text: undefined, errorCode: undefined }, line)).toBe('Saved');
  });

  it('turns request errors into toast text and code', () => {
    expect(describeErrorForToast(new HttpError(429, 'ratelimit_error', 'Slow down', 'POST', '/v2/x'))).toEqual({
      text: 'Slow down',
      errorCode: 'ratelimit_error',
    });
    expect(describeErrorForToast(new HttpError(502, undefined, 'Bad Gateway', 'GET', '/v2/x'))).toEqual({
      text: 'Bad Gateway',
      errorCode: '502',
    });
    expect(describeErrorForToast(new NetworkError('GET', '/v2/x')).text).toMatch(/Could not reach the server/);
    expect(describeErrorForToast('weird')).toEqual({ text: '', errorCode: undefined });
  });
});
