import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router';
import { useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { ModerationLayout } from '../../../features/moderation/components/moderation-layout';
import { requireStaff } from '../../../lib/staff-guard';
import * as home from './home';
import * as log from './log';
import * as malware from './malware';
import * as review from './review';
import * as userEmail from '../admin/user-email';

/**
 * Every moderation page in one route module (one chunk reference in the shell's router, which
 * keeps the search route within its budget). The loader turns away everyone but staff (admins
 * only for the e-mail lookup) with the 404 page; the decisions log is public.
 */
const pageOf = (pathname: string) =>
  pathname.startsWith(paths.moderation.review.path)
    ? 'review'
    : pathname.startsWith(paths.moderation.malware.path)
      ? 'malware'
      : pathname.startsWith(paths.moderation.log.path)
        ? 'log'
        : pathname.startsWith(paths.admin.userEmail.path)
          ? 'userEmail'
          : 'home';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async (args: LoaderFunctionArgs) => {
    const page = pageOf(new URL(args.request.url).pathname);
    if (page !== 'log') await requireStaff(queryClient, page === 'userEmail' ? 'admin' : 'moderator');
    if (page === 'review') return review.createLoader(queryClient)(args);
    if (page === 'log') return log.createLoader(queryClient)(args);
    if (page === 'malware') return malware.createLoader(queryClient)(args);
    if (page === 'home') return home.createLoader(queryClient)(args);
    return null;
  };

export function Component() {
  const page = pageOf(useLocation().pathname);
  if (page === 'log') return <log.Component />;
  if (page === 'userEmail') return <userEmail.Component />;
  return <ModerationLayout>{page === 'review' ? <review.Component /> : page === 'malware' ? <malware.Component /> : <home.Component />}</ModerationLayout>;
}
