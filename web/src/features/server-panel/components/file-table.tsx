import { buttonClassName } from '../../../components/ui/button';
import { DataTable, numericCell } from '../../../components/ui/data-table';
import { RelativeTime } from '../../../components/ui/format';
import { MenuButton, type MenuItem } from '../../../components/ui/menu';
import { cx } from '../../../lib/class-names';
import { useT } from '../../../lib/i18n/i18n-provider';
import type { FileEntry } from '../api/node-files';
import { fileKind } from '../utils/file-paths';
import styles from './files-tab.module.css';
import { useFormatters } from '../../../lib/use-formatters';

export type FileAction = 'open' | 'rename' | 'move' | 'download' | 'extract' | 'delete';

interface FileTableProps {
  folderLabel: string;
  entries: readonly FileEntry[];
  selected: ReadonlySet<string>;
  onToggle: (name: string) => void;
  onToggleAll: (select: boolean) => void;
  onAction: (entry: FileEntry, action: FileAction) => void;
}

/**
 * The folder as a table: a checkbox to select each entry, its name as a button (open a folder,
 * the editor or the image viewer; download anything else), size, last change and a menu of actions.
 */
export function FileTable({ folderLabel, entries, selected, onToggle, onToggleAll, onAction }: FileTableProps) {
  const t = useT();
  const { formatBytes } = useFormatters();
  const allSelected = entries.length > 0 && entries.every((entry) => selected.has(entry.name));

  const itemsFor = (entry: FileEntry): MenuItem[] => {
    const isFile = entry.type === 'file';
    const items: Array<MenuItem | false> = [
      { key: 'rename', label: t('servers.files.action.rename'), onSelect: () => onAction(entry, 'rename') },
      { key: 'move', label: t('servers.files.action.move'), onSelect: () => onAction(entry, 'move') },
      isFile && { key: 'download', label: t('servers.files.action.download'), onSelect: () => onAction(entry, 'download') },
      isFile && fileKind(entry.name) === 'archive' && { key: 'extract', label: t('servers.files.action.extract'), onSelect: () => onAction(entry, 'extract') },
      { key: 'delete', label: t('servers.files.action.delete'), tone: 'red', onSelect: () => onAction(entry, 'delete') },
    ];
    return items.filter((item): item is MenuItem => item !== false);
  };

  return (
    <DataTable
      className={styles.fileTable}
      caption={t('servers.files.table', { folder: folderLabel })}
      scroll={false}
      columns={[
        { key: 'select', className: styles.checkCell, label: <input type="checkbox" aria-label={t('servers.files.selectAll')} checked={allSelected} onChange={(event) => onToggleAll(event.target.checked)} /> },
        { key: 'name', label: t('servers.files.column.name') },
        { key: 'size', label: t('servers.files.column.size'), numeric: true },
        { key: 'modified', label: t('servers.files.column.modified') },
        { key: 'actions', label: t('servers.files.column.actions'), hideLabel: true },
      ]}
    >
      {entries.map((entry) => (
        <tr key={entry.name} data-selected={selected.has(entry.name) || undefined}>
          <td className={styles.checkCell}>
            <input type="checkbox" aria-label={t('servers.files.select', { name: entry.name })} checked={selected.has(entry.name)} onChange={() => onToggle(entry.name)} />
          </td>
          <th scope="row" className={styles.nameCell}>
            <span aria-hidden="true" className={styles.glyph}>
              {entry.type === 'directory' ? '📁' : entry.type === 'symlink' ? '↪' : '📄'}
            </span>
            {entry.type === 'directory' || entry.type === 'file' ? (
              <button type="button" className={styles.nameButton} onClick={() => onAction(entry, 'open')}>
                {entry.name}
              </button>
            ) : (
              <span>{entry.name}</span>
            )}
            {entry.type === 'directory' && <span className="visually-hidden">{` (${t('servers.files.kind.folder')})`}</span>}
            {entry.type === 'symlink' && <span className={styles.muted}>{` (${t('servers.files.kind.link')})`}</span>}
          </th>
          <td className={cx(numericCell, styles.nowrap)}>{entry.type === 'file' ? formatBytes(entry.size) : '—'}</td>
          <td>
            <RelativeTime date={entry.modified} />
          </td>
          <td className={styles.actionsCell}>
            <MenuButton
              label={t('servers.files.actionsFor', { name: entry.name })}
              items={itemsFor(entry)}
              placement="bottom-end"
              triggerClassName={buttonClassName({ size: 'small', variant: 'transparent', iconOnly: true })}
            >
              <span aria-hidden="true">⋮</span>
            </MenuButton>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
