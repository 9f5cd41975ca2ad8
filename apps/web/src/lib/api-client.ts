import { MESSAGES } from '@fantarift/core';

/** The error body every API route answers with on a 4xx/5xx status. */
interface ApiErrorBody {
  code: string;
  message: string;
  details?: unknown;
}

/** A failed API call. `message` is the Italian text to show (the server already localises it). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  get isClientError() {
    return this.status >= 400 && this.status < 500;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

export type ApiFetchInit = Omit<RequestInit, 'body'> & {
  /** Serialised as JSON. */
  body?: unknown;
};

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiErrorBody).code === 'string' &&
    typeof (value as ApiErrorBody).message === 'string'
  );
}

async function readJson(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (response.status === 204 || !type.includes('application/json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** Sends an API request: the browser's fetch, or the server's in-process answers while it paints a first screen. */
type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

// `fetch` is looked up at each call (tests replace the global)
let transport: ApiTransport = (path, init) => fetch(path, init);

/**
 * Where API requests go from now on. Only the server's first-screen renderer (src/first-screen-server.tsx)
 * sets it, once, so the app's own query functions read the signed-in user's answers in-process.
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/**
 * Calls the FantaRift API. The session travels in an httpOnly cookie, so there is
 * no token to attach; a non-2xx answer throws an {@link ApiError}.
 */
export async function apiFetch<T>(path: string, init: ApiFetchInit = {}): Promise<T> {
  const { body, headers: initHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  headers.set('Accept', 'application/json');
  // Only declare a JSON body when there is one: Fastify rejects an empty body sent as JSON.
  if (body !== undefined) headers.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await transport(path, {
      credentials: 'same-origin',
      ...rest,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', MESSAGES.common.networkError, error);
  }

  const data = await readJson(response);
  if (!response.ok) {
    if (isErrorBody(data)) throw new ApiError(response.status, data.code, data.message, data.details);
    throw new ApiError(response.status, 'HTTP_ERROR', MESSAGES.common.unexpectedError);
  }
  return data as T;
}
