import type { Collection } from '@cairn/shared/schemas/collections';
import { useState } from 'react';
import { ProjectIcon } from '../../../components/project-card/project-icon';
import { AppLink } from '../../../components/ui/app-link';
import { Button } from '../../../components/ui/button';
import { CardList, CardListItem, CardMeta, CardTitle } from '../../../components/ui/card-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { PlusIcon } from '../../../components/ui/page-icons';
import { Input } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { FOLLOWING_ID } from '../api/collections-queries';
import { LazyCreateCollectionModal } from './lazy-create-collection-modal';
import styles from './collection-page.module.css';

/** `/dashboard/collections`: the Following list first, then the user's collections; search and create. */
export function DashboardCollections({ collections, followingCount }: { collections: readonly Collection[]; followingCount: number }) {
  const t = useT();
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const needle = query.trim().toLowerCase();
  const followingName = t('collections.following.name');
  const cards = [
    { id: FOLLOWING_ID, name: followingName, description: t('collections.following.description'), status: 'private' as const, icon_url: null, count: followingCount },
    ...collections.map((c) => ({ id: c.id, name: c.name, description: c.description, status: c.status, icon_url: c.icon_url, count: c.projects.length })),
  ].filter((c) => c.name.toLowerCase().includes(needle) || (c.description ?? '').toLowerCase().includes(needle));
  return (
    <div className={styles.main}>
      <h1>{t('collections.dashboard.title')}</h1>
      <div className={styles.controls}>
        <Input type="search" aria-label={t('collections.dashboard.search')} placeholder={t('collections.dashboard.search')} value={query} onChange={(e) => setQuery(e.target.value)} />
        <Button color="brand" onClick={() => setCreating(true)}>
          <PlusIcon />
          {t('collections.dashboard.create')}
        </Button>
      </div>
      {cards.length === 0 ? (
        <EmptyState>{t('collections.dashboard.none')}</EmptyState>
      ) : (
        <CardList>
          {cards.map((card) => (
            <CardListItem key={card.id} media={<ProjectIcon url={card.icon_url} className={styles.projectIcon} size={48} />}>
              <CardTitle>
                <AppLink to={paths.collection.getHref(card.id)}>{card.name}</AppLink>
              </CardTitle>
              {card.description && <CardMeta>{card.description}</CardMeta>}
              <CardMeta spread>
                <span>{t('collections.projectCount', { count: card.count })}</span>
                <span>{t(`collections.status.${card.status}`)}</span>
              </CardMeta>
            </CardListItem>
          ))}
        </CardList>
      )}
      {creating && <LazyCreateCollectionModal onClose={() => setCreating(false)} />}
    </div>
  );
}
