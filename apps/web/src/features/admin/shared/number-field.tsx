import { TextField } from '@/components/text-field';

/** A whole-number (or, with `decimal`, one-decimal) box of an admin form; min 0 unless `signed`. */
export function NumberField({
  id,
  label,
  value,
  onChange,
  decimal = false,
  signed = false,
  placeholder,
  invalid,
  errorId,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  decimal?: boolean;
  signed?: boolean;
  placeholder?: string;
  invalid?: boolean;
  errorId?: string;
}) {
  return (
    <TextField
      id={id}
      label={label}
      type="number"
      inputMode={decimal ? 'decimal' : 'numeric'}
      min={signed ? undefined : 0}
      step={decimal ? 0.1 : 1}
      placeholder={placeholder}
      value={value}
      invalid={invalid}
      errorId={errorId}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
