import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { SearchInput } from './search-input';
import { SelectField, type SelectOption } from './select-field';

export interface FilterSelect {
  label: string;
  value: string;
  allLabel: string;
  options: readonly SelectOption[];
  onValueChange: (value: string) => void;
}

/**
 * The filter row of a catalogue (a search box and a few selects): two columns on a phone with the
 * search on its own line, one line from `sm` up with `columns` as the grid template. With `add`, the
 * row ends with the catalogue's "Aggiungi ..." button.
 */
export function CatalogueFilters({
  search,
  selects,
  columns,
  className,
  add,
}: {
  search: { label: string; placeholder: string; value: string; onChange: (value: string) => void };
  selects: readonly FilterSelect[];
  /** Tailwind grid template from `sm` up, e.g. `sm:grid-cols-[1fr_10rem_14rem]`. */
  columns: string;
  className?: string;
  add?: { label: string; onClick: () => void };
}) {
  if (add) {
    return (
      <div className="flex flex-wrap items-end justify-between gap-3">
        <CatalogueFilters
          search={search}
          selects={selects}
          columns={columns}
          className={cn('w-full sm:w-auto sm:flex-1', className)}
        />
        <Button onClick={add.onClick}>
          <Plus aria-hidden="true" />
          {add.label}
        </Button>
      </div>
    );
  }
  return (
    <div className={cn('grid grid-cols-2 gap-3', columns, className)}>
      <SearchInput
        className="col-span-2 sm:col-span-1"
        label={search.label}
        placeholder={search.placeholder}
        value={search.value}
        onChange={search.onChange}
      />
      {selects.map((s) => (
        <SelectField
          key={s.label}
          label={s.label}
          value={s.value}
          allLabel={s.allLabel}
          onValueChange={s.onValueChange}
          options={s.options}
          className={selects.length === 1 ? 'col-span-2 sm:col-span-1' : undefined}
        />
      ))}
    </div>
  );
}
