import { collapseGameVersions } from '@cairn/shared/format/game-versions';
import { projectUrlType } from '@cairn/shared/constants/loaders';
import { isProjectType, type ProjectType } from '@cairn/shared/constants/project-types';
import { loaderLabel } from '@cairn/shared/format/tag-labels';
import type { Project, ProjectDependencyList } from '@cairn/shared/schemas/projects';
import type { GameVersionTag } from '@cairn/shared/schemas/tags';
import type { TeamMember } from '@cairn/shared/schemas/teams';
import type { DependencyType, Version, VersionFile } from '@cairn/shared/schemas/versions';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ProjectIcon } from '../../../components/project-card/project-icon';
import { AppLink } from '../../../components/ui/app-link';
import { Button, buttonClassName, ButtonLink } from '../../../components/ui/button';
import { ChevronLeftIcon } from '../../../components/ui/content-icons';
import { FlagIcon } from './project-icons';
import { DownloadIcon } from '../../../components/ui/icons';
import { CopyIcon } from '../../../components/ui/page-icons';
import { Tooltip } from '../../../components/ui/tooltip';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useDeveloperMode } from '../../../lib/preferences';
import { useCopy } from '../hooks/use-copy';
import { FILE_LINK_REFERRER_POLICY, primaryFile, releaseVersions, versionUrlEnding } from '../utils/versions';
import { ChannelBadge } from './channel-badge';
import { VersionChangelog } from './version-changelog';
import { cx } from '../../../lib/class-names';
import styles from './version-page.module.css';
import detailList from '../../../components/ui/detail-list.module.css';
import sidebarCard from '../../../components/ui/sidebar-card.module.css';
import { useFormatters } from '../../../lib/use-formatters';

interface VersionPageProps {
  project: Project;
  type: ProjectType;
  version: Version;
  dependencies: ProjectDependencyList;
  members: readonly TeamMember[];
  gameVersionTags: readonly GameVersionTag[];
  /** Extra buttons beside Download and Report, e.g. Edit and Delete for members (composed by the page). */
  memberActions?: ReactNode;
  /** "Compare with…" another version of the project (composed by the page). */
  compare?: ReactNode;
}

const DEPENDENCY_ORDER: readonly DependencyType[] = ['required', 'optional', 'incompatible', 'embedded'];

/** One version: changelog, dependencies, files with sizes and hashes, and its metadata (web-screens §2.4). */
export function VersionPage({ project, type, version, dependencies, members, gameVersionTags, memberActions, compare }: VersionPageProps) {
  const t = useT();
  const { formatNumber, formatDate, formatBytes } = useFormatters();
  const copy = useCopy();
  const developer = useDeveloperMode();
  const [params] = useSearchParams();
  const back = params.get('back');
  const file = primaryFile(version);
  const publisher = members.find((member) => member.user.id === version.author_id)?.user.username;
  const sortedDependencies = [...version.dependencies].sort((a, b) => DEPENDENCY_ORDER.indexOf(a.dependency_type) - DEPENDENCY_ORDER.indexOf(b.dependency_type));

  return (
    <article className={styles.versionPage} aria-labelledby="version-title">
      <AppLink className={styles.versionPageBack} to={paths.project.getHref(type, project.slug, 'versions', back ? Object.fromEntries(new URLSearchParams(back)) : undefined)}>
        <ChevronLeftIcon />
        {back ? t('project.version.backToVersions') : t('project.version.allVersions')}
      </AppLink>
      <div className={styles.versionPageHead}>
        <h2 id="version-title" className={styles.versionPageTitle}>
          {version.name || version.version_number}
        </h2>
        {version.featured && <span className="status-badge status-badge--approved">{t('project.version.featured')}</span>}
        <div className={styles.versionPageActions}>
          {file && (
            <Tooltip content={`${file.filename} (${formatBytes(file.size)})`}>
              <a href={file.url} download={file.filename} referrerPolicy={FILE_LINK_REFERRER_POLICY} className={buttonClassName({ color: 'brand' })}>
                <DownloadIcon />
                {t('project.download.button')}
              </a>
            </Tooltip>
          )}
          <ButtonLink to={paths.report.getHref({ type: 'version', id: version.id })} variant="outlined">
            <FlagIcon />
            {t('project.report')}
          </ButtonLink>
          {memberActions}
        </div>
      </div>
      {compare}

      <div className={styles.versionPageGrid}>
        <div className={styles.versionPageMain}>
          <Card title={t('project.version.changelog')}>
            <VersionChangelog version={version} />
          </Card>

          {sortedDependencies.length > 0 && (
            <Card title={t('project.version.dependencies')}>
              <ul className={styles.dependencyList}>
                {sortedDependencies.map((dependency, index) => (
                  <Dependency key={`${dependency.project_id ?? ''}:${dependency.version_id ?? ''}:${dependency.file_name ?? index}`} dependency={dependency} list={dependencies} />
                ))}
              </ul>
            </Card>
          )}

          <Card title={t('project.version.files')}>
            <ul className={styles.fileList}>
              {version.files.map((f) => (
                <FileRow key={f.hashes.sha1} file={f} />
              ))}
            </ul>
          </Card>
        </div>

        <Card title={t('project.version.metadata')} className="version-page__meta">
          <dl className={detailList.list}>
            <Fact label={t('project.version.channel')}>
              <ChannelBadge channel={version.version_type} />
            </Fact>
            <Fact label={t('project.version.number')}>{version.version_number}</Fact>
            {type !== 'resourcepack' && <Fact label={t('project.version.loaders')}>{version.loaders.map(loaderLabel).join(', ')}</Fact>}
            <Fact label={t('project.version.gameVersions')}>
              {collapseGameVersions(version.game_versions, releaseVersions(gameVersionTags)).join(', ')}
            </Fact>
            <Fact label={t('project.version.downloads')}>{formatNumber(version.downloads)}</Fact>
            <Fact label={t('project.version.published')}>{formatDate(version.date_published)}</Fact>
            {publisher && (
              <Fact label={t('project.version.publisher')}>
                <AppLink to={paths.user.getHref(publisher)}>{publisher}</AppLink>
              </Fact>
            )}
            <Fact label={t('project.version.id')}>
              <span className={styles.copyValue}>
                <code>{version.id}</code>
                <Button size="small" variant="transparent" iconOnly aria-label={t('project.version.copyId')} onClick={() => copy(version.id)}>
                  <CopyIcon />
                </Button>
              </span>
            </Fact>
            {developer.enabled && (
              <Fact label={t('project.version.maven')}>
                <code>{`maven.cairn:${project.slug}:${version.id}`}</code>
              </Fact>
            )}
          </dl>
        </Card>
      </div>
    </article>
  );
}

