import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from './mocks/server';

// Route modules load lazily (transformed on first import): allow for a busy machine.
// Page tests render the whole shell and run axe over it, which takes seconds in jsdom.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

// jsdom has no layout; the router's scroll restoration calls this on every navigation.
window.scrollTo = () => {};
// jsdom has no canvas; axe-core probes one and copes with null, but jsdom would print a warning for each probe.
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

// Every request a test makes must have a handler: an unexpected call is a failing test, not a hang.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  // Preference cookies and storage would otherwise leak from one test into the next.
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  window.sessionStorage.clear();
  window.localStorage.clear();
  delete document.documentElement.dataset.theme;
});

afterAll(() => server.close());
