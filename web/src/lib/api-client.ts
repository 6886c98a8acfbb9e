import type { Problem } from "@shop/contract/problem";
import type { z } from "zod";

import { getAccessToken } from "@/lib/access-token";
import { t } from "@/lib/i18n";

/** SPEC's `{host}` is `<origin>/api`. */
export const API_BASE_URL = "/api";

/**
 * Lists carry their full count in this header (TOTAL_COUNT_HEADER in @shop/contract/catalogue).
 * Repeated here, not imported: a value import of the contract would pull zod into the entry
 * chunk of every page.
 */
const TOTAL_COUNT_HEADER = "X-Total-Count";

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions<T> = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON, or as-is when it is FormData (file uploads). */
  body?: unknown;
  /** Appended as `?key=value`; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  /** When given, the response body is validated with it (and typed by it). */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

export type ApiErrorInit = {
  status: number;
  title: string;
  detail?: string;
  errors?: Record<string, string>;
  cause?: unknown;
};

/**
 * Every failed API call ends as an ApiError: an HTTP error carrying the problem+json fields
 * (RFC 9457), or a network / unreadable-response failure with status 0.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  /** HTTP status; 0 when no usable response arrived (offline, DNS, CORS, bad body). */
  readonly status: number;
  readonly title: string;
  readonly detail: string | undefined;
  /** Validation failures, one message per field path. */
  readonly errors: Readonly<Record<string, string>>;

  constructor({ status, title, detail, errors, cause }: ApiErrorInit) {
    super(detail ?? title, { cause });
    this.status = status;
    this.title = title;
    this.detail = detail;
    this.errors = errors ?? {};
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * A thing asked for by id that is not there: the API answers 404 for an unknown id, 400 for one
 * that is not an id at all.
 */
export function isUnknownIdError(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

/** A message fit to show a shopper, whatever was thrown. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return t("errors.generic");
}

// Read when an error is made, in the page's language (the catalogue is loaded by then).
export const networkErrorTitle = () => t("errors.network");
export const badResponseTitle = () => t("errors.badResponse");

/** A failed answer's title when the server sent no problem of its own (a proxy's error page). */
function statusTitle(status: number): string {
  if (status === 401) return t("errors.http401");
  if (status === 403) return t("errors.http403");
  if (status === 404) return t("errors.http404");
  if (status === 408) return t("errors.http408");
  if (status === 429) return t("errors.http429");
  if (status >= 500) return t("errors.http5xx");
  return t("errors.http", { status });
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE_URL}${path.startsWith("/") ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

export function buildHeaders(body: unknown, extra?: Record<string, string>): Headers {
  const headers = new Headers({ Accept: "application/json, application/problem+json" });
  if (body !== undefined && !(body instanceof FormData)) {
    headers.set("Content-Type", "application/json");
  }
  const token = getAccessToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  for (const [key, value] of Object.entries(extra ?? {})) headers.set(key, value);
  return headers;
}

function isJson(response: Response): boolean {
  const type = response.headers.get("Content-Type") ?? "";
  return /\bjson\b/i.test(type);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === "") return undefined;
  return JSON.parse(text) as unknown;
}

type ProblemFields = Pick<Problem, "title" | "detail" | "errors">;

/** Reads the RFC 9457 fields we show; anything malformed is dropped rather than trusted. */
function readProblem(data: unknown): ProblemFields | null {
  if (typeof data !== "object" || data === null) return null;
  const { title, detail, errors } = data as Record<string, unknown>;
  if (typeof title !== "string" || title.trim() === "") return null;
  const fieldErrors: Record<string, string> = {};
  if (typeof errors === "object" && errors !== null) {
    for (const [field, message] of Object.entries(errors)) {
      if (typeof message === "string") fieldErrors[field] = message;
    }
  }
  return {
    title,
    detail: typeof detail === "string" && detail.trim() !== "" ? detail : undefined,
    errors: fieldErrors,
  };
}

/** A failed answer as an ApiError: its problem's fields, or a title for its status. */
export function httpError(status: number, data: unknown, cause?: unknown): ApiError {
  const problem = readProblem(data);
  return new ApiError(problem ? { status, ...problem } : { status, title: statusTitle(status), cause });
}

async function toHttpError(response: Response): Promise<ApiError> {
  if (!isJson(response)) return httpError(response.status, undefined);
  try {
    return httpError(response.status, await readJson(response));
  } catch (cause) {
    return httpError(response.status, undefined, cause);
  }
}

async function send(path: string, options: RequestOptions<unknown>): Promise<Response> {
  const { method = "GET", body, query, signal, headers } = options;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers: buildHeaders(body, headers),
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      credentials: "same-origin",
      signal,
    });
  } catch (cause) {
    // Cancellation (e.g. TanStack Query aborting a stale request) is not a failure to report.
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError({ status: 0, title: networkErrorTitle(), cause });
  }
  if (!response.ok) throw await toHttpError(response);
  return response;
}

async function parseBody<T>(response: Response, schema?: z.ZodType<T>): Promise<T> {
  let data: unknown;
  try {
    data = await readJson(response);
  } catch (cause) {
    throw new ApiError({ status: 0, title: badResponseTitle(), cause });
  }
  return validated(data, schema);
}

/** The answer as `schema` reads it (as it came without one); one that does not fit is an ApiError. */
export function validated<T>(data: unknown, schema: z.ZodType<T> | undefined): T {
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError({ status: 0, title: badResponseTitle(), cause: parsed.error });
  }
  return parsed.data;
}

/** One API call: JSON in, JSON out, bearer token attached, failures as ApiError. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const response = await send(path, options);
  return parseBody(response, options.schema);
}

export type ListResult<T> = {
  items: T[];
  /** The full count from the X-Total-Count header (the page length when it is missing). */
  total: number;
  /** The server stopped counting at a cap: `total` is the cap + 1, "more than" the cap. */
  capped?: boolean;
};

/**
 * A growing list's next page parameter (TanStack's getNextPageParam): the number of items already
 * loaded, i.e. the next page's offset; undefined once all `total` are loaded or a page came back empty.
 */
export const nextOffset = <T>(lastPage: ListResult<T>, pages: ListResult<T>[]) => {
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  return lastPage.items.length > 0 && loaded < lastPage.total ? loaded : undefined;
};

/** A list call: the body is an array, the full count comes in the X-Total-Count header. */
export async function apiList<T>(
  path: string,
  options: Omit<RequestOptions<T[]>, "method" | "body"> = {},
): Promise<ListResult<T>> {
  const response = await send(path, options);
  const items = await parseBody(response, options.schema);
  if (!Array.isArray(items)) {
    throw new ApiError({ status: 0, title: badResponseTitle() });
  }
  const header = Number.parseInt(response.headers.get(TOTAL_COUNT_HEADER) ?? "", 10);
  return { items, total: Number.isFinite(header) && header >= 0 ? header : items.length };
}

/** One API call whose answer the caller reads itself (a file download); failures as ApiError. */
export const apiResponse = (path: string, options: Omit<RequestOptions<never>, "schema"> = {}) =>
  send(path, options);

type BodylessOptions<T> = Omit<RequestOptions<T>, "method" | "body">;

export const api = {
  get: <T = unknown>(path: string, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: "GET" }),
  post: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: "POST", body }),
  put: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: "PUT", body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: "PATCH", body }),
  delete: <T = unknown>(path: string, options?: BodylessOptions<T>) =>
    apiRequest<T>(path, { ...options, method: "DELETE" }),
  list: apiList,
};
