import type { FacetCounts } from '@cairn/shared/schemas/search';
import { useId, useState } from 'react';
import { BanIcon, SearchIcon } from '../../../components/ui/content-icons';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { SvgIcon } from '../../../components/ui/svg-icon';
import { useT } from '../../../lib/i18n/i18n-provider';
import { optionCount } from '../utils/facets';
import type { FilterGroup, FilterOption } from '../utils/filter-groups';
import { sameValue, type FilterTerm, type SearchState } from '../utils/search-state';
import { useGroupTitle, useOptionLabel } from './option-labels';
import { Input } from '../../../components/ui/input';
import { useFormatters } from '../../../lib/use-formatters';

interface FilterPanelProps {
  groups: readonly FilterGroup[];
  state: SearchState;
  counts: FacetCounts | undefined;
  onToggle: (term: Omit<FilterTerm, 'negative'>, exclude?: boolean) => void;
  onShowAllVersions: (show: boolean) => void;
}

/** The filter sidebar: one collapsible group per filter (web-screens §2.2). */
export default function FilterPanel(props: FilterPanelProps) {
  return (
    <div className="filter-panel">
      {props.groups.map((group) => (
        <FilterGroupSection key={group.id} group={group} {...props} />
      ))}
    </div>
  );
}

function FilterGroupSection({ group, state, counts, onToggle, onShowAllVersions }: FilterPanelProps & { group: FilterGroup }) {
  const t = useT();
  const title = useGroupTitle()(group);
  const label = useOptionLabel();
  const [open, setOpen] = useState(true);
  const [showMore, setShowMore] = useState(false);
  const [versionQuery, setVersionQuery] = useState('');
  const panelId = useId();
  const selected = (option: FilterOption) => state.filters.find((term) => sameValue(term, { field: group.field, value: option.value }));
  const chosen = group.options.filter((option) => selected(option));

  const isVersions = group.id === 'gameVersion';
  const query = versionQuery.trim().toLowerCase();
  const options = group.options.filter((option) => {
    if (selected(option)) return true;
    if (option.secondary && !showMore) return false;
    if (isVersions && option.nonRelease && !state.showAllVersions) return false;
    return !query || option.label.toLowerCase().includes(query);
  });
  const hasSecondary = group.options.some((option) => option.secondary);

  return (
    <section className="filter-group">
      <h2 className="filter-group__heading">
        <button type="button" className="filter-group__toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          <span>{title}</span>
          <ChevronDownIcon className="filter-group__chevron" />
        </button>
      </h2>
      {!open && chosen.length > 0 && (
        <ul className="filter-group__pills" aria-label={t('search.filter.selectedIn', { group: title })}>
          {chosen.map((option) => (
            <li key={option.value} className={selected(option)?.negative ? 'filter-pill filter-pill--excluded' : 'filter-pill'}>
              {selected(option)?.negative && <BanIcon />}
              {label(group, option)}
            </li>
          ))}
        </ul>
      )}
      <div id={panelId} className="filter-group__body" hidden={!open}>
        {isVersions && (
          <div className="filter-group__search">
            <SearchIcon />
            <Input
              type="search"
              placeholder={t('search.filter.searchVersions')}
              aria-label={t('search.filter.searchVersionsLabel')}
              value={versionQuery}
              onChange={(event) => setVersionQuery(event.target.value)}
            />
          </div>
        )}
        <ul className={isVersions && options.length >= 10 ? 'filter-options filter-options--scroll' : 'filter-options'}>
          {options.map((option) => (
            <OptionRow
              key={option.value}
              group={group}
              option={option}
              label={label(group, option)}
              term={selected(option)}
              count={optionCount(counts, group, option)}
              onToggle={onToggle}
            />
          ))}
        </ul>
        {isVersions && options.length === 0 && <p className="filter-group__empty">{t('search.filter.noVersions')}</p>}
        {hasSecondary && (
          <button type="button" className="filter-group__more" aria-expanded={showMore} onClick={() => setShowMore(!showMore)}>
            {showMore ? t('search.filter.showFewer') : t('search.filter.showMore')}
          </button>
        )}
        {isVersions && (
          <label className="filter-group__all-versions">
            <input type="checkbox" checked={state.showAllVersions} onChange={(event) => onShowAllVersions(event.target.checked)} />
            {t('search.filter.showAllVersions')}
          </label>
        )}
      </div>
    </section>
  );
}

interface OptionRowProps {
  group: FilterGroup;
  option: FilterOption;
  label: string;
  term: FilterTerm | undefined;
  count: number | undefined;
  onToggle: FilterPanelProps['onToggle'];
}

function OptionRow({ group, option, label, term, count, onToggle }: OptionRowProps) {
  const t = useT();
  const { formatCompactNumber } = useFormatters();
  const excluded = term?.negative === true;
  const value = { field: group.field, value: option.value };
  return (
    <li className={['filter-option', excluded ? 'filter-option--excluded' : '', count === 0 && !term ? 'filter-option--empty' : ''].filter(Boolean).join(' ')}>
      <label className="filter-option__label">
        <input type="checkbox" checked={term !== undefined && !excluded} onChange={() => onToggle(value)} />
        {option.icon && <SvgIcon markup={option.icon} className="filter-option__icon" />}
        <span className="filter-option__name">{label}</span>
        {excluded && <span className="visually-hidden">{t('search.filter.excludedSuffix')}</span>}
        {count !== undefined && <span className="filter-option__count">{formatCompactNumber(count)}</span>}
      </label>
      {group.excludable && (
        <button
          type="button"
          className="filter-option__exclude"
          aria-pressed={excluded}
          aria-label={t('search.filter.exclude', { option: label })}
          title={t('search.filter.excludeShort')}
          onClick={() => onToggle(value, true)}
        >
          <BanIcon />
        </button>
      )}
    </li>
  );
}
