import type { Collection } from '@cairn/shared/schemas/collections';
import { useQuery } from '@tanstack/react-query';
import sidebarCard from '../../../components/ui/sidebar-card.module.css';
import { AppLink } from '../../../components/ui/app-link';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { collectionQueries } from '../api/collections-queries';

/** A profile's public collections (listed ones only: unlisted ones are for people given the link). */
export function ProfileCollections({ userId, own }: { userId: string; own: boolean }) {
  const t = useT();
  const { data } = useQuery(collectionQueries.ofUser(userId));
  const shown = (data ?? []).filter((c: Collection) => c.status === 'listed' && c.projects.length > 0);
  return (
    <section className={sidebarCard.card}>
      <h2 className={sidebarCard.title}>{t('collections.profile.title')}</h2>
      {shown.length === 0 ? (
        <p>{own ? t('collections.profile.noneOwn') : t('collections.profile.none')}</p>
      ) : (
        <ul>
          {shown.map((collection) => (
            <li key={collection.id}>
              <AppLink to={paths.collection.getHref(collection.id)}>{collection.name}</AppLink> ({t('collections.projectCount', { count: collection.projects.length })})
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
