import { collapseGameVersions } from '@cairn/shared/format/game-versions';
import type { ProjectType } from '@cairn/shared/constants/project-types';
import { loaderLabel } from '@cairn/shared/format/tag-labels';
import type { Project } from '@cairn/shared/schemas/projects';
import type { TeamMember } from '@cairn/shared/schemas/teams';
import { Suspense, useState, type ReactNode } from 'react';
import { environmentKind } from '../../../components/project-card/card-data';
import { AppLink } from '../../../components/ui/app-link';
import { FeedLink } from '../../../components/ui/feed-link';
import { CrownIcon } from './project-icons';
import { RelativeTime } from '../../../components/ui/format';
import { ExternalIcon } from '../../../components/ui/page-icons';
import { SvgIcon } from '../../../components/ui/svg-icon';
import { Tooltip } from '../../../components/ui/tooltip';
import { feedUrls, projectHasFeed } from '../../../config/feeds';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useCosmetics, useDeveloperMode } from '../../../lib/preferences';
import { licenseLabel } from '../utils/license';
import { sortMembers } from '../utils/members';
import type { ProjectTags } from '../utils/tags';
import { releaseVersions } from '../utils/versions';
import { cx } from '../../../lib/class-names';
import { lazyComponent } from '../../../lib/lazy-component';
import styles from './project-sidebar.module.css';
import detailList from '../../../components/ui/detail-list.module.css';
import sidebarCard from '../../../components/ui/sidebar-card.module.css';
import tagLinks from './tag-links.module.css';

// The license text and its dialog load when someone opens it.
const LicenseModal = lazyComponent(() => import('./license-modal').then((module) => module.LicenseModal), () => null);

/** An organization managing the project: listed first among the creators, as the owner. */
export interface OwnerOrganization {
  name: string;
  href: string;
  iconUrl: string | null;
}

interface ProjectSidebarProps {
  project: Project;
  type: ProjectType;
  members: readonly TeamMember[];
  tags: ProjectTags;
  ownerOrganization?: OwnerOrganization | undefined;
}

/** Compatibility, links, creators and details (web-screens §2.3). */
export function ProjectSidebar({ project, type, members, tags, ownerOrganization }: ProjectSidebarProps) {
  return (
    <aside className={styles.projectSidebar}>
      <Compatibility project={project} type={type} tags={tags} />
      <Links project={project} feedHref={projectHasFeed(project.status) ? feedUrls.project(project.id) : undefined} />
      <Creators members={members} organization={ownerOrganization} />
      <Details project={project} />
    </aside>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={sidebarCard.card}>
      <h2 className={sidebarCard.title}>{title}</h2>
      {children}
    </section>
  );
}

function Compatibility({ project, type, tags }: Omit<ProjectSidebarProps, 'members' | 'ownerOrganization'>) {
  const t = useT();
  const environment = type === 'mod' || type === 'modpack' ? environmentKind(project.client_side, project.server_side) : undefined;
  const loaderIcon = (name: string) => tags.loaders.find((loader) => loader.name === name)?.icon;
  const showPlatforms = type !== 'resourcepack' && project.loaders.length > 0;
  if (project.game_versions.length === 0 && !showPlatforms && !environment) return null;
  return (
    <Section title={t('project.compatibility')}>
      {project.game_versions.length > 0 && (
        <>
          <h3 className={sidebarCard.subtitle}>{t('project.gameVersions')}</h3>
          <p className={sidebarCard.text}>
            {collapseGameVersions(project.game_versions, releaseVersions(tags.gameVersions)).join(', ')}
          </p>
        </>
      )}
      {showPlatforms && (
        <>
          <h3 className={sidebarCard.subtitle}>{t('project.platforms')}</h3>
          <ul className={tagLinks.chipList}>
            {project.loaders.map((loader) => (
              <li key={loader}>
                <AppLink className={tagLinks.tagLink} to={paths.search.getHref(type, { g: `categories:${loader}` })}>
                  {loaderIcon(loader) && <SvgIcon markup={loaderIcon(loader)!} className="tag-chip__icon" />}
                  {loaderLabel(loader)}
                </AppLink>
              </li>
            ))}
          </ul>
        </>
      )}
      {environment && (
        <>
          <h3 className={sidebarCard.subtitle}>{t('project.environments')}</h3>
          <p className={sidebarCard.text}>{t(`environment.${environment}`)}</p>
        </>
      )}
    </Section>
  );
}

const DONATION_LABELS = {
  bmac: 'project.links.bmac',
  patreon: 'project.links.patreon',
  paypal: 'project.links.paypal',
  'ko-fi': 'project.links.kofi',
  github: 'project.links.github',
} as const;

