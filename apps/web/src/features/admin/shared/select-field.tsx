import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';

export interface SelectOption {
  value: string;
  label: string;
}

/** Radix Select refuses '' as an item value: "all" stands for the empty filter. */
export const ALL = '__all__';

interface SelectFieldProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  /** Adds a first option meaning "no filter"; its value is reported as ''. */
  allLabel?: string;
  placeholder?: string;
  /** Show the label to screen readers only. */
  hideLabel?: boolean;
  className?: string;
  triggerClassName?: string;
  disabled?: boolean;
  id?: string;
}

export function SelectField({
  label,
  value,
  onValueChange,
  options,
  allLabel,
  placeholder,
  hideLabel = false,
  className,
  triggerClassName,
  disabled,
  id,
}: SelectFieldProps) {
  const generated = useId();
  const triggerId = id ?? generated;
  const current = allLabel && value === '' ? ALL : value;
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={triggerId} className={cn(hideLabel && 'sr-only')}>
        {label}
      </Label>
      <Select
        value={current}
        onValueChange={(next) => onValueChange(next === ALL ? '' : next)}
        disabled={disabled}
      >
        <SelectTrigger id={triggerId} className={cn('w-full', triggerClassName)}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {allLabel && <SelectItem value={ALL}>{allLabel}</SelectItem>}
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

export const toOptions = (values: readonly (string | number)[]): SelectOption[] =>
  values.map((v) => ({ value: String(v), label: String(v) }));
