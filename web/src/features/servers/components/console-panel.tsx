import { Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { FormAlert } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { useT } from '../../../lib/i18n/i18n-provider';
import type { ConsoleSocket } from '../hooks/use-console-socket';
import styles from './console-panel.module.css';
import { LazyConsoleTerminal } from './lazy-console-terminal';

const HISTORY_MAX = 50;

/** The live console: output, connection trouble, and a command line while the server runs. */
export function ConsolePanel({ socket, running }: { socket: ConsoleSocket; running: boolean }) {
  const t = useT();
  const inputId = useId();
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
            id={inputId}
            block
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
        </div>
      ) : (
        socket.status === 'open' && <p className={styles.hint}>{t('servers.console.notRunning')}</p>
      )}
    </section>
  );
}
