import type { DiffDependency, DiffFile, DiffMod, UpdatedMod, VersionBetween, VersionDiff } from '@cairn/shared/schemas/version-diffs';
import { Suspense, useId, useState, type ReactNode } from 'react';
import { Markdown } from '../../../components/markdown/markdown';
import { AppLink } from '../../../components/ui/app-link';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import type { MessageId } from '../../../lib/i18n/catalogs';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useFormatters } from '../../../lib/use-formatters';
import styles from './version-diff.module.css';

/** How many changelogs in between are open before "Show more". */
const OPEN_CHANGELOGS = 3;

type Change = 'added' | 'removed' | 'changed' | 'updated';

interface VersionDiffViewProps {
  diff: VersionDiff;
  /** The way back to the version page (composed by the page). */
  back?: ReactNode;
  /** The comparison's version links: the page of a version of this project. */
  versionHref: (versionId: string) => string;
}

/** What changed between two versions of a project: counts, lists, changelogs and (modpacks) mods. */
export function VersionDiffView({ diff, back, versionHref }: VersionDiffViewProps) {
  const t = useT();
  const titleId = useId();
  return (
    <article className={styles.diff} aria-labelledby={titleId}>
      {back && <div className={styles.back}>{back}</div>}
      <h2 id={titleId} className={styles.title}>
        {t('project.compare.title', { from: diff.from.version_number, to: diff.to.version_number })}
      </h2>
      {diff.swapped && (
        <p role="note" className={styles.note}>
          {t('project.compare.swapped', { from: diff.from.version_number, to: diff.to.version_number })}
        </p>
      )}
      <Summary diff={diff} />
      <TagChanges title={t('project.compare.gameVersions')} changes={diff.game_versions} />
      <TagChanges title={t('project.compare.loaders')} changes={diff.loaders} />
      <FileChanges files={diff.files} />
      <DependencyChanges dependencies={diff.dependencies} />
      {diff.modpack && <ModChanges mods={diff.modpack} />}
      <Changelogs versions={diff.versions_between} truncated={diff.versions_between_truncated} versionHref={versionHref} />
    </article>
  );
}

function Summary({ diff }: { diff: VersionDiff }) {
  const t = useT();
  const count = (list: { added: unknown[]; removed: unknown[] }) => ({ added: list.added.length, removed: list.removed.length });
  return (
    <section className={styles.card} aria-labelledby="compare-summary">
      <h3 id="compare-summary" className={styles.cardTitle}>
        {t('project.compare.summary')}
      </h3>
      <ul className={styles.summary}>
        <li>{t('project.compare.summary.versions', { count: diff.versions_between.length })}</li>
        <li>{t('project.compare.summary.gameVersions', count(diff.game_versions))}</li>
        <li>{t('project.compare.summary.loaders', count(diff.loaders))}</li>
        <li>{t('project.compare.summary.files', { ...count(diff.files), changed: diff.files.changed.length })}</li>
        <li>{t('project.compare.summary.dependencies', { ...count(diff.dependencies), changed: diff.dependencies.changed.length })}</li>
        {diff.modpack && <li>{t('project.compare.summary.mods', { ...count(diff.modpack), updated: diff.modpack.updated.length })}</li>}
      </ul>
    </section>
  );
}

/** One path per kind of change: plus, minus, a pencil stroke, a circular arrow. */
const CHANGE_ICON: Record<Change, string> = {
  added: 'M12 5v14M5 12h14',
  removed: 'M5 12h14',
  changed: 'M4 20h4L19 9l-4-4L4 16z',
  updated: 'M20 12a8 8 0 1 1-2.3-5.7M20 4v4h-4',
};

const CHANGE_LABEL: Record<Change, MessageId> = {
  added: 'project.compare.added',
  removed: 'project.compare.removed',
  changed: 'project.compare.changed',
  updated: 'project.compare.updated',
};

/** The kind of change as a word, with a symbol beside it (the word carries the meaning). */
function ChangeLabel({ change }: { change: Change }) {
  const t = useT();
  return (
    <span className={styles.change} data-change={change}>
      <Icon className={styles.changeSymbol}>
        <path d={CHANGE_ICON[change]} />
      </Icon>
      {t(CHANGE_LABEL[change])}
    </span>
  );
}

/** A card of one kind of change; "No changes." when every list is empty. */
function ChangeCard({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  const t = useT();
  const id = useId();
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h3 id={id} className={styles.cardTitle}>
        {title}
      </h3>
      {empty ? <p className={styles.muted}>{t('project.compare.noChanges')}</p> : <ul className={styles.changes}>{children}</ul>}
    </section>
  );
}

