import type { DateInput } from '@cairn/shared/format/dates';
import { collapseGameVersions } from '@cairn/shared/format/game-versions';
import { useEffect, useState } from 'react';
import { useFormatters } from '../../lib/use-formatters';

/** The current time, refreshed every `intervalMs` so relative times stay true on a page left open. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** "3 days ago", with the exact date and time on hover and in the machine-readable attribute. */
export function RelativeTime({ date, className }: { date: DateInput; className?: string }) {
  const now = useNow();
  const { formatDate, formatRelativeTime } = useFormatters();
  const iso = new Date(date).toISOString();
  return (
    <time dateTime={iso} title={formatDate(date, { withTime: true })} className={className}>
      {formatRelativeTime(date, now)}
    </time>
  );
}

/** A project's game versions as ranges ("1.18–1.20.1, 1.16.5"), given all versions newest first. */
export function GameVersionRanges({ versions, allVersions }: { versions: readonly string[]; allVersions: readonly string[] }) {
  return <>{collapseGameVersions(versions, allVersions).join(', ')}</>;
}
