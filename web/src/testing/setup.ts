import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './mocks/server';

// jsdom has no layout; the router's scroll restoration calls this on every navigation.
window.scrollTo = () => {};
// jsdom has no canvas; axe-core probes one and copes with null, but jsdom would log "not implemented".
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

// Every request a test makes must have a handler: an unexpected call is a failing test, not a hang.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
});

afterAll(() => server.close());
