import type { ProjectType } from '@cairn/shared/constants/project-types';
import { loaderLabel } from '@cairn/shared/format/tag-labels';
import type { Project } from '@cairn/shared/schemas/projects';
import type { GameVersionTag } from '@cairn/shared/schemas/tags';
import type { Version } from '@cairn/shared/schemas/versions';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AppLink } from '../../../components/ui/app-link';
import { buttonClassName } from '../../../components/ui/button';
import { SearchIcon } from '../../../components/ui/content-icons';
import { ChevronDownIcon, DownloadIcon } from '../../../components/ui/icons';
import { Modal } from '../../../components/ui/modal';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { downloadCandidates, initialChoice, isCompatible, type DownloadChoice } from '../utils/download-choice';
import { FILE_LINK_REFERRER_POLICY, isRelease, primaryFile, versionGameVersions, versionLoaders, versionUrlEnding } from '../utils/versions';
import { ChannelBadge } from './channel-badge';
import { DownloadDependencies } from './download-dependencies';
import { cx } from '../../../lib/class-names';
import styles from './download-modal.module.css';
import { Input } from '../../../components/ui/input';
import { useFormatters } from '../../../lib/use-formatters';

interface DownloadModalProps {
  project: Project;
  type: ProjectType;
  versions: readonly Version[];
  gameVersionTags: readonly GameVersionTag[];
  onClose: () => void;
}

/** After a click on Download: the ring plays, then the modal closes (at once for reduced motion). */
const CLOSE_AFTER_DOWNLOAD_MS = 400;

/**
 * "Download {title}" (web-screens §2.3): choose a game version and a platform — choices
 * incompatible with the other one are marked — and get the newest matching release plus newer
 * betas and alphas, with the required dependencies the dependency plan would install alongside. `?version=` and `?loader=` preselect, and the choices are written back there.
 */
