/**
 * What of an error may reach the log. A failed query's error (drizzle's DrizzleQueryError) carries the
 * query's parameters in its message, its stack and a `params` field, and PostgreSQL's `detail` repeats the
 * row's values: a password hash reached the log that way. Kept: the SQL text (placeholders only), the
 * PostgreSQL code, constraint, table and column, and the messages with quoted values blanked out.
 */
export function loggableError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err).slice(0, 200) };
  const chain: Record<string, unknown>[] = [];
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const e = current as Error & Record<string, unknown>;
    const entry: Record<string, unknown> = { type: e.name };
    if (typeof e.query === 'string') entry.message = `Failed query: ${e.query}`;
    else entry.message = blankQuotedValues(e.message.split('\nparams:')[0] ?? '');
    for (const field of ['code', 'constraint', 'table', 'column', 'routine'] as const) {
      if (typeof e[field] === 'string') entry[field] = e[field];
    }
    chain.push(entry);
    current = e.cause;
  }
  const [first, ...causes] = chain;
  const stack = err.stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  return { ...first, stack, causes: causes.length > 0 ? causes : undefined };
}

/** PostgreSQL quotes the values it complains about (`invalid input syntax for type integer: "..."`). */
const blankQuotedValues = (message: string) => message.replace(/"[^"]*"/g, '"…"');
