import { completeCommand } from '@cairn/shared/constants/server-console';
import { Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { useT } from '../../../lib/i18n/i18n-provider';
import type { ConsoleSocket } from '../hooks/use-console-socket';
import styles from './console-panel.module.css';
import { LazyConsoleTerminal } from './lazy-console-terminal';

const HISTORY_MAX = 50;

interface ConsolePanelProps {
  socket: ConsoleSocket;
  running: boolean;
  /** Common commands of the server's runtime (`consoleCommands(loader)`): shown under the input and completed with Tab. */
  commands: readonly string[];
}

/**
 * The live console: output, connection trouble, and a command line while the server runs, with
 * the runtime's common commands under it (a click puts one in the line; Tab completes one).
 */
export function ConsolePanel({ socket, running, commands }: ConsolePanelProps) {
  const t = useT();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [command, setCommand] = useState('');
  const history = useRef<string[]>([]);
  const [cursor, setCursor] = useState<number | undefined>();

  const submit = () => {
    const text = command.trim();
    if (!text || !socket.send(text)) return;
    history.current = [...history.current.filter((h) => h !== text), text].slice(-HISTORY_MAX);
    setCursor(undefined);
    setCommand('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const past = history.current;
    if (event.key === 'Enter') {
      event.preventDefault();
      submit();
    } else if (event.key === 'Tab' && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey) {
      // Tab only completes when there is something to complete; otherwise focus moves on as usual.
      const completed = completeCommand(command, commands);
      if (completed === undefined) return;
      event.preventDefault();
      setCommand(completed);
      setCursor(undefined);
    } else if (event.key === 'ArrowUp' && past.length > 0) {
      event.preventDefault();
      const next = cursor === undefined ? past.length - 1 : Math.max(0, cursor - 1);
      setCursor(next);
      setCommand(past[next]!);
    } else if (event.key === 'ArrowDown' && cursor !== undefined) {
      event.preventDefault();
      const next = cursor + 1;
      setCursor(next < past.length ? next : undefined);
      setCommand(next < past.length ? past[next]! : '');
    }
  };

  return (
    <section className={styles.console} aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className={styles.title}>
        {t('servers.console.title')}
      </h2>
      {socket.status === 'failed' && <FormAlert>{t('servers.console.failed')}</FormAlert>}
      {socket.status === 'reconnecting' && <FormAlert tone="info">{t('servers.console.reconnecting')}</FormAlert>}
      {socket.status === 'connecting' && <p className={styles.hint} role="status">{t('servers.console.connecting')}</p>}
      <Suspense fallback={<div className={styles.placeholder} />}>
        <LazyConsoleTerminal label={t('servers.console.output')} lines={socket.lines} subscribe={socket.subscribe} />
      </Suspense>
      {running && socket.status === 'open' ? (
        <div className={styles.command}>
          <label htmlFor={inputId} className="visually-hidden">
            {t('servers.console.commandLabel')}
          </label>
          <Input
            ref={input}
            id={inputId}
            block
            aria-describedby={`${inputId}-hint`}
            autoComplete="off"
            spellCheck={false}
            placeholder={t('servers.console.command')}
            value={command}
            onChange={(event) => {
              setCommand(event.target.value);
              setCursor(undefined);
            }}
            onKeyDown={onKeyDown}
          />
          <p id={`${inputId}-hint`} className={styles.hint}>
            {t('servers.console.commandsHint')}
          </p>
          <ul className={styles.commands} aria-label={t('servers.console.commands')}>
            {commands.map((name) => (
              <li key={name}>
                <Button
                  size="small"
                  variant="transparent"
                  className={styles.commandChip}
                  aria-label={t('servers.console.useCommand', { command: name })}
                  onClick={() => {
                    setCommand(`${name} `);
                    setCursor(undefined);
                    input.current?.focus();
                  }}
                >
                  {name}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        socket.status === 'open' && <p className={styles.hint}>{t('servers.console.notRunning')}</p>
      )}
    </section>
  );
}
