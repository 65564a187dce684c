/**
 * The thin progress bar at the top (spec §9): it appears only when work lasts longer than the
 * throttle (50 ms), so instant navigations do not flicker, and eases towards the end over the
 * expected duration (500 ms) without reaching it until the work is done.
 */
const LOADING_BAR_THROTTLE_MS = 50;
const LOADING_BAR_DURATION_MS = 500;
const TICK_MS = 50;
/** How long the full bar stays before it fades away. */
const FINISH_HOLD_MS = 200;

export interface LoadingBarState {
  visible: boolean;
  /** 0–100. */
  progress: number;
}

interface Timers {
  setTimeout: (callback: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimeout: (handle: ReturnType<typeof setTimeout>) => void;
  setInterval: (callback: () => void, ms: number) => ReturnType<typeof setInterval>;
  clearInterval: (handle: ReturnType<typeof setInterval>) => void;
}

const realTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle),
};

/** Progress after `elapsed` ms: fast at first, slowing down, never above 90 while busy. */
export function estimatedProgress(elapsed: number, durationMs = LOADING_BAR_DURATION_MS): number {
  return Math.min(90, (2 / Math.PI) * 100 * Math.atan((elapsed / durationMs) * 1.5));
}

export interface LoadingBar {
  setBusy(busy: boolean): void;
  getState(): LoadingBarState;
  subscribe(listener: (state: LoadingBarState) => void): () => void;
  dispose(): void;
}

export function createLoadingBar(
  { throttleMs = LOADING_BAR_THROTTLE_MS, durationMs = LOADING_BAR_DURATION_MS } = {},
  timers: Timers = realTimers,
): LoadingBar {
  let state: LoadingBarState = { visible: false, progress: 0 };
  let busy = false;
  let startedAt = 0;
  let elapsed = 0;
  let throttle: ReturnType<typeof setTimeout> | undefined;
  let hide: ReturnType<typeof setTimeout> | undefined;
  let ticker: ReturnType<typeof setInterval> | undefined;
  const listeners = new Set<(state: LoadingBarState) => void>();

  const set = (next: LoadingBarState) => {
    if (next.visible === state.visible && next.progress === state.progress) return;
    state = next;
    listeners.forEach((listener) => listener(state));
  };

  const clearAll = () => {
    if (throttle !== undefined) timers.clearTimeout(throttle);
    if (hide !== undefined) timers.clearTimeout(hide);
    if (ticker !== undefined) timers.clearInterval(ticker);
    throttle = hide = ticker = undefined;
  };

  const show = () => {
    throttle = undefined;
    startedAt = elapsed;
    set({ visible: true, progress: estimatedProgress(0, durationMs) });
    ticker = timers.setInterval(() => {
      elapsed += TICK_MS;
      set({ visible: true, progress: estimatedProgress(elapsed - startedAt, durationMs) });
    }, TICK_MS);
  };

  return {
    setBusy(next) {
      if (next === busy) return;
      busy = next;
      if (busy) {
        if (hide !== undefined) {
          // Work resumed while the finished bar was fading: keep showing it.
          timers.clearTimeout(hide);
          hide = undefined;
          if (ticker === undefined) show();
          return;
        }
        if (!state.visible && throttle === undefined) {
          elapsed = 0;
          throttle = timers.setTimeout(show, throttleMs);
        }
        return;
      }
      if (!state.visible) {
        // Finished within the throttle: never shown.
        clearAll();
        return;
      }
      if (ticker !== undefined) timers.clearInterval(ticker);
      ticker = undefined;
      set({ visible: true, progress: 100 });
      hide = timers.setTimeout(() => {
        hide = undefined;
        set({ visible: false, progress: 0 });
      }, FINISH_HOLD_MS);
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      clearAll();
      listeners.clear();
    },
  };
}
