import type { Organization } from '@cairn/shared/schemas/organizations';
import type { Project } from '@cairn/shared/schemas/projects';
import { useId, useState, type FormEvent } from 'react';
import { AppIcon } from '../../../components/ui/app-icon';
import { AppLink } from '../../../components/ui/app-link';
import { Button } from '../../../components/ui/button';
import { CardActions, CardList, CardListItem, CardTitle } from '../../../components/ui/card-list';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { FieldHint } from '../../../components/ui/form';
import { Select } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useAddOrganizationProject, useRemoveOrganizationProject } from '../api/use-organization-changes';
import { canInOrganization } from '../utils/permissions';
import styles from './organization-settings.module.css';

interface Props {
  organization: Organization;
  projects: readonly Project[];
  ownProjects: readonly Project[];
}

/** The organization's projects (remove one, naming its new owner) and adding one of the user's own. */
export function OrganizationProjectsSettings({ organization, projects, ownProjects }: Props) {
  const t = useT();
  const { user } = useCurrentUser();
  const notifications = useNotifications();
  const selectId = useId();
  const candidates = ownProjects.filter((p) => p.organization === null);
  const [chosen, setChosen] = useState('');
  const add = useAddOrganizationProject(organization.id, {
    onSuccess: (_data, { projectId }) => {
      setChosen('');
      notifications.add({ type: 'success', title: t('organizations.projects.addedToast'), text: candidates.find((p) => p.id === projectId)?.title ?? '' });
    },
    onError: (error) => notifications.add({ type: 'error', title: t('organizations.projects.add'), text: error.message }),
  });
  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const projectId = chosen || candidates[0]?.id;
    if (projectId) add.mutate({ projectId });
  };
  return (
    <>
      {canInOrganization(organization, user, 'ADD_PROJECT') && (
        <section className={styles.section} aria-labelledby="organization-add-project">
          <h1 id="organization-add-project" className={styles.sectionTitle}>
            {t('organizations.projects.add')}
          </h1>
          <FieldHint>{t('organizations.projects.addHint')}</FieldHint>
          {candidates.length === 0 ? (
            <p>{t('organizations.projects.none')}</p>
          ) : (
            <form className={styles.row} onSubmit={onAdd}>
              <label htmlFor={selectId}>{t('organizations.projects.choose')}</label>
              <Select id={selectId} value={chosen || candidates[0]?.id} onChange={(e) => setChosen(e.target.value)}>
                {candidates.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.title}
                  </option>
                ))}
              </Select>
              <Button type="submit" color="brand" disabled={add.isPending}>
                {t('organizations.projects.addSubmit')}
              </Button>
            </form>
          )}
        </section>
      )}
      <section className={styles.section} aria-labelledby="organization-project-list">
        <h2 id="organization-project-list" className={styles.sectionTitle}>
          {t('organizations.settings.projects')}
        </h2>
        {projects.length === 0 ? (
          <EmptyState framed>{t('organizations.projects.empty')}</EmptyState>
        ) : (
          <CardList>
            {projects.map((project) => (
              <ProjectCard key={project.id} organization={organization} project={project} canRemove={canInOrganization(organization, user, 'REMOVE_PROJECT')} />
            ))}
          </CardList>
        )}
      </section>
    </>
  );
}

function ProjectCard({ organization, project, canRemove }: { organization: Organization; project: Project; canRemove: boolean }) {
  const t = useT();
  const notifications = useNotifications();
  const selectId = useId();
  const accepted = organization.members.filter((m) => m.accepted);
  const [removing, setRemoving] = useState(false);
  const [newOwner, setNewOwner] = useState(accepted.find((m) => m.role === 'Owner')?.user.id ?? accepted[0]?.user.id ?? '');
  const remove = useRemoveOrganizationProject(organization.id, {
    onSuccess: () => {
      setRemoving(false);
      notifications.add({ type: 'success', title: t('organizations.projects.removedToast'), text: project.title });
    },
    onError: (error) => notifications.add({ type: 'error', title: t('organizations.projects.remove'), text: error.message }),
  });
  return (
    <CardListItem
      centered
      media={<AppIcon name={project.title} iconUrl={project.icon_url} />}
      actions={
        canRemove && (
          <CardActions>
            <Button variant="outlined" onClick={() => setRemoving(true)}>
              {t('organizations.projects.remove')}
            </Button>
          </CardActions>
        )
      }
    >
      <CardTitle>
        <AppLink to={paths.project.getHref(project.project_type, project.slug)}>{project.title}</AppLink>
      </CardTitle>
      <ConfirmModal
        open={removing}
        onClose={() => setRemoving(false)}
        title={t('organizations.projects.removeTitle', { name: project.title })}
        confirmLabel={t('organizations.projects.remove')}
        onConfirm={() => remove.mutate({ projectId: project.id, newOwner })}
        pending={remove.isPending}
      >
        <label htmlFor={selectId}>{t('organizations.projects.newOwner')}</label>
        <Select id={selectId} value={newOwner} onChange={(e) => setNewOwner(e.target.value)}>
          {accepted.map((m) => (
            <option key={m.user.id} value={m.user.id}>
              {m.user.username}
            </option>
          ))}
        </Select>
      </ConfirmModal>
    </CardListItem>
  );
}
