import type { Collection } from '@cairn/shared/schemas/collections';
import type { Project } from '@cairn/shared/schemas/projects';
import type { User } from '@cairn/shared/schemas/users';
import { PROJECT_TYPE_INFO, isProjectType } from '@cairn/shared/constants/project-types';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NavLink } from '../../../components/ui/nav-link';
import { ProjectIcon } from '../../../components/project-card/project-icon';
import { AppLink } from '../../../components/ui/app-link';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { CardActions, CardList, CardListItem, CardMeta, CardTitle } from '../../../components/ui/card-list';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { RelativeTime } from '../../../components/ui/format';
import { Input, Select } from '../../../components/ui/input';
import pageTabs from '../../../components/ui/page-tabs.module.css';
import { TabStrip } from '../../../components/ui/tab-strip';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useUrlSearchParams } from '../../../lib/use-url-search-params';
import { useDeleteCollection } from '../api/use-delete-collection';
import { useEditCollection } from '../api/use-edit-collection';
import { useUnfollowProject } from '../api/use-unfollow-project';
import { useEditFollowFilter } from '../api/use-edit-follow-filter';
import { followFiltersQuery } from '../api/collections-queries';
import { FollowFilterModal, useFollowFilterSummary } from '../../../components/follow-filter/follow-filter-modal';
import { COLLECTION_SORTS, collectionView, isCollectionSort, typesIn } from '../utils/collection-view';
import { EditCollectionModal } from './edit-collection-modal';
import styles from './collection-page.module.css';
import { FeedLink } from '../../../components/ui/feed-link';
import { collectionHasFeed, feedUrls } from '../../../config/feeds';

/** A stored collection, or the automatic list of the signed-in user's followed projects. */
export type CollectionPageData =
  | { kind: 'collection'; collection: Collection; canManage: boolean }
  | { kind: 'following'; userId: string; created: string };

interface CollectionPageProps {
  data: CollectionPageData;
  curator: User;
  /** The collection's projects the viewer may see. */
  projects: readonly Project[];
  /** The type tab (`/collection/{id}/{type}`). */
  type: string | undefined;
}

