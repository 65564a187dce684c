import { useT } from '../../../lib/i18n/i18n-provider';
import type { FilterGroup, FilterOption } from '../utils/filter-groups';

/** An option's label: tag labels come with the option, fixed options from the message catalog. */
export function useOptionLabel() {
  const t = useT();
  return (group: Pick<FilterGroup, 'id'>, option: Pick<FilterOption, 'value' | 'label'>): string => {
    if (group.id === 'environment') return option.value === 'server' ? t('environment.server') : t('environment.client');
    if (group.id === 'license') return t('search.filter.openSource');
    return option.label;
  };
}

export function useGroupTitle() {
  const t = useT();
  return (group: Pick<FilterGroup, 'id'>) => t(`search.filter.${group.id}`);
}
