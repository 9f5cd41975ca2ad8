import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';

/**
 * Bad requests generated from the OpenAPI description: for each operation a valid-looking baseline
 * (real ids where the parameter names one) with one part replaced by a hostile value, or the whole
 * body replaced. Used by `api-fuzz.test.ts` to prove that no input gives a 5xx.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
  bodyType: string | undefined;
}

export interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

export function operationsOf(spec: OpenApi): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      const bodyType = Object.keys(content)[0];
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: bodyType ? content[bodyType]?.schema : undefined,
        bodyType,
      });
    }
  }
  return ops;
}

/** Real values for parameters and fields named after a seeded record (leagueId, teamName, ...). */
export type KnownValues = Record<string, string>;

export interface RequestCase {
  label: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; type: string };
  headers: Record<string, string>;
}

const CONTROL = ['\u0000', 'a\u0000b', '\u0007', '\u001b[31m', '\ud800', '\u202e', '\uffff'];

/** Hostile values for a place of the given schema (all JSON-representable). */
function hostileValues(schema: JsonSchema, name: string): unknown[] {
  const s = resolveShallow(schema);
  // random hex: PostgreSQL cannot compress it below the 2,704-byte limit of an index row
  const huge = randomBytes(1500).toString('hex');
  const common: unknown[] = [null, true, {}, [], '', -1, 'İ'];
  const types = typeList(s);
  const out: unknown[] = [...common];
  if (types.includes('string') || types.length === 0) {
    out.push(
      ...CONTROL,
      huge,
      'é'.repeat(70_000),
      ' ',
      '-1',
      '0',
      '2026-02-30',
      '99999-12-31',
      '2026-13-01T25:61:00Z',
    );
    out.push('not-a-uuid', randomUUID(), "'; select pg_sleep(0)--", '%00', '../../etc/passwd', '1e400');
    if (s.maxLength) out.push('a'.repeat(s.maxLength + 1));
    if (/mail/i.test(name))
      out.push(
        `${randomBytes(1400).toString('hex')}@example.com`,
        'a\u0000@example.com',
        'admİn@fantarift.local',
      );
  }
  if (types.includes('integer') || types.includes('number') || types.length === 0) {
    out.push(
      0,
      -2147483649,
      2147483648,
      2 ** 53 + 2,
      -(2 ** 53) - 2,
      1e308,
      -1e308,
      0.5,
      1e-9,
      -0.1,
      99999999.99,
      1e10,
    );
    if (typeof s.maximum === 'number') out.push(s.maximum + 1);
    if (typeof s.minimum === 'number') out.push(s.minimum - 1);
  }
  if (types.includes('array') || types.length === 0) {
    const item = s.items ? baseline(s.items, name, {}) : 'x';
    out.push(
      Array.from({ length: 20_000 }, () => item),
      [null],
      [item, item],
    );
    if (s.maxItems !== undefined) out.push(Array.from({ length: s.maxItems + 1 }, () => item));
  }
  if (types.includes('object')) out.push({ __proto__x: 1, constructor: 'x' }, 'x');
  return out;
}

/** Hostile strings for path and query parameters (they always travel as text). */
function hostileTexts(schema: JsonSchema | undefined, name: string): string[] {
  return hostileValues(schema ?? {}, name)
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .map(String)
    .concat(['99999999999999999999', 'NaN', 'Infinity', '-0', '0x10', '1.5', 'true', '[]', randomUUID()]);
}

let refs: Record<string, JsonSchema> = {};
export function useComponents(spec: OpenApi) {
  refs = spec.components?.schemas ?? {};
}

function resolveShallow(schema: JsonSchema): JsonSchema {
  let s = schema;
  for (let i = 0; i < 10 && s.$ref; i++) s = refs[s.$ref.split('/').pop() ?? ''] ?? {};
  return s;
}

function typeList(s: JsonSchema): string[] {
  if (Array.isArray(s.type)) return s.type;
  if (s.type) return [s.type];
  const options = s.anyOf ?? s.oneOf;
  if (options) return options.flatMap((o) => typeList(resolveShallow(o)));
  return [];
}

