const rules = new Intl.PluralRules('it-IT');

/** "1 campione", "2 campioni", "0 campioni": the count with the Italian singular or plural noun. */
export function pluralIt(count: number, one: string, other: string): string {
  return `${count} ${rules.select(count) === 'one' ? one : other}`;
}
