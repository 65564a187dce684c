import type { Organization } from '@cairn/shared/schemas/organizations';
import { useState } from 'react';
import { AppIcon } from '../../../components/ui/app-icon';
import { AppLink } from '../../../components/ui/app-link';
import { Button } from '../../../components/ui/button';
import { CardList, CardListItem, CardMeta, CardTitle } from '../../../components/ui/card-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { LazyCreateOrganizationModal } from './lazy-create-organization-modal';
import styles from './organization-settings.module.css';

/** `/dashboard/organizations`: the user's organizations and a way to create one. */
export function DashboardOrganizations({ organizations }: { organizations: readonly Organization[] }) {
  const t = useT();
  const [creating, setCreating] = useState(false);
  return (
    <section className={styles.section} aria-labelledby="dashboard-organizations">
      <div className={styles.row}>
        <h1 id="dashboard-organizations" className={styles.sectionTitle}>
          {t('organizations.dashboard.title')}
        </h1>
        <Button color="brand" onClick={() => setCreating(true)}>
          {t('organizations.dashboard.create')}
        </Button>
      </div>
      {organizations.length === 0 ? (
        <EmptyState framed>{t('organizations.dashboard.empty')}</EmptyState>
      ) : (
        <CardList>
          {organizations.map((organization) => (
            <CardListItem key={organization.id} centered media={<AppIcon name={organization.name} iconUrl={organization.icon_url} />}>
              <CardTitle>
                <AppLink to={paths.organization.getHref(organization.slug)}>{organization.name}</AppLink>
              </CardTitle>
              <CardMeta>{t('organizations.page.memberCount', { count: organization.members.filter((m) => m.accepted).length })}</CardMeta>
            </CardListItem>
          ))}
        </CardList>
      )}
      {creating && <LazyCreateOrganizationModal onClose={() => setCreating(false)} />}
    </section>
  );
}