function ChangeItem({ change, children }: { change: Change; children: ReactNode }) {
  return (
    <li className={styles.changeItem}>
      <ChangeLabel change={change} />
      <span className={styles.changeText}>{children}</span>
    </li>
  );
}

function TagChanges({ title, changes }: { title: string; changes: { added: string[]; removed: string[] } }) {
  return (
    <ChangeCard title={title} empty={changes.added.length + changes.removed.length === 0}>
      {changes.added.map((value) => (
        <ChangeItem key={`+${value}`} change="added">
          {value}
        </ChangeItem>
      ))}
      {changes.removed.map((value) => (
        <ChangeItem key={`-${value}`} change="removed">
          {value}
        </ChangeItem>
      ))}
    </ChangeCard>
  );
}

function FileName({ file }: { file: DiffFile }) {
  const t = useT();
  const { formatBytes } = useFormatters();
  return (
    <>
      <span className={styles.fileName}>{file.filename}</span>
      {file.primary && <span className="status-badge status-badge--approved">{t('project.compare.primary')}</span>}
      <span className={styles.muted}>
        {formatBytes(file.size)} · <code title={file.hashes.sha512}>{t('project.compare.hash', { hash: file.hashes.sha1.slice(0, 12) })}</code>
      </span>
    </>
  );
}

function FileChanges({ files }: { files: VersionDiff['files'] }) {
  const t = useT();
  return (
    <ChangeCard title={t('project.compare.files')} empty={files.added.length + files.removed.length + files.changed.length === 0}>
      {files.added.map((file) => (
        <ChangeItem key={`+${file.filename}`} change="added">
          <FileName file={file} />
        </ChangeItem>
      ))}
      {files.removed.map((file) => (
        <ChangeItem key={`-${file.filename}`} change="removed">
          <FileName file={file} />
        </ChangeItem>
      ))}
      {files.changed.map(({ from, to }) => (
        <ChangeItem key={`~${to.filename}`} change="changed">
          <FileName file={to} />
          <span className={styles.muted}>
            {t('project.compare.fileChange', { from: from.hashes.sha1.slice(0, 12), to: to.hashes.sha1.slice(0, 12) })}
          </span>
        </ChangeItem>
      ))}
    </ChangeCard>
  );
}

/** A project named by the diff: a link when the caller may see it, its file name otherwise. */
function ProjectName({ item }: { item: Pick<DiffMod, 'project_id' | 'project_slug' | 'project_title' | 'file_name'> }) {
  const t = useT();
  if (item.project_id && item.project_title) return <AppLink to={paths.project.getPermanentHref(item.project_id)}>{item.project_title}</AppLink>;
  if (item.file_name) return <span className={styles.fileName}>{item.file_name}</span>;
  return <span>{t('project.compare.hiddenProject')}</span>;
}

function DependencyLine({ dependency }: { dependency: DiffDependency }) {
  const t = useT();
  return (
    <>
      <ProjectName item={dependency} />
      <span className={styles.muted}>
        {t('project.compare.dependencyType', { type: dependency.dependency_type })} · {dependency.version_number ?? (dependency.version_id ? t('project.compare.unknownVersion') : t('project.compare.anyVersion'))}
      </span>
    </>
  );
}

function DependencyChanges({ dependencies }: { dependencies: VersionDiff['dependencies'] }) {
  const t = useT();
  const versionText = (d: DiffDependency) => d.version_number ?? (d.version_id ? t('project.compare.unknownVersion') : t('project.compare.anyVersion'));
  return (
    <ChangeCard title={t('project.compare.dependencies')} empty={dependencies.added.length + dependencies.removed.length + dependencies.changed.length === 0}>
      {dependencies.added.map((d, index) => (
        <ChangeItem key={`+${d.project_id ?? d.file_name ?? index}`} change="added">
          <DependencyLine dependency={d} />
        </ChangeItem>
      ))}
      {dependencies.removed.map((d, index) => (
        <ChangeItem key={`-${d.project_id ?? d.file_name ?? index}`} change="removed">
          <DependencyLine dependency={d} />
        </ChangeItem>
      ))}
      {dependencies.changed.map(({ from, to }, index) => (
        <ChangeItem key={`~${to.project_id ?? to.file_name ?? index}`} change="changed">
          <ProjectName item={to} />
          <span className={styles.muted}>
            {t('project.compare.versionChange', {
              from: `${t('project.compare.dependencyType', { type: from.dependency_type })} · ${versionText(from)}`,
              to: `${t('project.compare.dependencyType', { type: to.dependency_type })} · ${versionText(to)}`,
            })}
          </span>
        </ChangeItem>
      ))}
    </ChangeCard>
  );
}

