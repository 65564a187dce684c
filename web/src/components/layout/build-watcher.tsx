import { useEffect, useState } from 'react';
import { createPath, useNavigation } from 'react-router';
import { BUILD_POLL_INTERVAL_MS, fetchLatestBuildId, isNewBuild } from '../../lib/build-watch';

interface BuildWatcherProps {
  currentBuildId: string;
  pollIntervalMs?: number;
  /** Full page load of the navigation's target; injected in tests. */
  reload?: (href: string) => void;
}

/**
 * Polls /build.json (and checks again when the tab comes back into view). Once a newer build is
 * out, the next navigation becomes a full page load of its target, so the user gets the new code.
 */
export function BuildWatcher({
  currentBuildId,
  pollIntervalMs = BUILD_POLL_INTERVAL_MS,
  reload = (href) => window.location.assign(href),
}: BuildWatcherProps) {
  const [outdated, setOutdated] = useState(false);
  const navigation = useNavigation();

  useEffect(() => {
    if (currentBuildId === 'dev' || outdated) return;
    const controller = new AbortController();
    const check = async () => {
      if (isNewBuild(currentBuildId, await fetchLatestBuildId(controller.signal))) setOutdated(true);
    };
    const interval = setInterval(() => void check(), pollIntervalMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      controller.abort();
      clearInterval(interval);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [currentBuildId, pollIntervalMs, outdated]);

  const target = navigation.location;
  useEffect(() => {
    if (outdated && target) reload(createPath(target));
  }, [outdated, target, reload]);

  return null;
}
