/**
 * The one HTTP client of the app (spec §7, §8).
 * - every call: same-origin cookies, `X-ORIGEM` header, `Accept-Language` of the chosen language;
 * - non-GET calls: `X-CSRFToken` with the value of Django's `csrftoken` cookie (fetched once from
 *   GET /api/auth/csrf when the cookie is not there yet);
 * - any 401: the user is sent to the login page AND the error is passed on to the caller;
 * - any other status is passed on unchanged, as an ApiError carrying status, code and message.
 */
import { BASE_PATH, paths } from '@/config/paths';

export const API_URL = import.meta.env.VITE_API_URL ?? '/api';
export const ORIGEM = import.meta.env.VITE_ORIGEM ?? 'vercel';
export const CSRF_COOKIE = 'csrftoken';

export type ApiErrorInit = {
  status: number;
  code: string;
  message: string;
  fields?: Record<string, string> | null;
  cause?: unknown;
};

/** A failed call. `status` 0 means no response at all (network down, CORS, DNS). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | null;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

let language = 'pt-BR';
/** Language sent as Accept-Language (the server answers error messages in it). */
export function setApiLanguage(value: string): void {
  language = value;
}

/** Where the browser is and how to leave it (an object so tests can observe navigations). */
export const browserLocation = {
  pathname: (): string => window.location.pathname,
  assign: (url: string): void => window.location.assign(url),
  reload: (): void => window.location.reload(),
};

let redirecting = false;
function redirectToLogin(): void {
  const login = `${BASE_PATH}${paths.login.getHref()}`;
  // Several calls answer 401 at once (a screen's list and its summary): navigate once, or the second
  // navigation aborts the first. The page itself is replaced by the navigation.
  if (redirecting || browserLocation.pathname().startsWith(login)) return;
  redirecting = true;
  browserLocation.assign(login);
}

/** Tests: forget a redirect under way (in a browser the navigation replaces the page). */
export function resetLoginRedirect(): void {
  redirecting = false;
}

let unauthorizedHandler: (error: ApiError) => void = redirectToLogin;
/** Replace what a 401 does (tests, or a router-aware navigation). `null` restores the default. */
export function setUnauthorizedHandler(handler: ((error: ApiError) => void) | null): void {
  unauthorizedHandler = handler ?? redirectToLogin;
}

export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return undefined;
}

/**
 * A sensitive call refused with 403 `step_up_required` (the session's second factor is not fresh:
 * "verify") or 403 `second_factor_enrolment_required` (the user has no second factor at all: "enrol"):
 * the handler asks the person for a code, or to enrol a factor (the step-up dialog), and answers
 * whether it was done; the call is then made once more. Without a handler (or when it answers false)
 * the error goes to the caller.
 */
export type StepUpReason = 'verify' | 'enrol';
const STEP_UP_REASONS: Record<string, StepUpReason> = {
  step_up_required: 'verify',
  second_factor_enrolment_required: 'enrol',
};
let stepUpHandler: ((reason: StepUpReason) => Promise<boolean>) | null = null;
export function setStepUpHandler(handler: ((reason: StepUpReason) => Promise<boolean>) | null): void {
  stepUpHandler = handler;
}

let csrfFromServer: string | undefined;

async function csrfToken(forceRefresh = false): Promise<string> {
  if (!forceRefresh) {
    const cookie = readCookie(CSRF_COOKIE);
    if (cookie) return cookie;
    if (csrfFromServer) return csrfFromServer;
  }
  const answer = await request<{ csrfToken: string }>('/auth/csrf', { method: 'GET' });
  csrfFromServer = answer.csrfToken;
  return readCookie(CSRF_COOKIE) ?? answer.csrfToken;
}

/** For tests: forget a token fetched from the server. */
export function resetCsrfCache(): void {
  csrfFromServer = undefined;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;
/** Query parameters; a list is sent as the same key repeated (`status=a&status=b`). */
type Query = Record<string, QueryValue | readonly QueryValue[]>;

export type RequestOptions = {
  method?: Method;
  body?: unknown;
  params?: Query;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

function buildUrl(path: string, params?: Query): string {
  const url = `${API_URL}${path.startsWith('/') ? path : `/${path}`}`;
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? (value as readonly QueryValue[]) : [value as QueryValue]) {
      if (item !== undefined && item !== null && item !== '') search.append(key, String(item));
    }
  }
  const qs = search.toString();
  return qs ? `${url}?${qs}` : url;
}

function errorFromResponse(response: Response, data: unknown): ApiError {
  const body = (data && typeof data === 'object' ? data : {}) as Partial<ApiErrorInit>;
  return new ApiError({
    status: response.status,
    code: typeof body.code === 'string' ? body.code : `http_${response.status}`,
    message: typeof body.message === 'string' ? body.message : response.statusText || `HTTP ${response.status}`,
    fields: body.fields ?? null,
  });
}

async function request<T>(path: string, options: RequestOptions, csrfRetried = false, steppedUp = false): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': language,
    'X-ORIGEM': ORIGEM,
    ...options.headers,
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body instanceof Blob) {
    // A file sent as itself (e.g. PUT /api/company/logo): the server checks its content.
    headers['Content-Type'] = options.body.type || 'application/octet-stream';
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (method !== 'GET') headers['X-CSRFToken'] = await csrfToken(csrfRetried);

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.params), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: 'network_error', message: String(error), cause: error });
  }

  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }

  if (response.status === 401) {
    const error = errorFromResponse(response, data);
    unauthorizedHandler(error);
    throw error;
  }
  if (!response.ok) {
    const error = errorFromResponse(response, data);
    // A rotated or missing CSRF token (e.g. after login) gets one fresh try.
    if (error.code === 'csrf_failed' && method !== 'GET' && !csrfRetried) {
      return request<T>(path, options, true, steppedUp);
    }
    const stepUp = response.status === 403 ? STEP_UP_REASONS[error.code] : undefined;
    if (stepUp && stepUpHandler && !steppedUp && (await stepUpHandler(stepUp))) {
      return request<T>(path, options, true, true);
    }
    throw error;
  }
  return data as T;
}

type Options = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options: Options = {}) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Options = {}) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options: Options = {}) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options: Options = {}) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options: Options = {}) => request<T>(path, { ...options, method: 'DELETE' }),
};
