import type { Collection } from '@cairn/shared/schemas/collections';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Button, ButtonLink, buttonClassName } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { PlusIcon } from '../../../components/ui/page-icons';
import { Popover } from '../../../components/ui/popover';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n-provider';
import { collectionQueries } from '../api/collections-queries';
import { useEditCollection } from '../api/use-edit-collection';
import { LazyCreateCollectionModal } from './lazy-create-collection-modal';
import styles from './save-popout.module.css';

const BookmarkIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d="M19 21l-7-5-7 5V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z" />
  </svg>
);

/**
 * "Save" on a project's header: the signed-in user's collections as checkboxes (ticking one adds
 * the project, unticking removes it), a search over them and "Create new collection".
 */
export function SavePopout({ projectId }: { projectId: string }) {
  const t = useT();
  const { user } = useCurrentUser();
  const { pathname, search } = useLocation();
  if (user === null) {
    return (
      <ButtonLink to={paths.auth.signIn.getHref(`${pathname}${search}`)} size="large" iconOnly aria-label={t('collections.save')}>
        <BookmarkIcon />
      </ButtonLink>
    );
  }
  if (user === undefined) {
    return (
      <Button size="large" iconOnly aria-label={t('collections.save')} disabled>
        <BookmarkIcon />
      </Button>
    );
  }
  return <SignedInSave projectId={projectId} userId={user.id} />;
}

function SignedInSave({ projectId, userId }: { projectId: string; userId: string }) {
  const t = useT();
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const { data: collections } = useQuery(collectionQueries.ofUser(userId));
  const needle = query.trim().toLowerCase();
  const shown = (collections ?? []).filter((c) => c.name.toLowerCase().includes(needle));
  return (
    <>
      <Popover
        trigger={<BookmarkIcon />}
        triggerLabel={t('collections.save')}
        triggerClassName={buttonClassName({ size: 'large', iconOnly: true })}
        label={t('collections.save.label')}
      >
        {(state) => (
          <div className={styles.panel}>
            <Input type="search" aria-label={t('collections.save.search')} placeholder={t('collections.save.search')} value={query} onChange={(e) => setQuery(e.target.value)} />
            {shown.length === 0 ? (
              <p className={styles.empty}>{t('collections.save.none')}</p>
            ) : (
              <ul className={styles.list}>
                {shown.map((collection) => (
                  <li key={collection.id}>
                    <MembershipToggle collection={collection} projectId={projectId} />
                  </li>
                ))}
              </ul>
            )}
            <Button
              variant="outlined"
              onClick={() => {
                state.setOpen(false);
                setCreating(true);
              }}
            >
              <PlusIcon />
              {t('collections.save.create')}
            </Button>
          </div>
        )}
      </Popover>
      {creating && <LazyCreateCollectionModal projectIds={[projectId]} onClose={() => setCreating(false)} />}
    </>
  );
}

function MembershipToggle({ collection, projectId }: { collection: Collection; projectId: string }) {
  const t = useT();
  const edit = useEditCollection(collection.id);
  const saved = collection.projects.includes(projectId);
  const toggle = () => {
    const next = saved ? collection.projects.filter((id) => id !== projectId) : [...collection.projects, projectId];
    edit.mutate({ changes: { new_projects: next }, toast: t(saved ? 'collections.save.removed' : 'collections.save.added', { name: collection.name }) });
  };
  return (
    <label className={styles.option}>
      <input type="checkbox" checked={saved} disabled={edit.isPending} onChange={toggle} />
      <span>{collection.name}</span>
    </label>
  );
}