/** The team's links, and Cairn's own feed of the project's releases when it has one. */
function Links({ project, feedHref }: { project: Project; feedHref: string | undefined }) {
  const t = useT();
  const links: Array<{ href: string; label: string }> = [
    project.issues_url && { href: project.issues_url, label: t('project.links.issues') },
    project.source_url && { href: project.source_url, label: t('project.links.source') },
    project.wiki_url && { href: project.wiki_url, label: t('project.links.wiki') },
    project.discord_url && { href: project.discord_url, label: t('project.links.discord') },
    ...project.donation_urls.map((donation) => ({
      href: donation.url,
      label: t(donation.id in DONATION_LABELS ? DONATION_LABELS[donation.id as keyof typeof DONATION_LABELS] : 'project.links.donate'),
    })),
  ].filter((link): link is { href: string; label: string } => Boolean(link));
  if (links.length === 0 && !feedHref) return null;
  return (
    <Section title={t('project.links')}>
      <ul className={styles.sidebarLinks}>
        {links.map((link) => (
          <li key={`${link.label}:${link.href}`}>
            <UserLink href={link.href}>
              {link.label}
              <ExternalIcon className={styles.sidebarLinksIcon} />
            </UserLink>
          </li>
        ))}
        {feedHref && (
          <li>
            <FeedLink href={feedHref} />
          </li>
        )}
      </ul>
    </Section>
  );
}

/** A link written by a project's team: never vouched for, never sent our page as referrer context. */
function UserLink({ href, children }: { href: string; children: ReactNode }) {
  const { cosmetics } = useCosmetics();
  return (
    <a href={href} rel="noopener nofollow ugc" target={cosmetics.externalLinksNewTab ? '_blank' : undefined}>
      {children}
    </a>
  );
}

function Creators({ members, organization }: { members: readonly TeamMember[]; organization: OwnerOrganization | undefined }) {
  const t = useT();
  const sorted = sortMembers(members);
  if (sorted.length === 0 && !organization) return null;
  return (
    <Section title={t('project.creators')}>
      <ul className={styles.creatorList}>
        {organization && (
          <li className={styles.creator}>
            {organization.iconUrl ? (
              <img className={styles.creatorAvatar} src={organization.iconUrl} alt="" width={40} height={40} loading="lazy" />
            ) : (
              <span className={cx(styles.creatorAvatar, styles.creatorAvatarEmpty)} aria-hidden="true">
                {organization.name.charAt(0).toUpperCase()}
              </span>
            )}
            <span className={styles.creatorText}>
              <AppLink to={organization.href} className={styles.creatorName}>
                {organization.name}
              </AppLink>
              <Tooltip content={t('project.owner')}>
                <span className={styles.creatorCrown} role="img" aria-label={t('project.owner')}>
                  <CrownIcon />
                </span>
              </Tooltip>
              <span className={styles.creatorRole}>{t('project.organization')}</span>
            </span>
          </li>
        )}
        {sorted.map((member) => (
          <li key={member.user.id} className={styles.creator}>
            {member.user.avatar_url ? (
              <img className={styles.creatorAvatar} src={member.user.avatar_url} alt="" width={40} height={40} loading="lazy" />
            ) : (
              <span className={cx(styles.creatorAvatar, styles.creatorAvatarEmpty)} aria-hidden="true">
                {member.user.username.charAt(0).toUpperCase()}
              </span>
            )}
            <span className={styles.creatorText}>
              <AppLink to={paths.user.getHref(member.user.username)} className={styles.creatorName}>
                {member.user.username}
              </AppLink>
              {member.role === 'Owner' && (
                <Tooltip content={t('project.owner')}>
                  <span className={styles.creatorCrown} role="img" aria-label={t('project.owner')}>
                    <CrownIcon />
                  </span>
                </Tooltip>
              )}
              <span className={styles.creatorRole}>{member.role}</span>
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Details({ project }: { project: Project }) {
  const t = useT();
  const developer = useDeveloperMode();
  const [licenseOpen, setLicenseOpen] = useState(false);
  const license = licenseLabel(project.license.id);
  const licenseName = license.label === 'ARR' ? t('project.license.arr') : license.label;
  return (
    <Section title={t('project.details')}>
      <dl className={detailList.list}>
        <div>
          <dt>{t('project.license')}</dt>
          <dd>
            <button type="button" className={styles.linkButton} onClick={() => setLicenseOpen(true)}>
              {t('project.licensed', { license: licenseName })}
            </button>
          </dd>
        </div>
        <div>
          <dt>{project.approved ? t('project.published') : t('project.created')}</dt>
          <dd>
            <RelativeTime date={project.approved ?? project.published} />
          </dd>
        </div>
        {project.status === 'processing' && project.queued && (
          <div>
            <dt>{t('project.submitted')}</dt>
            <dd>
              <RelativeTime date={project.queued} />
            </dd>
          </div>
        )}
        <div>
          <dt>{t('project.updated')}</dt>
          <dd>
            <RelativeTime date={project.updated} />
          </dd>
        </div>
        {developer.enabled && (
          <div>
            <dt>{t('project.id')}</dt>
            <dd>
              <code>{project.id}</code>
            </dd>
          </div>
        )}
      </dl>
      {licenseOpen && (
        <Suspense fallback={null}>
          <LicenseModal open onClose={() => setLicenseOpen(false)} license={project.license} name={licenseName} />
        </Suspense>
      )}
    </Section>
  );
}