function ModChanges({ mods }: { mods: NonNullable<VersionDiff['modpack']> }) {
  const t = useT();
  const id = useId();
  const version = (text: string | null) => text ?? t('project.compare.unknownVersion');
  const rows: Array<{ key: string; change: Change; mod: DiffMod | UpdatedMod; versions: string; updated?: UpdatedMod }> = [
    ...mods.updated.map((m) => ({ key: `~${m.project_id}`, change: 'updated' as const, mod: m, updated: m, versions: t('project.compare.versionChange', { from: version(m.from.version_number), to: version(m.to.version_number) }) })),
    ...mods.added.map((m, i) => ({ key: `+${m.project_id ?? m.file_name ?? i}`, change: 'added' as const, mod: m, versions: m.version_number ?? '' })),
    ...mods.removed.map((m, i) => ({ key: `-${m.project_id ?? m.file_name ?? i}`, change: 'removed' as const, mod: m, versions: m.version_number ?? '' })),
  ];
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h3 id={id} className={styles.cardTitle}>
        {t('project.compare.mods')}
      </h3>
      {rows.length === 0 ? (
        <p className={styles.muted}>{t('project.compare.noChanges')}</p>
      ) : (
        <div className={styles.tableScroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('project.compare.mod')}</th>
                <th scope="col">{t('project.compare.change')}</th>
                <th scope="col">{t('project.compare.version')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">
                    <ProjectName item={{ file_name: null, ...row.mod }} />
                    {row.updated && row.updated.changelogs.length > 0 && <ModChangelogs mod={row.updated} />}
                  </th>
                  <td>
                    <ChangeLabel change={row.change} />
                  </td>
                  <td>{row.versions}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** An updated mod's changelogs in between, closed until asked for (a native disclosure). */
function ModChangelogs({ mod }: { mod: UpdatedMod }) {
  const t = useT();
  return (
    <details className={styles.modChangelogs}>
      <summary>{t('project.compare.modChangelogs', { count: mod.changelogs.length, mod: mod.project_title ?? mod.project_id })}</summary>
      {mod.changelogs_truncated && <p className={styles.muted}>{t('project.compare.modChangelogsTruncated', { count: mod.changelogs.length })}</p>}
      <ol className={styles.changelogList} reversed>
        {[...mod.changelogs].reverse().map((entry) => (
          <li key={entry.id}>
            <h4 className={styles.changelogTitle}>{entry.version_number}</h4>
            <ChangelogBody text={entry.changelog} />
          </li>
        ))}
      </ol>
    </details>
  );
}

function ChangelogBody({ text }: { text: string }) {
  const t = useT();
  if (!text.trim()) return <p className={styles.muted}>{t('project.version.noChangelog')}</p>;
  return (
    <Suspense fallback={<p role="status">{t('project.version.loading')}</p>}>
      <Markdown source={text} />
    </Suspense>
  );
}

/** The changelogs in between, newest first; the first few open, the rest behind a button. */
function Changelogs({ versions, truncated, versionHref }: { versions: VersionBetween[]; truncated: boolean; versionHref: (id: string) => string }) {
  const t = useT();
  const { formatDate } = useFormatters();
  const id = useId();
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  const newestFirst = [...versions].reverse();
  const shown = expanded ? newestFirst : newestFirst.slice(0, OPEN_CHANGELOGS);
  const hidden = newestFirst.length - shown.length;
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h3 id={id} className={styles.cardTitle}>
        {t('project.compare.changelogs')}
      </h3>
      {truncated && <p className={styles.muted}>{t('project.compare.changelogsTruncated', { count: versions.length })}</p>}
      <ol id={listId} className={styles.changelogList}>
        {shown.map((version) => (
          <li key={version.id}>
            <h4 className={styles.changelogTitle}>
              <AppLink to={versionHref(version.id)}>{version.name || version.version_number}</AppLink>
            </h4>
            <p className={styles.muted}>{t('project.compare.published', { date: formatDate(version.date_published) })}</p>
            <ChangelogBody text={version.changelog} />
          </li>
        ))}
      </ol>
      {newestFirst.length > OPEN_CHANGELOGS && (
        <Button variant="outlined" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded((open) => !open)}>
          {expanded ? t('project.compare.showLess') : t('project.compare.showMore', { count: hidden })}
        </Button>
      )}
    </section>
  );
}
