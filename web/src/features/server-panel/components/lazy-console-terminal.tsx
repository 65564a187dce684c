import { lazyComponent } from '../../../lib/lazy-component';
import type { ConsoleTerminalProps } from './console-terminal';

/** Keeps xterm.js out of every download but the server panel's, and until the console shows. */
export const LazyConsoleTerminal = lazyComponent<ConsoleTerminalProps>(
  () => import('./console-terminal').then((m) => m.ConsoleTerminal),
  () => null,
);
