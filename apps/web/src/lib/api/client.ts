import { type ApiFetchInit, apiFetch } from '@/lib/api-client';
import type { components, paths } from './schema.gen';

/**
 * The API typed from its OpenAPI document (`schema.gen.ts`, written by `npm run api:generate`): a call
 * names the route as the server declares it (`/api/leagues/{leagueId}/roster`), and its path parameters,
 * query, body and answer are checked against that route's schemas. The request itself goes through
 * `apiFetch` (session cookie, JSON, `ApiError` with the server's Italian message).
 */

/** A named schema of the API (`League`, `MyRoster`, ...), as the server sends it. */
export type ApiSchema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** The routes, each by the path the web app calls: a prefix's root (`/api/leagues/`) without its slash. */
type Routes = { [P in keyof paths as P extends `${infer Root}/` ? Root : P]: paths[P] };

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths that answer `M`. */
export type ApiPath<M extends Method> = {
  [P in keyof Routes]: undefined extends Routes[P][M] ? never : P;
}[keyof Routes];

type Operation<M extends Method, P extends ApiPath<M>> = NonNullable<Routes[P][M]>;

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : undefined;

/** The body of a route's 2xx answer (undefined for 204). */
export type ApiResponse<M extends Method, P extends ApiPath<M>> =
  Operation<M, P> extends { responses: infer R } ? Json<R[Extract<keyof R, 200 | 201 | 204>]> : never;

/** The JSON body a route takes. */
export type ApiBody<M extends Method, P extends ApiPath<M>> = Json<
  NonNullable<Operation<M, P>['requestBody']>
>;

/** The query a route takes. */
export type ApiQuery<M extends Method, P extends ApiPath<M>> = NonNullable<
  Operation<M, P>['parameters']['query']
>;

type Scalar = string | number | boolean;

type PathOptions<O> = O extends { parameters: { path: infer Params } }
  ? { params: Params }
  : { params?: never };

type QueryOptions<O> = O extends { parameters: { query?: infer Query } }
  ? [NonNullable<Query>] extends [never]
    ? { query?: never }
    : { query?: Query }
  : { query?: never };

// A route without a body still accepts an empty object: some writes send `{}` so that the request is JSON.
type BodyOptions<O> = O extends { requestBody: { content: { 'application/json': infer Body } } }
  ? { body: Body }
  : O extends { requestBody?: { content: { 'application/json': infer Body } } }
    ? { body?: Body }
    : { body?: Record<string, never> };

type RequestOptions<O> = PathOptions<O> &
  QueryOptions<O> &
  BodyOptions<O> &
  Omit<ApiFetchInit, 'body' | 'method'>;

/** Optional when the route needs neither path parameters nor a body. */
type OptionsArgument<O> =
  object extends RequestOptions<O> ? [options?: RequestOptions<O>] : [options: RequestOptions<O>];

/** The URL of a route: its parameters filled in and encoded, then the query's defined values in order. */
export function apiUrl(
  path: string,
  params: Record<string, Scalar> = {},
  query: Record<string, Scalar | readonly Scalar[] | undefined | null> = {},
): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`apiUrl: ${path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

interface RawOptions extends ApiFetchInit {
  params?: Record<string, Scalar>;
  query?: Record<string, Scalar | readonly Scalar[] | undefined>;
}

function send(method: Method, path: string, { params, query, ...init }: RawOptions = {}) {
  return apiFetch(apiUrl(path, params, query), {
    ...(method === 'get' ? {} : { method: method.toUpperCase() }),
    ...init,
  });
}

function request<M extends Method>(method: M) {
  return <P extends ApiPath<M>>(
    path: P,
    ...options: OptionsArgument<Operation<M, P>>
  ): Promise<ApiResponse<M, P>> =>
    send(method, path, ...(options as unknown as [RawOptions?])) as Promise<ApiResponse<M, P>>;
}

export const api = {
  get: request('get'),
  post: request('post'),
  put: request('put'),
  patch: request('patch'),
  delete: request('delete'),
};
