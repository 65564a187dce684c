import { Outlet } from 'react-router';
import { ModerationLayout } from '../../../features/moderation/components/moderation-layout';

/** `/moderation/*` staff pages (guarded in router.tsx): the staff navigation around them. */
export function Component() {
  return (
    <ModerationLayout>
      <Outlet />
    </ModerationLayout>
  );
}
