import { type ChangeEvent, useId, useState } from 'react';

/**
 * The values of an admin form kept as text, and its one error: `set` changes some values and clears
 * the error, `field(key, label)` gives a TextField's id, label, value and onChange for `values[key]`.
 */
export function useFormValues<V extends Record<string, string>>(initial: V) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<V>) => {
    setValues((v) => ({ ...v, ...patch }));
    setError(null);
  };
  const field = (key: keyof V & string, label: string) => ({
    id: `${id}-${key}`,
    label,
    value: values[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set({ [key]: e.target.value } as Partial<V>),
  });
  return { id, values, set, error, setError, field };
}
