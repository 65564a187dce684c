import type { QueryClient } from '@tanstack/react-query';
import { data } from 'react-router';
import { currentUserQuery } from './auth';
import { isStaff } from './roles';

/**
 * For the loaders of staff pages (`/moderation/*`): everyone but moderators and admins gets the
 * site's 404 page, exactly as for a page that does not exist. The check lives in the pages' own
 * (lazy) code rather than in a guard route, so the shell does not carry it.
 */
export async function requireStaff(queryClient: QueryClient): Promise<void> {
  const user = await queryClient.ensureQueryData(currentUserQuery());
  if (!isStaff(user)) throw data('Not found', { status: 404 });
}
