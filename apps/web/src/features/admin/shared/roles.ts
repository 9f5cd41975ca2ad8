import { ROLES, roleLabel } from '@fantarift/core';

/**
 * The role choices of every admin filter and form: the value is the stored role ('ADC'), the label
 * the one the whole app shows ('BOT'), so a role reads the same in selects, badges and tables.
 */
export const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: roleLabel(r) }));

/** The "Ruolo" select of a filter row: every role, or all of them (`allLabel`). */
export function roleFilter<R extends string>(
  value: R | '',
  onChange: (role: R | '') => void,
  allLabel = 'Tutti',
) {
  return {
    label: 'Ruolo',
    value,
    allLabel,
    options: ROLE_OPTIONS,
    onValueChange: (v: string) => onChange(v as R | ''),
  };
}
