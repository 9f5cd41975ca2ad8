import { useCallback, useState } from 'react';
import type { FilterSelect } from './catalogue-filters';
import type { SelectOption } from './select-field';

/**
 * The state of a catalogue's filter row and the props of its parts: `search(label, placeholder)` for
 * the search box, `select(key, label, allLabel, options)` for a select bound to `filters[key]`.
 */
export function useFilterState<F extends { search?: string }>(initial: F) {
  const [filters, setFilters] = useState<F>(initial);
  const onSearch = useCallback((search: string) => setFilters((f) => ({ ...f, search })), []);
  const search = (label: string, placeholder: string) => ({
    label,
    placeholder,
    value: filters.search ?? '',
    onChange: onSearch,
  });
  const select = (
    key: keyof F & string,
    label: string,
    allLabel: string,
    options: readonly SelectOption[],
  ): FilterSelect => ({
    label,
    value: (filters[key] as string | undefined) ?? '',
    allLabel,
    options,
    // every filter is a string; a role's value is one of the select's options
    onValueChange: (value) => setFilters((f) => ({ ...f, [key]: value }) as F),
  });
  return { filters, search, select };
}
