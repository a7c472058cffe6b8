import { describeHttpError, type MessageDescriptor, parseAppParams } from "./error-message.ts";
import { currentLanguage, exists, t } from "./i18n.ts";
import { clearSession, getToken } from "./session.ts";

/** Spec 1 §7: every call gives up after 60 s. */
export const REQUEST_TIMEOUT_MS = 60_000;

export interface ApiNotifier {
  error(message: string): void;
  success(message: string): void;
}

let notifier: ApiNotifier = {
  error: (message) => console.error(message),
  success: () => {},
};

/** The app wires toasts in here, so this module stays free of React and UI. */
export function setApiNotifier(next: ApiNotifier): void {
  notifier = next;
}

/** Says a failed call's messages, for a caller that asked quietly and then decided to say them. */
export function reportApiError(error: ApiError): void {
  for (const message of error.messages) notifier.error(message);
}

/** A failed call: its status (0 when unanswered), body, and the messages already translated. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Headers | null,
    readonly messages: string[],
  ) {
    super(messages[0] ?? `HTTP ${status}`);
    this.name = "ApiError";
  }

  /** The server's error key without the 'error.' prefix, e.g. 'inactive_product'. */
  get key(): string | null {
    const header = this.headers?.get("X-App-Error");
    const message = (this.body as { message?: unknown } | null)?.message;
    const value = header ?? (typeof message === "string" ? message : null);
    return value?.startsWith("error.") ? value.slice(6) : null;
  }

  /** The seconds a throttled call (429) is told to wait, from its Retry-After header. */
  get retryAfterSeconds(): number | null {
    const seconds = Number(this.headers?.get("Retry-After"));
    return seconds > 0 ? seconds : null;
  }
}

export interface ApiRequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The caller shows errors itself (account, authenticate, table-code lookup: spec 1 §8). */
  quiet?: boolean;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

export function translate(descriptor: MessageDescriptor): string {
  const params: Record<string, unknown> = { ...descriptor.params };
  for (const [name, key] of Object.entries(descriptor.keyParams ?? {})) params[name] = exists(key) ? t(key) : key;
  if (descriptor.key && exists(descriptor.key)) return t(descriptor.key, params);
  return descriptor.text ?? t("error.unknown");
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  if ((response.headers.get("content-type") ?? "").includes("json")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function fail(status: number, body: unknown, headers: Headers | null, quiet: boolean, sentToken: string | null): ApiError {
  const descriptors = describeHttpError({
    status,
    appError: headers?.get("X-App-Error"),
    appParams: headers?.get("X-App-Params"),
    body,
  });
  const messages = descriptors.map(translate);
  // Only a 401 means the session ended; sign-in screens appear where they are needed. A 403 is a
  // signed-in user asking for what is not theirs (another area's ticket): the screen says so, and
  // signing them out would be wrong (issue 15, a departure from spec 1 §7's "401 or 403"). An
  // answer to a call made before a sign-in says nothing of the session that sign-in started.
  if (status === 401 && sentToken === getToken()) clearSession("login.error.unauthorized");
  if (!quiet) for (const message of messages) notifier.error(message);
  return new ApiError(status, body, headers, messages);
}

/**
 * The one HTTP client: bearer token, language, JSON, timeout, and the spec's error handling in
 * one place, so every screen fails the same way.
 */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<ApiResponse<T>> {
  const { method = "GET", body, quiet = false } = options;
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Accept-Language": currentLanguage(),
    ...options.headers,
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener("abort", forwardAbort);

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (error) {
    // A caller's own abort (e.g. a query that is no longer needed) is not a failure to report.
    if (options.signal?.aborted && !timedOut) throw error;
    throw fail(0, null, null, quiet, token);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", forwardAbort);
  }

  let data: unknown;
  try {
    data = await readBody(response);
  } catch {
    throw fail(0, null, null, quiet, token);
  }
  if (!response.ok) throw fail(response.status, data, response.headers, quiet, token);

  const alert = response.headers.get("X-App-Alert");
  if (alert)
    notifier.success(translate({ key: alert, params: parseAppParams(response.headers.get("X-App-Params")), text: alert }));
  return { data: data as T, status: response.status, headers: response.headers };
}

export async function apiGet<T>(path: string, options: Omit<ApiRequestOptions, "method" | "body"> = {}): Promise<T> {
  return (await apiFetch<T>(path, options)).data;
}

export async function apiPost<T>(
  path: string,
  body: unknown = {},
  options: Omit<ApiRequestOptions, "method" | "body"> = {},
): Promise<T> {
  return (await apiFetch<T>(path, { ...options, method: "POST", body })).data;
}

/** Errors that are not HTTP answers show their own message (spec 1 §8). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.messages[0] ?? t("error.unknown");
  if (error instanceof Error && error.message) return error.message;
  return t("error.unknown");
}
