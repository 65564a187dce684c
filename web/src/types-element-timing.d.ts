import 'react';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- merges with React's declaration, whose parameter is T
  interface HTMLAttributes<T> {
    /**
     * Element Timing: the browser reports when this element's text or image is first painted
     * (`PerformanceObserver` type `element`); the benchmark reads it (api/bench/web.ts).
     */
    elementtiming?: string;
  }
}
