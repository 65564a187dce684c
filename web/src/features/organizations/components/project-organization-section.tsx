import { DEFAULT_HAND_OVER_CHOICE, HAND_OVER_CHOICES, permissionsAfterHandOver, projectPermissionNames, type HandOverChoice } from '@cairn/shared/constants/effective-permissions';
import { ALL_PROJECT_PERMISSIONS, PROJECT_PERMISSIONS, hasPermission, type ProjectPermission } from '@cairn/shared/constants/permissions';
import type { Organization } from '@cairn/shared/schemas/organizations';
import type { TeamMember } from '@cairn/shared/schemas/teams';
import { useId, useState, type FormEvent } from 'react';
import { SettingsSection } from '../../../components/layout/settings-page';
import { AppLink } from '../../../components/ui/app-link';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { Select } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { permissionRowOf } from '../../../lib/project-permissions';
import { useAddOrganizationProject, useAddTeamMember, useRemoveOrganizationProject } from '../api/use-organization-changes';
import { canInOrganization } from '../utils/permissions';
import styles from './project-organization-section.module.css';

interface Props {
  project: { id: string; title: string; team: string };
  /** The organization owning the project, or null. */
  organization: Organization | null;
  /** The signed-in user's organizations (where a project can be moved). */
  ownOrganizations: readonly Organization[];
  projectMembers: readonly TeamMember[];
  user: { id: string; role: string };
  /** The user owns the project (only owners move projects into organizations). */
  isProjectOwner: boolean;
  /** The user's effective project permissions. */
  projectPermissions: number;
}

const PERMISSION_NAMES = Object.keys(PROJECT_PERMISSIONS) as ProjectPermission[];

/**
 * Project settings → Members: which organization manages the project. Owners hand management to
 * one of their organizations; the organization's managers give the project back to one member.
 * Organization members without a row in the project's team act with the organization's default
 * project permissions; "Override values" gives one of them a row of their own.
 */
export function ProjectOrganizationSection({ project, organization, ownOrganizations, projectMembers, user, isProjectOwner, projectPermissions }: Props) {
  const t = useT();
  if (organization) {
    return <ManagedByOrganization project={project} organization={organization} projectMembers={projectMembers} user={user} projectPermissions={projectPermissions} />;
  }
  const targets = ownOrganizations.filter((o) => canInOrganization(o, user, 'ADD_PROJECT'));
  if (!isProjectOwner && user.role !== 'admin') return null;
  return (
    <SettingsSection title={t('projectSettings.organization.title')} description={t('projectSettings.organization.transferLede')} id="project-organization">
      {targets.length === 0 ? (
        <p>
          {t('projectSettings.organization.noOrganizations')}{' '}
          <AppLink to={paths.dashboard.organizations.getHref()}>{t('projectSettings.organization.yourOrganizations')}</AppLink>
        </p>
      ) : (
        <TransferForm project={project} organizations={targets} projectMembers={projectMembers} user={user} isProjectOwner={isProjectOwner} />
      )}
    </SettingsSection>
  );
}

type TransferProps = Pick<Props, 'project' | 'projectMembers' | 'user' | 'isProjectOwner'> & { organizations: readonly Organization[] };