export function DownloadModal({ project, type, versions, gameVersionTags, onClose }: DownloadModalProps) {
  const t = useT();
  const { formatBytes } = useFormatters();
  const location = useLocation();
  const navigate = useNavigate();
  const gameVersions = useMemo(() => versionGameVersions(versions, gameVersionTags), [versions, gameVersionTags]);
  // Resource packs all run on the same "loader": there is nothing to choose.
  const loaders = useMemo(() => (type === 'resourcepack' ? [] : versionLoaders(versions)), [type, versions]);
  const [choice, setChoiceState] = useState<DownloadChoice>(() => {
    const params = new URLSearchParams(location.search);
    return initialChoice(versions, { gameVersion: params.get('version') ?? undefined, loader: params.get('loader') ?? undefined }, gameVersions, loaders);
  });
  const [open, setOpen] = useState<'gameVersion' | 'loader' | undefined>(() => (!choice.gameVersion ? 'gameVersion' : !choice.loader && loaders.length > 0 ? 'loader' : undefined));
  const [downloading, setDownloading] = useState<string>();

  const setChoice = (next: DownloadChoice, picked: 'gameVersion' | 'loader') => {
    setChoiceState(next);
    // Picking one opens the other if it is still open to choose.
    const other = picked === 'gameVersion' ? 'loader' : 'gameVersion';
    const otherMissing = other === 'loader' ? loaders.length > 0 && !next.loader : !next.gameVersion;
    setOpen(otherMissing ? other : undefined);
    const params = new URLSearchParams(location.search);
    for (const [key, value] of [['version', next.gameVersion], ['loader', next.loader]] as const) {
      if (value) params.set(key, value);
      else params.delete(key);
    }
    const search = params.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, preventScrollReset: true });
  };

  const ready = Boolean(choice.gameVersion) && (loaders.length === 0 || Boolean(choice.loader));
  const candidates = ready ? downloadCandidates(versions, choice) : [];

  const startDownload = (id: string) => {
    setDownloading(id);
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.setTimeout(onClose, reduced ? 0 : CLOSE_AFTER_DOWNLOAD_MS);
  };

  const incompatibleHint = (gameVersion: string | undefined, loader: string | undefined) =>
    t('project.download.incompatible', { title: project.title, gameVersion: gameVersion ?? '', platform: loader ? loaderLabel(loader) : '' });

  return (
    <Modal open onClose={onClose} title={t('project.download.title', { title: project.title })} size="wide">
      <div className={styles.downloadModal}>
        {versions.length === 0 && <p>{t('project.download.noVersions')}</p>}
        {versions.length > 0 && <ChoiceSection
          kind="gameVersion"
          label={t('project.download.gameVersion')}
          summary={choice.gameVersion ? t('project.download.gameVersionChosen', { version: choice.gameVersion }) : t('project.download.selectGameVersion')}
          fixed={gameVersions.length === 1}
          open={open === 'gameVersion'}
          onToggle={() => setOpen(open === 'gameVersion' ? undefined : 'gameVersion')}
          options={gameVersions.map((version) => ({
            value: version,
            label: version,
            secondary: !isRelease(version, gameVersionTags),
            compatible: isCompatible(versions, { gameVersion: version, loader: choice.loader }),
            hint: incompatibleHint(version, choice.loader),
          }))}
          selected={choice.gameVersion}
          searchable
          onSelect={(value) => setChoice({ ...choice, gameVersion: value }, 'gameVersion')}
        />}
        {loaders.length > 0 && (
          <ChoiceSection
            kind="loader"
            label={t('project.download.platform')}
            summary={choice.loader ? t('project.download.platformChosen', { platform: loaderLabel(choice.loader) }) : t('project.download.selectPlatform')}
            fixed={loaders.length === 1}
            open={open === 'loader'}
            onToggle={() => setOpen(open === 'loader' ? undefined : 'loader')}
            options={loaders.map((loader) => ({
              value: loader,
              label: loaderLabel(loader),
              compatible: isCompatible(versions, { gameVersion: choice.gameVersion, loader }),
              hint: incompatibleHint(choice.gameVersion, loader),
            }))}
            selected={choice.loader}
            onSelect={(value) => setChoice({ ...choice, loader: value }, 'loader')}
          />
        )}
        {ready && (
          <section className="download-modal__results" aria-live="polite">
            {candidates.length === 0 ? (
              <p>
                {t('project.download.none', { gameVersion: choice.gameVersion ?? '', platform: choice.loader ? loaderLabel(choice.loader) : t('project.download.anyPlatform') })}
              </p>
            ) : (
              <ul className={styles.downloadList}>
                {candidates.map((version) => {
                  const file = primaryFile(version);
                  return (
                    <li key={version.id} className={styles.downloadListItem}>
                      <ChannelBadge channel={version.version_type} />
                      <span className={styles.downloadListText}>
                        <strong>{version.version_number}</strong>
                        <span>{version.name}</span>
                      </span>
                      <AppLink to={paths.projectVersion.getHref(type, project.slug, versionUrlEnding(version, versions))} onClick={onClose} className="download-list__link">
                        {t('project.download.viewVersion')}
                      </AppLink>
                      {file && (
                        <a
                          href={file.url}
                          download={file.filename}
                          referrerPolicy={FILE_LINK_REFERRER_POLICY}
                          className={buttonClassName({ color: 'brand' }, downloading === version.id ? styles.downloadListButtonRing : undefined)}
                          aria-label={t('project.download.file', { file: file.filename, size: formatBytes(file.size) })}
                          onClick={() => startDownload(version.id)}
                        >
                          <DownloadIcon />
                          {t('project.download.button')}
                        </a>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
            {candidates.length > 0 && choice.gameVersion && choice.loader && (
              <DownloadDependencies projectId={project.id} gameVersion={choice.gameVersion} loader={choice.loader} onNavigate={onClose} />
            )}
          </section>
        )}
      </div>
    </Modal>
  );
}

interface ChoiceOption {
  value: string;
  label: string;
  /** Snapshots and other non-releases: shown with "Show all versions". */
  secondary?: boolean;
  compatible: boolean;
  hint: string;
}

interface ChoiceSectionProps {
  kind: 'gameVersion' | 'loader';
  label: string;
  summary: string;
  /** A single option: shown as a disabled pill, nothing to choose. */
  fixed: boolean;
  open: boolean;
  onToggle: () => void;
  options: readonly ChoiceOption[];
  selected: string | undefined;
  searchable?: boolean;
  onSelect: (value: string) => void;
}

function ChoiceSection({ kind, label, summary, fixed, open, onToggle, options, selected, searchable = false, onSelect }: ChoiceSectionProps) {
  const t = useT();
  const panelId = useId();
  const [query, setQuery] = useState('');
  const [showAll, setShowAll] = useState(false);
  if (fixed) {
    return (
      <button type="button" className={styles.choicePill} disabled>
        {summary}
      </button>
    );
  }
  const text = query.trim().toLowerCase();
  const shown = options.filter((o) => o.value === selected || ((showAll || !o.secondary) && (!text || o.label.toLowerCase().includes(text))));
  const hasSecondary = options.some((o) => o.secondary);
  return (
    <section className={styles.choice}>
      <button type="button" className={styles.choiceToggle} aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
        <span>{summary}</span>
        <ChevronDownIcon />
      </button>
      <div id={panelId} className={styles.choicePanel} hidden={!open}>
        {searchable && (
          <div className={styles.choiceSearch}>
            <SearchIcon />
            <Input
              type="search"
              value={query}
              placeholder={t('project.download.searchGameVersions')}
              aria-label={t('project.download.searchGameVersions')}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
        )}
        <fieldset className={styles.choiceOptions}>
          <legend className="visually-hidden">{label}</legend>
          {shown.map((option) => (
            <Option key={option.value} name={kind} option={option} checked={option.value === selected} onSelect={onSelect} />
          ))}
        </fieldset>
        {hasSecondary && (
          <label className={styles.choiceAll}>
            <input type="checkbox" checked={showAll} onChange={(event) => setShowAll(event.target.checked)} />
            {t('search.filter.showAllVersions')}
          </label>
        )}
      </div>
    </section>
  );
}

function Option({ name, option, checked, onSelect }: { name: string; option: ChoiceOption; checked: boolean; onSelect: (value: string) => void }): ReactNode {
  return (
    <label className={cx(styles.choiceOption, !option.compatible && styles.choiceOptionIncompatible)} title={option.compatible ? undefined : option.hint}>
      <input type="radio" name={name} value={option.value} checked={checked} onChange={() => onSelect(option.value)} />
      <span>{option.label}</span>
      {!option.compatible && (
        <>
          {' '}
          <span className="visually-hidden">({option.hint})</span>
        </>
      )}
    </label>
  );
}
