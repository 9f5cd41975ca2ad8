import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { Checkbox } from '../../../components/ui-extra/checkbox';
import type { Count } from './editor-state';

interface CountFieldProps {
  /** Short visible label. */
  label: string;
  /** Full accessible name (contains the visible label). */
  name: string;
  value: Count;
  onChange: (value: Count) => void;
  max?: number;
  className?: string;
}

/** A statistics number box: min 0, whole numbers, empty allowed (counts as 0). */
export function CountField({ label, name, value, onChange, max, className }: CountFieldProps) {
  const id = useId();
  return (
    <div className={cn('flex min-w-0 flex-col justify-end gap-1', className)}>
      <label htmlFor={id} className="text-muted-foreground text-xs leading-tight">
        {label}
      </label>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        step={1}
        aria-label={name}
        className="h-8 px-2 md:h-8"
        value={value ?? ''}
        onChange={(event) => {
          const raw = event.target.value;
          onChange(raw === '' ? null : Number(raw));
        }}
      />
    </div>
  );
}

interface FlagFieldProps {
  label: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}

export function FlagField({ label, name, checked, onChange, className }: FlagFieldProps) {
  const id = useId();
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Checkbox id={id} aria-label={name} checked={checked} onCheckedChange={(v) => onChange(v === true)} />
      <label htmlFor={id} className="cursor-pointer text-sm">
        {label}
      </label>
    </div>
  );
}

interface ChoiceGroupProps<T extends string | number> {
  /** Accessible name of the group. */
  label: string;
  value: T | null;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  className?: string;
}

/** A row of segmented radio buttons (native radios, so arrow keys and screen readers work). */
export function ChoiceGroup<T extends string | number>({
  label,
  value,
  options,
  onChange,
  className,
}: ChoiceGroupProps<T>) {
  const name = useId();
  return (
    <fieldset className={cn('flex min-w-0 flex-col gap-2', className)}>
      <legend className="mb-2 font-medium text-sm">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={String(option.value)}
            className="cursor-pointer rounded-md border px-3 py-1.5 text-sm shadow-xs transition-colors hover:bg-accent has-checked:border-primary has-checked:bg-primary has-checked:text-primary-foreground has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50"
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={String(option.value)}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
