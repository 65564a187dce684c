import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The msw server for unit tests; override per test with `server.use(...)`. */
export const server = setupServer(...handlers);