function TransferForm({ project, organizations, projectMembers, user, isProjectOwner }: TransferProps) {
  const t = useT();
  const notifications = useNotifications();
  const selectId = useId();
  const [chosen, setChosen] = useState(organizations[0]?.id ?? '');
  const [confirming, setConfirming] = useState(false);
  const [choice, setChoice] = useState<HandOverChoice>(DEFAULT_HAND_OVER_CHOICE);
  const target = organizations.find((o) => o.id === chosen) ?? organizations[0];
  const transfer = useAddOrganizationProject(target?.id ?? '', {
    onSuccess: () => {
      setConfirming(false);
      notifications.add({ type: 'success', title: t('projectSettings.organization.transferred', { name: target?.name ?? '' }) });
    },
    onError: (error) => {
      setConfirming(false);
      notifications.addError(error);
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setConfirming(true);
  };
  return (
    <form className={styles.row} onSubmit={onSubmit}>
      <div className={styles.field}>
        <label htmlFor={selectId}>{t('projectSettings.organization.choose')}</label>
        <Select id={selectId} value={target?.id} onChange={(event) => setChosen(event.target.value)}>
          {organizations.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" color="brand">
        {t('projectSettings.organization.transfer')}
      </Button>
      <ConfirmModal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('projectSettings.organization.transferTitle', { title: project.title, name: target?.name ?? '' })}
        confirmLabel={t('projectSettings.organization.transfer')}
        onConfirm={() => transfer.mutate({ projectId: project.id, ownerPermissions: choice })}
        pending={transfer.isPending}
      >
        <p>{t('projectSettings.organization.transferBody', { name: target?.name ?? '' })}</p>
        <HandOverChoices name={target?.name ?? ''} choice={choice} onChange={setChoice} asOwner={isProjectOwner} />
        {isProjectOwner && target && <PermissionsAfterwards user={user} choice={choice} projectMembers={projectMembers} organization={target} />}
      </ConfirmModal>
    </form>
  );
}

const CHOICE_LABELS = {
  keep: { own: 'projectSettings.organization.keepMine', other: 'projectSettings.organization.keepOwners' },
  organization_defaults: { own: 'projectSettings.organization.useDefaultsMine', other: 'projectSettings.organization.useDefaultsOwners' },
} as const;

const CHOICE_HINTS = {
  keep: { own: 'projectSettings.organization.keepMineHint', other: 'projectSettings.organization.keepOwnersHint' },
  organization_defaults: { own: 'projectSettings.organization.useDefaultsMineHint', other: 'projectSettings.organization.useDefaultsOwnersHint' },
} as const;

/** What the project's owner keeps: his own permissions (the default) or the organization's defaults for him. */
function HandOverChoices({ name, choice, onChange, asOwner }: { name: string; choice: HandOverChoice; onChange: (choice: HandOverChoice) => void; asOwner: boolean }) {
  const t = useT();
  const id = useId();
  return (
    <fieldset className={styles.choices}>
      <legend className={styles.heading}>{t(asOwner ? 'projectSettings.organization.choiceLegendMine' : 'projectSettings.organization.choiceLegendOwners')}</legend>
      {HAND_OVER_CHOICES.map((value) => (
        <div key={value} className={styles.choice}>
          <input id={`${id}-${value}-input`} type="radio" name={`${id}-choice`} value={value} checked={choice === value} onChange={() => onChange(value)} aria-describedby={`${id}-${value}`} />
          <span className={styles.choiceText}>
            <label htmlFor={`${id}-${value}-input`}>{t(CHOICE_LABELS[value][asOwner ? 'own' : 'other'])}</label>
            <span id={`${id}-${value}`} className={styles.hint}>
              {t(CHOICE_HINTS[value][asOwner ? 'own' : 'other'], { name })}
            </span>
          </span>
        </div>
      ))}
    </fieldset>
  );
}

/**
 * Exactly what the owner will be able to do once the organization manages the project, computed
 * with the rule the API applies (shared effective-permissions.ts) from his row now and his row in
 * the organization.
 */
function PermissionsAfterwards({ user, choice, projectMembers, organization }: { user: Props['user']; choice: HandOverChoice; projectMembers: readonly TeamMember[]; organization: Organization }) {
  const t = useT();
  const headingId = useId();
  const ownerRow = permissionRowOf(projectMembers.find((m) => m.user.id === user.id)) ?? { accepted: true, isOwner: true, permissions: ALL_PROJECT_PERMISSIONS };
  const organizationRow = permissionRowOf(organization.members.find((m) => m.user.id === user.id));
  const names = projectPermissionNames(permissionsAfterHandOver(user.role, choice, ownerRow, organizationRow));
  return (
    <section aria-labelledby={headingId} className={styles.afterwards}>
      <h3 id={headingId} className={styles.heading}>
        {t('projectSettings.organization.afterwards')}
      </h3>
      {names.length === 0 ? (
        <p className={styles.warning}>{t('projectSettings.organization.afterwardsNothing', { name: organization.name })}</p>
      ) : (
        <ul className={styles.permissionList}>
          {names.map((name) => (
            <li key={name}>{t(`projectSettings.permission.${name}`)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ManagedByOrganization({
  project,
  organization,
  projectMembers,
  user,
  projectPermissions,
}: Pick<Props, 'project' | 'projectMembers' | 'user' | 'projectPermissions'> & { organization: Organization }) {
  const t = useT();
  const notifications = useNotifications();
  const selectId = useId();
  const accepted = organization.members.filter((m) => m.accepted);
  const [newOwner, setNewOwner] = useState(accepted[0]?.user.id ?? '');
  const [confirming, setConfirming] = useState(false);
  const canRemove = canInOrganization(organization, user, 'REMOVE_PROJECT');
  const remove = useRemoveOrganizationProject(organization.id, {
    onSuccess: () => {
      setConfirming(false);
      notifications.add({ type: 'success', title: t('projectSettings.organization.removed', { name: organization.name }) });
    },
    onError: (error) => {
      setConfirming(false);
      notifications.addError(error);
    },
  });
  const inheriting = accepted.filter((m) => !projectMembers.some((p) => p.user.id === m.user.id));
  const ownerName = accepted.find((m) => m.user.id === newOwner)?.user.username ?? '';
  return (
    <SettingsSection title={t('projectSettings.organization.title')} description={t('projectSettings.organization.managedLede')} id="project-organization">
      <p>
        {t('projectSettings.organization.managedBy')} <AppLink to={paths.organization.getHref(organization.slug)}>{organization.name}</AppLink>
      </p>
      {canRemove && (
        <form
          className={styles.row}
          onSubmit={(event) => {
            event.preventDefault();
            setConfirming(true);
          }}
        >
          <div className={styles.field}>
            <label htmlFor={selectId}>{t('projectSettings.organization.newOwner')}</label>
            <Select id={selectId} value={newOwner} onChange={(event) => setNewOwner(event.target.value)}>
              {accepted.map((m) => (
                <option key={m.user.id} value={m.user.id}>
                  {m.user.username}
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit" variant="outlined" color="red">
            {t('projectSettings.organization.remove')}
          </Button>
          <ConfirmModal
            open={confirming}
            onClose={() => setConfirming(false)}
            title={t('projectSettings.organization.removeTitle', { title: project.title, name: organization.name })}
            confirmLabel={t('projectSettings.organization.remove')}
            onConfirm={() => remove.mutate({ projectId: project.id, newOwner })}
            pending={remove.isPending}
          >
            <p>{t('projectSettings.organization.removeBody', { name: ownerName })}</p>
          </ConfirmModal>
        </form>
      )}
      {inheriting.length > 0 && (
        <section aria-labelledby="organization-members-heading" className={styles.members}>
          <h3 id="organization-members-heading" className={styles.heading}>
            {t('projectSettings.organization.members')}
          </h3>
          <p className={styles.hint}>{t('projectSettings.organization.membersLede')}</p>
          <ul className={styles.list}>
            {inheriting.map((member) => (
              <InheritingMember key={member.user.id} teamId={project.team} member={member} canOverride={hasPermission(projectPermissions, PROJECT_PERMISSIONS.MANAGE_INVITES)} />
            ))}
          </ul>
        </section>
      )}
    </SettingsSection>
  );
}

/** An organization member acting with the organization's defaults, and the way to give them their own values. */
function InheritingMember({ teamId, member, canOverride }: { teamId: string; member: TeamMember; canOverride: boolean }) {
  const t = useT();
  const notifications = useNotifications();
  const isOwner = member.role === 'Owner';
  const bits = isOwner ? PERMISSION_NAMES : PERMISSION_NAMES.filter((name) => hasPermission(member.permissions ?? 0, PROJECT_PERMISSIONS[name]));
  const override = useAddTeamMember(teamId, {
    onSuccess: () => notifications.add({ type: 'success', title: t('projectSettings.organization.overridden', { name: member.user.username }) }),
    onError: (error) => notifications.addError(error),
  });
  const canEditDefaults = !isOwner && canOverride;
  const headingId = `organization-member-${member.user.id}`;
  return (
    <li className={styles.member} aria-labelledby={headingId}>
      <Avatar src={member.user.avatar_url} name={member.user.username} />
      <div className={styles.memberText}>
        <span id={headingId} className={styles.memberName}>
          {member.user.username}
        </span>
        <span className={styles.hint}>
          {isOwner
            ? t('projectSettings.organization.ownerInherits')
            : bits.length === 0
              ? t('projectSettings.organization.inheritsNothing')
              : t('projectSettings.organization.inherits', { permissions: bits.map((name) => t(`projectSettings.permission.${name}`)).join(', ') })}
        </span>
      </div>
      {canEditDefaults && (
        <Button
          variant="outlined"
          size="small"
          disabled={override.isPending}
          onClick={() => override.mutate({ userId: member.user.id, change: { permissions: member.permissions ?? 0, role: member.role } })}
        >
          {t('projectSettings.organization.override')}
        </Button>
      )}
    </li>
  );
}