function Card({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={cx(sidebarCard.card, className)}>
      <h3 className={sidebarCard.title}>{title}</h3>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Dependency({ dependency, list }: { dependency: Version['dependencies'][number]; list: ProjectDependencyList }) {
  const t = useT();
  const version = dependency.version_id ? list.versions.find((v) => v.id === dependency.version_id) : undefined;
  const projectId = dependency.project_id ?? version?.project_id;
  const project = projectId ? list.projects.find((p) => p.id === projectId) : undefined;
  const kind = t(`project.dependency.${dependency.dependency_type}`);
  let detail: string;
  if (version) detail = t('project.dependency.version', { number: version.version_number, type: dependency.dependency_type });
  else if (!project && dependency.file_name) detail = t('project.dependency.overrides');
  else detail = kind;
  const urlType = project ? projectUrlType(project.project_type, project.loaders) : 'mod';
  const href = project ? paths.project.getHref(isProjectType(urlType) ? urlType : 'mod', project.slug) : undefined;
  return (
    <li className={styles.dependency}>
      <ProjectIcon url={project?.icon_url} className={styles.dependencyIcon} size={40} />
      <span className={styles.dependencyText}>
        {href ? <AppLink to={href}>{project!.title}</AppLink> : <span>{dependency.file_name ?? t('project.dependency.unknown')}</span>}
        <span className={cx(styles.dependencyKind, dependency.dependency_type === 'incompatible' && styles.dependencyKindIncompatible)}>{detail}</span>
      </span>
    </li>
  );
}

function FileRow({ file }: { file: VersionFile }) {
  const t = useT();
  const { formatBytes } = useFormatters();
  const copy = useCopy();
  const kind = file.primary ? t('project.file.primary') : file.file_type === 'required-resource-pack' ? t('project.file.requiredPack') : file.file_type === 'optional-resource-pack' ? t('project.file.optionalPack') : undefined;
  return (
    <li className={styles.fileRow}>
      <div className={styles.fileRowHead}>
        <span className={styles.fileRowName}>{file.filename}</span>
        <span className={styles.fileRowSize}>{formatBytes(file.size)}</span>
        {kind && <span className="status-badge">{kind}</span>}
        <a href={file.url} download={file.filename} referrerPolicy={FILE_LINK_REFERRER_POLICY} className={buttonClassName({ size: 'small' }, styles.fileRowDownload)} aria-label={t('project.download.file', { file: file.filename, size: formatBytes(file.size) })}>
          <DownloadIcon />
          {t('project.download.button')}
        </a>
      </div>
      <dl className={styles.fileRowHashes}>
        {(['sha1', 'sha512'] as const).map((algorithm) => (
          <div key={algorithm}>
            <dt>{algorithm.toUpperCase()}</dt>
            <dd>
              <code>{file.hashes[algorithm]}</code>
              <Button size="small" variant="transparent" iconOnly aria-label={t('project.file.copyHash', { algorithm: algorithm.toUpperCase() })} onClick={() => copy(file.hashes[algorithm])}>
                <CopyIcon />
              </Button>
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/** The version a `/version/{version}` URL names: an id, a version number (its display ending) or `latest`. */
export function resolveVersionParam(param: string, versions: readonly Version[], search: URLSearchParams): Version | undefined {
  if (param === 'latest') {
    const loader = search.get('loader');
    const gameVersion = search.get('version');
    return versions.find((v) => (!loader || v.loaders.includes(loader)) && (!gameVersion || v.game_versions.includes(gameVersion)));
  }
  return versions.find((v) => v.id === param) ?? versions.find((v) => versionUrlEnding(v, versions) === param);
}
