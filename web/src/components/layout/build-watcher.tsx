import { useEffect, useState } from 'react';
import { createPath, useLocation, useNavigation } from 'react-router';
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
  // The location key when the new build was noticed: any later location is a navigation.
  const [outdatedAt, setOutdatedAt] = useState<string | undefined>(undefined);
  const outdated = outdatedAt !== undefined;
  const navigation = useNavigation();
  const location = useLocation();
  const locationKey = location.key;

  useEffect(() => {
    if (currentBuildId === 'dev' || outdated) return;
    const controller = new AbortController();
    const check = async () => {
      if (isNewBuild(currentBuildId, await fetchLatestBuildId(controller.signal))) setOutdatedAt(locationKey);
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
  }, [currentBuildId, pollIntervalMs, outdated, locationKey]);

  // Prefer catching the navigation as it starts (loaders of the old build never run); navigations
  // without loaders finish at once, so a changed location counts as well.
  const target = navigation.location ?? (outdated && location.key !== outdatedAt ? location : undefined);
  useEffect(() => {
    if (outdated && target) reload(createPath(target));
  }, [outdated, target, reload]);

  return null;
}
