import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingBar, estimatedProgress } from './loading-bar';

describe('loading bar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('never shows for work that ends within the 50 ms throttle', () => {
    const bar = createLoadingBar();
    const seen = vi.fn();
    bar.subscribe(seen);
    bar.setBusy(true);
    vi.advanceTimersByTime(49);
    bar.setBusy(false);
    vi.advanceTimersByTime(1_000);
    expect(seen).not.toHaveBeenCalled();
    expect(bar.getState()).toEqual({ visible: false, progress: 0 });
  });

  it('shows after the throttle, advances while busy, completes and hides when done', () => {
    const bar = createLoadingBar();
    bar.setBusy(true);
    vi.advanceTimersByTime(50);
    expect(bar.getState().visible).toBe(true);
    const early = bar.getState().progress;
    vi.advanceTimersByTime(250);
    const later = bar.getState().progress;
    expect(later).toBeGreaterThan(early);
    vi.advanceTimersByTime(10_000);
    // Never claims to be done while the work goes on.
    expect(bar.getState().progress).toBeLessThanOrEqual(90);

    bar.setBusy(false);
    expect(bar.getState()).toEqual({ visible: true, progress: 100 });
    vi.advanceTimersByTime(200);
    expect(bar.getState()).toEqual({ visible: false, progress: 0 });
  });

  it('keeps showing when new work starts while the finished bar fades', () => {
    const bar = createLoadingBar();
    bar.setBusy(true);
    vi.advanceTimersByTime(100);
    bar.setBusy(false);
    bar.setBusy(true);
    vi.advanceTimersByTime(500);
    expect(bar.getState().visible).toBe(true);
    expect(bar.getState().progress).toBeLessThan(100);
  });

  it('reaches about two thirds of the way over the expected 500 ms', () => {
    expect(estimatedProgress(0)).toBe(0);
    expect(estimatedProgress(500)).toBeGreaterThan(55);
    expect(estimatedProgress(500)).toBeLessThan(70);
    expect(estimatedProgress(60_000)).toBe(90);
  });
});
