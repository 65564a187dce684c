import { Suspense } from 'react';
import { useCurrentUser } from '../../lib/auth';
import { lazyComponent } from '../../lib/lazy-component';

// Loaded only for the accounts that need it; without its code there is simply no banner.
const EmailBannerContent = lazyComponent(() => import('./email-banner-content').then((module) => module.EmailBannerContent), () => null);

/** "Account action required" on every page while the signed-in user's email is not verified (or missing). */
export function EmailBanner() {
  const { user } = useCurrentUser();
  if (!user || user.email_verified !== false) return null;
  return (
    <Suspense fallback={null}>
      <EmailBannerContent user={user} />
    </Suspense>
  );
}
