// The constant, not the paging schema: this module is in every page's first chunk, and the schema brings yup.
import { TOTAL_COUNT_HEADER } from '../../common/constants';
import type { ApiError as ApiErrorBody } from '../../common/api-types';

/** A non-OK response. `message` is '{status}: {body text}' as spec section 8 defines; `body` keeps the parsed error. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Partial<ApiErrorBody> | null,
    /** The server asked to try again later (it sent Retry-After). */
    readonly retryLater = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server's human message, for toasts that show 'the server detail'. */
  get detail(): string | undefined {
    return this.body?.message;
  }

  get fields(): Record<string, string> | undefined {
    return this.body?.fields;
  }
}

/** The error of a non-OK answer, whichever way it was requested (fetch here, XMLHttpRequest for uploads). */
export function apiError(status: number, statusText: string, text: string, retryLater = false): ApiError {
  let body: Partial<ApiErrorBody> | null = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return new ApiError(status, `${status}: ${text || statusText}`, body, retryLater);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** The version of the record the change was made to: the server refuses it (412) if the record has moved on. */
  ifMatch?: number;
  /** One key per attempt (a payment, a booking): a retry of the same attempt with it is answered as the first was. */
  idempotencyKey?: string;
}

/** A fresh UUID v4 for an Idempotency-Key (getRandomValues also works on plain-HTTP origins, where randomUUID does not exist). */
export function newAttemptKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The one fetch client: same-origin, cookies always, JSON in and out. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const init: RequestInit = { method: options.method ?? 'GET', credentials: 'include', signal: options.signal, headers: {} };
  if (options.body !== undefined) {
    init.body = JSON.stringify(options.body);
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
  }
  if (options.ifMatch !== undefined) (init.headers as Record<string, string>)['If-Match'] = `"${options.ifMatch}"`;
  if (options.idempotencyKey) (init.headers as Record<string, string>)['Idempotency-Key'] = options.idempotencyKey;
  const response = await fetch(path, init);
  if (!response.ok) throw apiError(response.status, response.statusText, await response.text(), response.headers.has('Retry-After'));
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** One page of a list and how many rows match in all (the server's X-Total-Count header). */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/** GET a paged list: the body is the page, X-Total-Count the number of matches. */
export async function apiPage<T>(path: string): Promise<ListPage<T>> {
  const response = await fetch(path, { credentials: 'include' });
  if (!response.ok) throw apiError(response.status, response.statusText, await response.text(), response.headers.has('Retry-After'));
  const items = (await response.json()) as T[];
  return { items, total: Number(response.headers.get(TOTAL_COUNT_HEADER) ?? items.length) };
}

/** A path with the query parameters that have a value (blank and undefined ones left out). */
export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(name, String(value));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The request never got an answer: offline, or the server out of reach (fetch rejects with a TypeError). */
export const isNetworkFailure = (error: unknown): boolean => error instanceof TypeError;

/** A change refused because the record changed elsewhere (412): the screen shows the newer version. */
export const isStaleWrite = (error: unknown): boolean => error instanceof ApiError && error.status === 412;

/** Default loader: GET the query key's segments joined by slashes. Throws on 401 unless asked for null. */
export async function getByKey<T>(queryKey: readonly unknown[], on401: 'throw' | 'returnNull' = 'throw'): Promise<T | null> {
  const path = queryKey.map(String).join('/');
  try {
    return await apiRequest<T>(path);
  } catch (err) {
    if (on401 === 'returnNull' && err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/** A file the server sends as an attachment: its bytes and the name it gave (else `fallbackName`). */
export async function fetchAttachment(path: string, fallbackName: string): Promise<{ blob: Blob; filename: string }> {
  const response = await fetch(path, { credentials: 'include' });
  if (!response.ok) throw apiError(response.status, response.statusText, await response.text());
  const filename = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  return { blob: await response.blob(), filename };
}
