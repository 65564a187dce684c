import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { createLoadingBar, type LoadingBarState } from '../../lib/loading-bar';
import styles from './loading-bar.module.css';

/** The 3 px bar at the top while a navigation or a mutation is in progress. */
export function LoadingBar() {
  const navigation = useNavigation();
  const mutating = useIsMutating();
  const busy = navigation.state !== 'idle' || mutating > 0;
  const [bar] = useState(() => createLoadingBar());
  const [state, setState] = useState<LoadingBarState>(bar.getState);

  useEffect(() => {
    const unsubscribe = bar.subscribe(setState);
    return () => {
      unsubscribe();
    };
  }, [bar]);
  useEffect(() => () => bar.dispose(), [bar]);
  useEffect(() => bar.setBusy(busy), [bar, busy]);

  return (
    <div
      className={styles.bar}
      data-visible={state.visible}
      style={{ transform: `scaleX(${state.progress / 100})` }}
      aria-hidden="true"
    />
  );
}
