import { adminRoleLabel, ROLES } from '@fantarift/core';

/**
 * The role choices of every admin filter and form: the stored role ('ADC') and its admin label
 * ('ADC', not the participants' 'BOT'), so a role reads the same in selects, badges and tables.
 */
export const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: adminRoleLabel(r) }));

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
