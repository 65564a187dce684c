import { useT } from '../../lib/i18n/i18n-provider';
import { ChevronLeftIcon, ChevronRightIcon } from '../ui/content-icons';
import { pageItems } from './page-items';
import './pagination.css';

interface PaginationProps {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  /** Accessible name, e.g. "Pages, top" (two paginations on one page need different names). */
  label: string;
}

/** First/previous/pages/next/last, with gaps; the current page is marked for assistive technology. */
export function Pagination({ page, pageCount, onChange, label }: PaginationProps) {
  const t = useT();
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" className="pagination__step" disabled={page <= 1} onClick={() => onChange(page - 1)} aria-label={t('pagination.previous')}>
        <ChevronLeftIcon />
      </button>
      {pageItems(page, pageCount).map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className="pagination__page"
            aria-current={item === page ? 'page' : undefined}
            aria-label={t('pagination.page', { page: item })}
            onClick={() => item !== page && onChange(item)}
          >
            {item}
          </button>
        ),
      )}
      <button type="button" className="pagination__step" disabled={page >= pageCount} onClick={() => onChange(page + 1)} aria-label={t('pagination.next')}>
        <ChevronRightIcon />
      </button>
    </nav>
  );
}
