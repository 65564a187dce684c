import type { AgentServerState, AgentStats } from '@cairn/shared/schemas/node-agent';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { serverQueries } from '../../../lib/servers/servers-queries';
import { decodeConsoleMessage } from '../utils/console-message';

/** `connecting` the first time, `reconnecting` after a drop, `failed` when the node refused us. */
export type ConsoleStatus = 'connecting' | 'open' | 'reconnecting' | 'failed';

/** Stats samples kept for the charts (one every couple of seconds: about two minutes). */
export const STATS_SAMPLES = 60;
const RETRY_MS = [1000, 2000, 5000, 10_000];

export type ConsoleOutput = { kind: 'reset'; lines: readonly string[] } | { kind: 'line'; line: string };

export interface ConsoleSocket {
  status: ConsoleStatus;
  /** The power state the node last reported over the socket. */
  state: AgentServerState | undefined;
  stats: readonly AgentStats[];
  /** Lines as they arrive (history on each connect replaces what was shown). */
  subscribe: (listener: (output: ConsoleOutput) => void) => () => void;
  /** Everything received so far, for a terminal that mounts late. */
  lines: () => readonly string[];
  send: (command: string) => boolean;
}

/**
 * The server's live console: a short-lived node token from the API, then the node's WebSocket
 * (`console_url?token=`). A drop reconnects with a fresh token; a socket that never opens (bad or
 * refused token) is a failure, not a reconnect loop.
 */
export function useConsoleSocket(serverId: string, enabled: boolean): ConsoleSocket {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ConsoleStatus>('connecting');
  const [state, setState] = useState<AgentServerState | undefined>();
  const [stats, setStats] = useState<readonly AgentStats[]>([]);
  const listeners = useRef(new Set<(output: ConsoleOutput) => void>());
  const buffer = useRef<string[]>([]);
  const socketRef = useRef<WebSocket | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const emit = (output: ConsoleOutput) => {
      if (output.kind === 'reset') buffer.current = [...output.lines];
      else buffer.current.push(output.line);
      for (const listener of listeners.current) listener(output);
    };

    const connect = async () => {
      let opened = false;
      let url: string;
      try {
        const access = await queryClient.fetchQuery(serverQueries.access(serverId));
        url = `${access.console_url}${access.console_url.includes('?') ? '&' : '?'}token=${encodeURIComponent(access.token)}`;
      } catch {
        if (!stopped) setStatus('failed');
        return;
      }
      if (stopped) return;
      const socket = new WebSocket(url);
      socketRef.current = socket;
      socket.onopen = () => {
        opened = true;
        attempt = 0;
        setStatus('open');
      };
      socket.onmessage = (event: MessageEvent) => {
        const message = decodeConsoleMessage(String(event.data));
        if (!message) return;
        if (message.type === 'history') emit({ kind: 'reset', lines: message.lines });
        else if (message.type === 'line') emit({ kind: 'line', line: message.line });
        else if (message.type === 'state') {
          setState(message.state);
          // The server's `last_exit` (why it crashed) comes from the API, not the socket.
          if (message.state === 'crashed') void queryClient.invalidateQueries({ queryKey: serverQueries.detail(serverId).queryKey });
        }
        else if (message.type === 'stats') setStats((previous) => [...previous, message.stats].slice(-STATS_SAMPLES));
        else if (message.error === 'unauthorized' || message.error === 'forbidden') setStatus('failed');
      };
      socket.onclose = () => {
        socketRef.current = null;
        if (stopped) return;
        if (!opened) {
          setStatus('failed');
          return;
        }
        setStatus('reconnecting');
        timer = setTimeout(() => void connect(), RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]);
      };
    };
    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socketRef.current?.close();
      socketRef.current = null;
    };
  }, [enabled, serverId, queryClient]);

  const subscribe = useCallback((listener: (output: ConsoleOutput) => void) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);
  const lines = useCallback(() => buffer.current, []);
  const send = useCallback((command: string) => {
    const socket = socketRef.current;
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify({ type: 'command', command }));
    return true;
  }, []);

  return { status, state, stats, subscribe, lines, send };
}
