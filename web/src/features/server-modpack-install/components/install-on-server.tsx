import { Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useCurrentUser } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n-provider';
import { lazyComponent } from '../../../lib/lazy-component';

// The dialog (with the server queries and the form) loads only when someone opens it.
const InstallModal = lazyComponent(() => import('./install-modal').then((module) => module.InstallModal), () => null);

/**
 * "Install on my server" on a modpack's page (docs/api/servers.md, "Modpacks on a server"): for
 * signed-in customers, a choice of their servers where they may install content and of the pack's
 * listed versions (newest first); installing opens the server's Content tab, where the progress shows.
 */
export function InstallOnServer({ projectTitle, versions }: { projectTitle: string; versions: ReadonlyArray<{ id: string; version_number: string }> }) {
  const t = useT();
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!user || versions.length === 0) return null;
  return (
    <>
      <Button size="large" onClick={() => setOpen(true)}>
        {t('project.installOnServer.button')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <InstallModal projectTitle={projectTitle} versions={versions} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
