import { BanIcon } from '../../../components/ui/content-icons';
import { CloseIcon } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n/i18n-provider';
import { activeChips } from '../utils/facets';
import { groupOf, type FilterGroup } from '../utils/filter-groups';
import type { FilterTerm, SearchState } from '../utils/search-state';
import { useOptionLabel } from './option-labels';
import chipStyles from '../../../components/ui/filter-chips.module.css';

interface FilterChipsProps {
  groups: readonly FilterGroup[];
  state: SearchState;
  onRemove: (term: FilterTerm) => void;
  onClear: () => void;
}

/** The active filters as removable chips; "Clear all filters" once there is more than one. */
export function FilterChips({ groups, state, onRemove, onClear }: FilterChipsProps) {
  const t = useT();
  const optionLabel = useOptionLabel();
  const chips = activeChips(state);
  if (chips.length === 0) return null;
  const labelOf = (term: FilterTerm) => {
    const group = groupOf(groups, term);
    const option = group?.options.find((o) => o.value === term.value);
    return group && option ? optionLabel(group, option) : term.value;
  };
  return (
    <ul className={chipStyles.chips} aria-label={t('search.chips.label')}>
      {chips.length > 1 && (
        <li>
          <button type="button" className={`${chipStyles.chip} ${chipStyles.clear}`} onClick={onClear}>
            {t('search.chips.clearAll')}
          </button>
        </li>
      )}
      {chips.map((term) => {
        const label = labelOf(term);
        return (
          <li key={`${term.field}:${term.value}`}>
            <button
              type="button"
              className={term.negative ? `${chipStyles.chip} ${chipStyles.excluded}` : chipStyles.chip}
              aria-label={t(term.negative ? 'search.chips.removeExcluded' : 'search.chips.remove', { label })}
              onClick={() => onRemove(term)}
            >
              {term.negative && <BanIcon />}
              <span>{label}</span>
              <CloseIcon />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
