import { useId } from 'react';
import { TextField } from '@/components/text-field';

type DateKey = 'startDate' | 'endDate';

/** The required "Data di inizio" / "Data di fine" pair of the league forms. */
export function DateRangeFields({
  values,
  onChange,
}: {
  values: Record<DateKey, string>;
  onChange: (key: DateKey, value: string) => void;
}) {
  const id = useId();
  const field = (key: DateKey, label: string) => (
    <TextField
      id={`${id}-${key}`}
      label={label}
      type="date"
      value={values[key]}
      onChange={(e) => onChange(key, e.target.value)}
      required
    />
  );
  return (
    <>
      {field('startDate', 'Data di inizio')}
      {field('endDate', 'Data di fine')}
    </>
  );
}
