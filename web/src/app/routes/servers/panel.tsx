import type { Server } from '@cairn/shared/schemas/servers';
import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { useParams, type LoaderFunction } from 'react-router';
import { Skeleton, SkeletonRegion } from '../../../components/ui/skeleton';
import { ServerPanel, type PanelTab } from '../../../features/server-panel/components/server-panel';
import { ActivityTab } from '../../../features/server-members/components/activity-tab';
import { MembersTab } from '../../../features/server-members/components/members-tab';
import { SchedulesTab } from '../../../features/server-schedules/components/schedules-tab';
import { NodeUnavailableScreen, ServerNotFoundScreen } from '../../../features/server-panel/components/server-screens';
import { HttpError } from '../../../lib/api-client';
import { currentUserQuery } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';
import { serverQueries } from '../../../lib/servers/servers-queries';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ params }) => {
    if (!(await queryClient.ensureQueryData(currentUserQuery()))) return null;
    await queryClient.prefetchQuery(serverQueries.detail(params.id ?? ''));
    return null;
  };

const SETTLING_POLL_MS = 3000;
const TRANSITIONS: ReadonlySet<string> = new Set(['installing', 'starting', 'stopping']);
/** Being set up, or between power states: the panel asks again until it settles (the console socket also reports states). */
const isSettling = (server: Server) => server.status === 'unprovisioned' || server.status === 'installing' || (server.status === 'available' && (!server.state || TRANSITIONS.has(server.state)));

/** The Schedules tab (features/server-schedules) and the Members and Activity tabs (features/server-members), mounted only while shown. */
function useMemberTabs(id: string): (selected: string) => PanelTab[] {
  const t = useT();
  return (selected) => [
    { id: 'schedules', label: t('servers.tab.schedules'), panel: selected === 'schedules' && <SchedulesTab serverId={id} /> },
    { id: 'members', label: t('servers.tab.members'), panel: selected === 'members' && <MembersTab serverId={id} /> },
    { id: 'activity', label: t('servers.tab.activity'), panel: selected === 'activity' && <ActivityTab serverId={id} /> },
  ];
}

/** `/servers/manage/:id`: one server's panel; a missing or foreign server is "not found". */
export function Component() {
  const t = useT();
  const { id = '' } = useParams();
  const panelTabs = useMemberTabs(id);
  const query = useQuery({ ...serverQueries.detail(id), retry: false, refetchInterval: (q) => (q.state.data && isSettling(q.state.data) ? SETTLING_POLL_MS : false) });
  useHead({ title: query.data?.name ?? t('servers.manage.title'), noindex: true });
  if (query.isPending)
    return (
      <SkeletonRegion label={t('servers.panel.loading')}>
        <Skeleton height="3rem" />
      </SkeletonRegion>
    );
  if (query.isError) {
    if (query.error instanceof HttpError && (query.error.status === 404 || query.error.status === 403)) return <ServerNotFoundScreen />;
    return <NodeUnavailableScreen onReload={() => void query.refetch()} />;
  }
  return <ServerPanel server={query.data} trailingTabs={panelTabs} />;
}