/** `/collection/{id}` (web-screens §2.9) with search, sort and type filter inside the collection. */
export function CollectionPage({ data, curator, projects, type }: CollectionPageProps) {
  const t = useT();
  const [search, setSearch] = useUrlSearchParams();
  const query = search.get('q') ?? '';
  const sortParam = search.get('sort');
  const sort = isCollectionSort(sortParam) ? sortParam : 'added';
  const id = data.kind === 'collection' ? data.collection.id : 'following';
  const order = data.kind === 'collection' ? data.collection.projects : projects.map((p) => p.id);
  const shown = collectionView(projects, { order, query, sort, type });
  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    setSearch(next);
  };
  const tabClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${pageTabs.tab} ${pageTabs.active}` : pageTabs.tab);

  return (
    <div className={styles.page}>
      <CollectionSidebar data={data} curator={curator} count={projects.length} />
      <div className={styles.main}>
        <TabStrip className={pageTabs.tabs} frameClassName={pageTabs.frame} aria-label={t('collections.tabs')}>
          <NavLink end to={paths.collection.getHref(id)} className={tabClass}>
            {t('collections.tabAll')}
          </NavLink>
          {typesIn(projects).map((projectType) => (
            <NavLink key={projectType} to={paths.collection.getHref(id, projectType)} className={tabClass}>
              {isProjectType(projectType) ? PROJECT_TYPE_INFO[projectType].plural : projectType}
            </NavLink>
          ))}
        </TabStrip>
        <div className={styles.controls}>
          <label className={styles.control}>
            <span>{t('collections.search')}</span>
            <Input type="search" value={query} onChange={(e) => setParam('q', e.target.value)} />
          </label>
          <label className={styles.control}>
            <span>{t('collections.sort')}</span>
            <Select value={sort} onChange={(e) => setParam('sort', e.target.value === 'added' ? '' : e.target.value)}>
              {COLLECTION_SORTS.map((value) => (
                <option key={value} value={value}>
                  {t(`collections.sort.${value}`)}
                </option>
              ))}
            </Select>
          </label>
        </div>
        {projects.length === 0 ? (
          <EmptyState>{data.kind === 'collection' && !data.canManage ? t('collections.empty') : t('collections.emptyOwn')}</EmptyState>
        ) : shown.length === 0 ? (
          <EmptyState>{t('collections.noMatch')}</EmptyState>
        ) : (
          <CardList>
            {shown.map((project) => (
              <CardListItem
                key={project.id}
                media={<ProjectIcon url={project.icon_url} className={styles.projectIcon} size={48} />}
                actions={<ProjectAction data={data} project={project} />}
              >
                <CardTitle>
                  <AppLink to={paths.project.getPermanentHref(project.id)}>{project.title}</AppLink>
                </CardTitle>
                <CardMeta>{project.description}</CardMeta>
                {data.kind === 'following' && <FollowFilterLine userId={data.userId} projectId={project.id} />}
                <CardMeta spread>
                  <span>{t('collections.downloads', { count: project.downloads })}</span>
                  <span>
                    {t('collections.updated')} <RelativeTime date={project.updated} />
                  </span>
                </CardMeta>
              </CardListItem>
            ))}
          </CardList>
        )}
      </div>
    </div>
  );
}

function ProjectAction({ data, project }: { data: CollectionPageData; project: Project }) {
  const t = useT();
  if (data.kind === 'following') return <UnfollowButton userId={data.userId} project={project} />;
  if (!data.canManage) return null;
  return <RemoveButton collection={data.collection} project={project} label={t('collections.remove')} />;
}

function RemoveButton({ collection, project, label }: { collection: Collection; project: Project; label: string }) {
  const t = useT();
  const edit = useEditCollection(collection.id);
  return (
    <CardActions>
      <Button
        variant="outlined"
        aria-label={`${label}: ${project.title}`}
        disabled={edit.isPending}
        onClick={() => edit.mutate({ changes: { new_projects: collection.projects.filter((id) => id !== project.id) }, toast: t('collections.save.removed', { name: collection.name }) })}
      >
        {label}
      </Button>
    </CardActions>
  );
}

function UnfollowButton({ userId, project }: { userId: string; project: Project }) {
  const t = useT();
  const unfollow = useUnfollowProject(userId);
  return (
    <CardActions>
      <EditFollowFilterButton userId={userId} project={project} />
      <Button variant="outlined" aria-label={`${t('collections.unfollow')}: ${project.title}`} disabled={unfollow.isPending} onClick={() => unfollow.mutate(project)}>
        {t('collections.unfollow')}
      </Button>
    </CardActions>
  );
}

/** What a followed project notifies about ("Every new version", or the filter). */
function FollowFilterLine({ userId, projectId }: { userId: string; projectId: string }) {
  const summary = useFollowFilterSummary();
  const { data: filters } = useQuery(followFiltersQuery(userId));
  const filter = filters?.find((f) => f.project_id === projectId);
  if (!filter) return null;
  return <CardMeta>{summary(filter)}</CardMeta>;
}

/** "Edit filter": narrows or widens the follow to the project's loaders and game versions. */
function EditFollowFilterButton({ userId, project }: { userId: string; project: Project }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const { data: filters } = useQuery(followFiltersQuery(userId));
  const filter = filters?.find((f) => f.project_id === project.id);
  const save = useEditFollowFilter(userId, project);
  if (!filter) return null;
  return (
    <>
      <Button variant="outlined" aria-label={t('followFilter.editLabel', { title: project.title })} aria-haspopup="dialog" onClick={() => setEditing(true)}>
        {t('followFilter.edit')}
      </Button>
      {editing && (
        <FollowFilterModal
          projectTitle={project.title}
          loaders={project.loaders}
          gameVersions={project.game_versions}
          value={filter}
          submitLabel={t('followFilter.save')}
          saving={save.isPending}
          onSave={(next) => save.mutate(next, { onSuccess: () => setEditing(false) })}
          onClose={() => setEditing(false)}
        />
      )}
    </>
  );
}

function CollectionSidebar({ data, curator, count }: { data: CollectionPageData; curator: User; count: number }) {
  const t = useT();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const collection = data.kind === 'collection' ? data.collection : undefined;
  const remove = useDeleteCollection(collection?.id ?? '', { onSuccess: () => void navigate(paths.dashboard.collections.getHref()) });
  const name = collection?.name ?? t('collections.following.name');
  const description = collection ? collection.description : t('collections.following.description');
  const status = collection?.status ?? 'private';
  return (
    <aside className={styles.sidebar}>
      <ProjectIcon url={collection?.icon_url ?? null} className={styles.icon} loading="eager" />
      <h1 className={styles.name}>{name}</h1>
      <p className={styles.kind}>{t('collections.kind')}</p>
      {description && <p>{description}</p>}
      <ul className={styles.facts}>
        <li>
          <strong>{t(`collections.status.${status}`)}</strong>
        </li>
        <li>{t('collections.projectCount', { count })}</li>
        <li>
          {t('collections.created')} <RelativeTime date={collection?.created ?? (data.kind === 'following' ? data.created : '')} />
        </li>
        {collection && (
          <li>
            {t('collections.updated')} <RelativeTime date={collection.updated} />
          </li>
        )}
      </ul>
      <div>
        <h2 className={styles.kind}>{t('collections.curatedBy')}</h2>
        <AppLink to={paths.user.getHref(curator.username)} className={styles.curator}>
          <Avatar src={curator.avatar_url} name={curator.username} size="small" />
          {curator.username}
        </AppLink>
      </div>
      {collection && collectionHasFeed(collection) && <FeedLink href={feedUrls.collection(collection.id)} />}
      {collection && data.kind === 'collection' && data.canManage && (
        <div className={styles.actions}>
          <Button onClick={() => setEditing(true)}>{t('collections.edit')}</Button>
          <Button color="red" variant="outlined" onClick={() => setDeleting(true)}>
            {t('collections.delete')}
          </Button>
          {editing && <EditCollectionModal collection={collection} onClose={() => setEditing(false)} />}
          <ConfirmModal
            open={deleting}
            onClose={() => setDeleting(false)}
            title={t('collections.delete.confirmTitle')}
            confirmLabel={t('collections.delete')}
            pending={remove.isPending}
            onConfirm={() => remove.mutate()}
          >
            <p>{t('collections.delete.confirmText')}</p>
          </ConfirmModal>
        </div>
      )}
    </aside>
  );
}
