import type { Organization } from '@cairn/shared/schemas/organizations';
import { AppIcon } from '../../../components/ui/app-icon';
import { AppLink } from '../../../components/ui/app-link';
import sidebarCard from '../../../components/ui/sidebar-card.module.css';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import styles from './user-organizations.module.css';

/** The organizations on a user's profile (nothing when there are none). */
export function UserOrganizations({ organizations }: { organizations: readonly Organization[] }) {
  const t = useT();
  if (organizations.length === 0) return null;
  return (
    <section className={sidebarCard.card}>
      <h2 className={sidebarCard.title}>{t('organizations.profile.title')}</h2>
      <ul className={styles.list}>
        {organizations.map((organization) => (
          <li key={organization.id}>
            <AppLink to={paths.organization.getHref(organization.slug)} className={styles.link}>
              <AppIcon name={organization.name} iconUrl={organization.icon_url} size="small" />
              <span>{organization.name}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
