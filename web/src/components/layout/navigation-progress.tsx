import { useNavigation } from 'react-router';

/** Thin bar at the top of the page while a navigation loads its route module and data. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className="navigation-progress" role="progressbar" aria-label="Loading page" />;
}
