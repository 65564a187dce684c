import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { data, type LoaderFunction } from 'react-router';
import { projectQueries } from '../../../features/projects/api/projects-queries';
import { useProject } from '../../../features/projects/hooks/use-project-page';
import { QueuePositionPanel } from '../../../features/moderation/components/queue-position-panel';
import { ProjectModerationTab } from '../../../features/project-moderation/components/project-moderation-tab';
import { threadQueries } from '../../../features/threads/api/threads-queries';
import { ConversationThread } from '../../../features/threads/components/conversation-thread';
import { currentUserQuery } from '../../../lib/auth';
import { isStaff } from '../../../lib/staff-guard';
import { loadProject } from './shared';

/** Only the team (pending invitees too) and moderators have this tab; others get the 404 page. */
export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ params }) => {
    const project = await loadProject(queryClient, params.id ?? '');
    const [user, members] = await Promise.all([queryClient.ensureQueryData(currentUserQuery()), queryClient.ensureQueryData(projectQueries.members(project.id))]);
    if (!user || !(isStaff(user?.role) || members.some((member) => member.user.id === user.id))) throw data('Not found', { status: 404 });
    await queryClient.ensureQueryData(threadQueries.detail(project.thread_id));
    return null;
  };

function ProjectThread({ threadId }: { threadId: string }) {
  const { data: thread } = useSuspenseQuery(threadQueries.detail(threadId));
  const { data: user } = useSuspenseQuery(currentUserQuery());
  return user ? <ConversationThread thread={thread} viewer={user} staff={isStaff(user?.role)} /> : null;
}

/** `/{type}/{id}/moderation`: status, visibility, resubmission and the conversation with moderators. */
export function Component() {
  const { project } = useProject();
  const queue = project.status === 'processing' ? <QueuePositionPanel projectId={project.id} /> : undefined;
  return <ProjectModerationTab project={project} queuePositionPanel={queue} thread={<ProjectThread threadId={project.thread_id} />} />;
}
