import { Children, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cx } from '../../lib/class-names';
import styles from './data-table.module.css';

export type SortDirection = 'ascending' | 'descending';

export interface DataTableColumn {
  key: string;
  label: ReactNode;
  /** Read out but not shown (a column of buttons or checkboxes). */
  hideLabel?: boolean;
  /** Numbers: aligned to the end, with digits of one width. */
  numeric?: boolean;
  className?: string;
  /** The direction the rows are sorted in by this column (sets aria-sort). */
  sorted?: SortDirection;
  /** Makes the header a button that sorts the rows by this column. */
  onSort?: () => void;
  /** An empty cell in the header row instead of a column header (a column with no name). */
  blank?: boolean;
}

interface DataTableProps {
  columns: readonly (DataTableColumn | false | null | undefined)[];
  /** The table's name; hidden unless `captionVisible` (or name it by `aria-labelledby`). */
  caption?: ReactNode;
  captionVisible?: boolean;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  /** Scrolls sideways inside its own box on narrow screens (off where the page scrolls instead). */
  scroll?: boolean;
  density?: 'regular' | 'compact';
  /** Top suits rows of several lines (staff lists); middle suits rows of one. */
  verticalAlign?: 'middle' | 'top';
  /** Shown in one row across the table when there are no rows. */
  empty?: ReactNode;
  className?: string;
  wrapperClassName?: string;
  /** The rows (`<tr>`s) of the body. */
  children: ReactNode;
}

/** The class of a cell of numbers in a row of a DataTable. */
export const numericCell = styles.numeric;

/** A table of data: caption, column headers with scope (optionally sortable), rows, an empty row. */
export function DataTable({ columns, caption, captionVisible = false, scroll = true, density = 'regular', verticalAlign = 'middle', empty, className, wrapperClassName, children, ...aria }: DataTableProps) {
  const shown = columns.filter((column): column is DataTableColumn => Boolean(column));
  const captionId = useId();
  const table = (
    <table className={cx(styles.table, density === 'compact' && styles.compact, verticalAlign === 'top' && styles.top, className)} {...aria}>
      {caption !== undefined && (
        <caption id={captionId} className={captionVisible ? styles.caption : 'visually-hidden'}>
          {caption}
        </caption>
      )}
      <thead>
        <tr>{shown.map((column) => (column.blank ? <td key={column.key} /> : <HeaderCell key={column.key} column={column} />))}</tr>
      </thead>
      <tbody>
        {Children.count(children) === 0 && empty !== undefined ? (
          <tr>
            <td colSpan={shown.length} className={styles.empty}>
              {empty}
            </td>
          </tr>
        ) : (
          children
        )}
      </tbody>
    </table>
  );
  if (!scroll) return table;
  const name = caption !== undefined ? { 'aria-labelledby': captionId } : { 'aria-label': aria['aria-label'], 'aria-labelledby': aria['aria-labelledby'] };
  return (
    <ScrollBox className={cx(styles.scroller, wrapperClassName)} name={name}>
      {table}
    </ScrollBox>
  );
}

/**
 * The sideways-scrolling box of a wide table. While the table does not fit, keyboard users can
 * focus the box to scroll it with the arrow keys, so it is then a named region in the Tab order.
 */
function ScrollBox({ className, name, children }: { className: string; name: { 'aria-label'?: string; 'aria-labelledby'?: string }; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    // Observers report once when they start, so the first measurement needs no call here.
    const observer = new ResizeObserver(() => setOverflows(box.scrollWidth > box.clientWidth + 1));
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className={className} {...(overflows ? { tabIndex: 0, role: 'region', ...name } : {})}>
      {children}
    </div>
  );
}

function HeaderCell({ column }: { column: DataTableColumn }) {
  const label = column.hideLabel ? <span className="visually-hidden">{column.label}</span> : column.label;
  return (
    <th scope="col" aria-sort={column.sorted} className={cx(column.numeric && styles.numeric, column.className)}>
      {column.onSort ? (
        <button type="button" className={styles.sortButton} onClick={column.onSort}>
          {label}
          <span aria-hidden="true">{column.sorted === 'ascending' ? '↑' : column.sorted === 'descending' ? '↓' : '↕'}</span>
        </button>
      ) : (
        label
      )}
    </th>
  );
}