/** A plausible valid value, with real ids and team names where a field names one. */
export function baseline(schema: JsonSchema, name: string, known: KnownValues): unknown {
  const s = resolveShallow(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum && s.enum.length > 0) return s.enum.find((v) => v !== null) ?? s.enum[0];
  const options = s.anyOf ?? s.oneOf;
  if (options) {
    const nonNull = options.find((o) => !typeList(resolveShallow(o)).includes('null')) ?? options[0];
    return nonNull ? baseline(nonNull, name, known) : null;
  }
  if (s.allOf?.[0]) return baseline(s.allOf[0], name, known);
  const types = typeList(s).filter((t) => t !== 'null');
  const type = types[0];
  if (known[name] !== undefined && (type === 'string' || type === undefined)) return known[name];
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {})) out[key] = baseline(prop, key, known);
      return out;
    }
    case 'array': {
      const item = s.items ? baseline(s.items, singular(name), known) : 'x';
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => item);
    }
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
      const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : min + 10);
      return Math.min(Math.max(1, min), max);
    }
    case 'boolean':
      return false;
    case 'string': {
      if (s.format === 'uuid') return randomUUID();
      if (s.format === 'email' || /email/i.test(name)) return `fuzz.${randomUUID().slice(0, 8)}@example.com`;
      if (s.format === 'date-time') return new Date().toISOString();
      if (s.format === 'date' || /date/i.test(name)) return '2026-03-01';
      if (/time/i.test(name)) return '10:00';
      if (/password/i.test(name)) return 'segreta123';
      const text = `Valore ${name}`.slice(0, s.maxLength ?? 100);
      return text.padEnd(s.minLength ?? 0, 'x');
    }
    default:
      return 'x';
  }
}

const singular = (name: string) => (name.endsWith('s') ? name.slice(0, -1) : name);

interface Leaf {
  where: 'params' | 'query' | 'body' | 'header';
  path: string[];
  schema: JsonSchema | undefined;
  name: string;
}

/** Every place of a request one can spoil: parameters, and body fields down to three levels. */
function leavesOf(op: Operation): Leaf[] {
  const leaves: Leaf[] = op.parameters
    .filter((p) => p.in === 'path' || p.in === 'query')
    .map((p) => ({ where: p.in as 'params' | 'query', path: [p.name], schema: p.schema, name: p.name }));
  const walk = (schema: JsonSchema, path: string[], name: string, depth: number) => {
    leaves.push({ where: 'body', path, schema, name });
    if (depth >= 3) return;
    const s = resolveShallow(schema);
    for (const [key, prop] of Object.entries(s.properties ?? {})) walk(prop, [...path, key], key, depth + 1);
    if (s.items) walk(s.items, [...path, '0'], singular(name), depth + 1);
  };
  if (op.body) walk(op.body, [], 'body', 0);
  leaves.push({ where: 'header', path: ['x-forwarded-for'], schema: undefined, name: 'x-forwarded-for' });
  return leaves;
}

function setIn(target: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  const container = (
    target && typeof target === 'object' ? (Array.isArray(target) ? [...target] : { ...target }) : {}
  ) as Record<string, unknown>;
  container[head] = setIn(container[head], rest, value);
  return container as unknown;
}

function removeIn(target: unknown, path: string[]): unknown {
  if (path.length === 0 || !target || typeof target !== 'object') return target;
  const [head, ...rest] = path as [string, ...string[]];
  const container = (Array.isArray(target) ? [...target] : { ...target }) as Record<string, unknown>;
  if (rest.length === 0) delete container[head];
  else container[head] = removeIn(container[head], rest);
  return container;
}

/** A valid-looking request of the operation: required parameters, known ids, a plausible body. */
export function baselineCase(op: Operation, known: KnownValues): RequestCase {
  const params: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const p of op.parameters) {
    const value = String(baseline(p.schema ?? { type: 'string' }, p.name, known));
    if (p.in === 'path') params[p.name] = value;
    else if (p.in === 'query' && (p.required || known[p.name] !== undefined)) query[p.name] = value;
  }
  return {
    label: 'baseline',
    params,
    query,
    body: op.body ? { kind: 'json', value: baseline(op.body, 'body', known) } : { kind: 'none' },
    headers: {},
  };
}

