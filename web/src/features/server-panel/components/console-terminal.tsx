import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { useEffect, useRef } from 'react';
import type { ConsoleOutput } from '../hooks/use-console-socket';
import styles from './console-terminal.module.css';

export interface ConsoleTerminalProps {
  label: string;
  lines: () => readonly string[];
  subscribe: (listener: (output: ConsoleOutput) => void) => () => void;
}

/** The console's output in a read-only terminal (ANSI colours as the server prints them). */
export function ConsoleTerminal({ label, lines, subscribe }: ConsoleTerminalProps) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const terminal = new Terminal({ disableStdin: true, convertEol: true, scrollback: 2000, fontSize: 13, rows: 20, cursorBlink: false });
    terminal.open(element);
    const fit = () => {
      const cell = element.clientWidth / 8;
      if (cell > 10) terminal.resize(Math.floor(cell), 20);
    };
    fit();
    for (const line of lines()) terminal.writeln(line);
    const unsubscribe = subscribe((output) => {
      if (output.kind === 'reset') {
        terminal.reset();
        for (const line of output.lines) terminal.writeln(line);
      } else terminal.writeln(output.line);
    });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(fit);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      unsubscribe();
      terminal.dispose();
    };
  }, [lines, subscribe]);

  return <div ref={host} className={styles.terminal} role="log" aria-label={label} />;
}
