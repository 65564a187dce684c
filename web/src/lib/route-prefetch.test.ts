import { describe, expect, it, vi } from 'vitest';
import { canPrefetch, createPrefetchQueue, createRoutePrefetcher } from './route-prefetch';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('route prefetching', () => {
  it('is skipped on data-saver and 2G connections', () => {
    expect(canPrefetch(undefined)).toBe(true);
    expect(canPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(canPrefetch({ effectiveType: '3g' })).toBe(true);
    expect(canPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(canPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(canPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
  });

  it('runs at most four preloads at once, each key once', async () => {
    const queue = createPrefetchQueue();
    const tasks = Array.from({ length: 6 }, () => deferred());
    const started: number[] = [];
    tasks.forEach((task, index) =>
      queue.enqueue(`route-${index}`, () => {
        started.push(index);
        return task.promise;
      }),
    );
    queue.enqueue('route-0', () => Promise.reject(new Error('should not run twice')));
    expect(started).toEqual([0, 1, 2, 3]);
    expect(queue.running).toBe(4);

    tasks[1]!.resolve();
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2, 3, 4]));
    tasks.forEach((task) => task.resolve());
    await vi.waitFor(() => expect(queue.running).toBe(0));
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('loads the lazy routes a link points to, unless the connection is slow', async () => {
    const lazy = vi.fn(async () => ({}));
    const routes = [{ id: 'root', path: '/', children: [{ id: 'mods', path: 'mods', lazy }] }];
    const fast = createRoutePrefetcher(() => routes, undefined, createPrefetchQueue(), () => ({ effectiveType: '4g' }));
    fast('/mods?q=x');
    fast('/mods');
    fast('/nowhere');
    await vi.waitFor(() => expect(lazy).toHaveBeenCalledTimes(1));

    const slowLazy = vi.fn(async () => ({}));
    const slow = createRoutePrefetcher(
      () => [{ id: 'mods', path: '/mods', lazy: slowLazy }],
      undefined,
      createPrefetchQueue(),
      () => ({ saveData: true }),
    );
    slow('/mods');
    expect(slowLazy).not.toHaveBeenCalled();
  });

  it('looks for a path that only the catch-all route matches among the routes not added yet', async () => {
    const settings = vi.fn(async () => ({}));
    const discover = vi.fn(async () => [{ id: 'settings', path: 'settings', lazy: settings }]);
    const routes = [{ id: 'root', path: '/', children: [{ id: 'home', index: true, lazy: vi.fn(async () => ({})) }, { id: 'not-found', path: '*' }] }];
    const prefetch = createRoutePrefetcher(() => routes, discover, createPrefetchQueue(), () => ({ effectiveType: '4g' }));
    prefetch('/settings');
    await vi.waitFor(() => expect(settings).toHaveBeenCalledTimes(1));
    prefetch('/');
    expect(discover).toHaveBeenCalledTimes(1);
  });
});
