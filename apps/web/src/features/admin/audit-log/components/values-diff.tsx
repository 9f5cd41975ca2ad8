import { Fragment } from 'react';
import { cn } from '@/lib/utils';

export interface DiffRow {
  key: string;
  before: string | null;
  after: string | null;
  changed: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value as one readable line: strings as they are, the rest as compact JSON. */
export function show(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * Old and new values field by field: the union of both objects' keys in a stable order, each with
 * its old and new text and whether it changed. A value that is not an object is one row ("valore").
 */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (before == null && after == null) return [];
    const b = before == null ? null : show(before);
    const a = after == null ? null : show(after);
    return [{ key: 'valore', before: b, after: a, changed: b !== a }];
  }
  const old = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(old), ...Object.keys(now)])];
  return keys.map((key) => {
    const b = key in old ? show(old[key]) : null;
    const a = key in now ? show(now[key]) : null;
    return { key, before: b, after: a, changed: b !== a };
  });
}

/**
 * A field name cut into its words ("rewards", "Distributed"; "week", "_number"), so that a narrow
 * column wraps it between them rather than inside one.
 */
export function nameWords(key: string): string[] {
  return key.split(/(?<=[a-z0-9])(?=[A-Z])|(?=_)/).filter(Boolean);
}

/** A field name that wraps between its words (a <wbr> at each), inside one only as a last resort. */
function FieldName({ name }: { name: string }) {
  return nameWords(name).map((word, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the words of a fixed name never move
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {word}
    </Fragment>
  ));
}

/** The old and new values of an audit row side by side, changes marked. */
export function ValuesDiff({ before, after }: { before: unknown; after: unknown }) {
  const rows = diffRows(before, after);
  if (rows.length === 0) return <p className="text-muted-foreground text-sm">Nessun valore registrato.</p>;
  return (
    <table className="w-full table-fixed border-collapse text-xs">
      <caption className="sr-only">Valori prima e dopo</caption>
      <thead>
        <tr className="text-left text-muted-foreground">
          <th scope="col" className="w-1/3 py-1 pr-2 font-medium sm:w-1/4">
            Campo
          </th>
          <th scope="col" className="py-1 pr-2 font-medium">
            Prima
          </th>
          <th scope="col" className="py-1 font-medium">
            Dopo
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className={cn('border-t align-top', row.changed && 'bg-brand/5')}>
            <th scope="row" className="break-words py-1 pr-2 text-left font-mono font-normal">
              <FieldName name={row.key} />
              {row.changed && <span className="sr-only"> (modificato)</span>}
            </th>
            <td
              className={cn(
                'whitespace-pre-wrap break-words py-1 pr-2 font-mono',
                row.changed &&
                  row.before !== null &&
                  'text-destructive line-through decoration-destructive/40',
              )}
            >
              {row.before ?? '—'}
            </td>
            <td
              className={cn(
                'whitespace-pre-wrap break-words py-1 font-mono',
                row.changed && row.after !== null && 'font-semibold text-success',
              )}
            >
              {row.after ?? '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