/** A fast-check arbitrary of bad requests for one operation. */
export function badRequests(op: Operation, known: KnownValues): fc.Arbitrary<RequestCase> {
  const leaves = leavesOf(op);
  const randomText = fc.oneof(
    // any UTF-16 code units (control characters and lone surrogates included); cheaper than unit: 'binary'
    fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 }).map((u) => String.fromCharCode(...u)),
    fc
      .tuple(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }), fc.integer({ min: 30, max: 800 }))
      .map(([s, n]) => s.repeat(n)),
    fc.integer().map(String),
    fc.double().map(String),
    fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  );
  const randomJson = fc.oneof(
    randomText,
    fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.jsonValue({ maxDepth: 2 }),
  );

  const oneLeaf = fc
    .constantFrom(...leaves)
    .chain((leaf) => {
      const fixed =
        leaf.where === 'body'
          ? hostileValues(leaf.schema ?? {}, leaf.name)
          : hostileTexts(leaf.schema, leaf.name);
      const values: fc.Arbitrary<unknown> = fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...fixed) },
        { weight: 1, arbitrary: leaf.where === 'body' ? randomJson : randomText },
        { weight: 1, arbitrary: fc.constant(undefined) },
      );
      return fc.tuple(fc.constant(leaf), values);
    })
    .map(([leaf, value]) => {
      const c = baselineCase(op, known);
      const shown =
        typeof value === 'string' && value.length > 80 ? `${value.slice(0, 40)}…(${value.length})` : value;
      const describeValue =
        Array.isArray(value) && value.length > 5 ? `[array of ${value.length}]` : JSON.stringify(shown);
      c.label = `${leaf.where}.${leaf.path.join('.') || '(whole)'} = ${describeValue}`;
      if (leaf.where === 'header') {
        if (value !== undefined)
          c.headers[leaf.name] =
            typeof value === 'string' && value !== ''
              ? value
              : `${randomBytes(1500).toString('hex')}, 10.0.0.1`;
        return c;
      }
      if (leaf.where === 'body') {
        if (c.body.kind !== 'json') return c;
        c.body = {
          kind: 'json',
          value:
            value === undefined ? removeIn(c.body.value, leaf.path) : setIn(c.body.value, leaf.path, value),
        };
        return c;
      }
      const key = leaf.path[0]!;
      const target = leaf.where === 'params' ? c.params : c.query;
      if (value === undefined) {
        if (leaf.where === 'query') delete target[key];
        else target[key] = '';
      } else target[key] = String(value);
      return c;
    });

  const wholeBody = fc
    .constantFrom<RequestCase['body']>(
      { kind: 'none' },
      { kind: 'raw', text: 'null', type: 'application/json' },
      { kind: 'raw', text: '{"a":', type: 'application/json' },
      { kind: 'raw', text: '1e400', type: 'application/json' },
      { kind: 'raw', text: '"\\u0000"', type: 'application/json' },
      { kind: 'raw', text: '[]', type: 'application/json' },
      { kind: 'raw', text: 'a=1', type: 'text/plain' },
      { kind: 'raw', text: '{"__proto__":{"isAdmin":true}}', type: 'application/json' },
      { kind: 'raw', text: 'x', type: 'application/x-www-form-urlencoded' },
    )
    .map((body) => ({ ...baselineCase(op, known), label: `whole body = ${JSON.stringify(body)}`, body }));

  const extraField = fc.tuple(fc.string({ maxLength: 20 }), randomJson).map(([key, value]) => {
    const c = baselineCase(op, known);
    c.label = `extra body field ${JSON.stringify(key)} = ${JSON.stringify(value)?.slice(0, 80)}`;
    if (
      c.body.kind === 'json' &&
      c.body.value &&
      typeof c.body.value === 'object' &&
      !Array.isArray(c.body.value)
    ) {
      c.body = { kind: 'json', value: { ...(c.body.value as object), [key]: value } };
    }
    c.query[key || 'x'] = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
    return c;
  });

  return fc.oneof(
    { weight: 8, arbitrary: oneLeaf },
    { weight: 1, arbitrary: wholeBody },
    { weight: 1, arbitrary: extraField },
    { weight: 1, arbitrary: fc.constant(baselineCase(op, known)) },
  );
}

/** The URL of a case: path parameters filled in and encoded, query string appended. */
export function urlOf(op: Operation, c: RequestCase): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(c.params[name] ?? ''));
  const qs = new URLSearchParams(c.query).toString();
  return qs ? `${path}?${qs}` : path;
}

/** The places of an input schema with no bound: a string without maxLength (enum, uuid and date-time
 * formats are bounded by nature), a number without both minimum and maximum, an array without maxItems. */
export function unboundedParts(schema: JsonSchema, where: string, depth = 0): string[] {
  const s = resolveShallow(schema);
  if (depth > 8 || s.enum || s.const !== undefined) return [];
  const out: string[] = [];
  for (const option of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) {
    out.push(...unboundedParts(option, where, depth + 1));
  }
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (
    types.includes('string') &&
    s.maxLength === undefined &&
    !['uuid', 'date-time', 'email'].includes(s.format ?? '')
  ) {
    out.push(`${where}: string without maxLength`);
  }
  if (types.includes('number') || types.includes('integer')) {
    // zod gives every int the safe-integer range: that is no bound for an int4 column
    const limit = types.includes('integer') ? 2_147_483_647 : 1e12;
    const min = s.minimum ?? s.exclusiveMinimum;
    const max = s.maximum ?? s.exclusiveMaximum;
    if (min === undefined || min < -limit - 1)
      out.push(`${where}: number without a minimum (≥ ${-limit - 1})`);
    if (max === undefined || max > limit) out.push(`${where}: number without a maximum (≤ ${limit})`);
  }
  if (types.includes('array')) {
    if (s.maxItems === undefined) out.push(`${where}: array without maxItems`);
    if (s.items) out.push(...unboundedParts(s.items, `${where}[]`, depth + 1));
  }
  for (const [key, prop] of Object.entries(s.properties ?? {})) {
    out.push(...unboundedParts(prop, `${where}.${key}`, depth + 1));
  }
  return out;
}
