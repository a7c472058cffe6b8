/**
 * The spec's error rules (spec 1 §8) as a pure function, so they can be tested without a browser
 * or i18n: what an HTTP failure should say, as i18n keys with params or plain text.
 */

export interface MessageDescriptor {
  /** An i18n key, e.g. 'error.inactive_product'. */
  key?: string;
  params?: Record<string, unknown>;
  /** Params that are themselves i18n keys, translated before use (e.g. a field error's message). */
  keyParams?: Record<string, string>;
  /** Plain text: shown as is, or when `key` has no translation. */
  text?: string;
}

export interface FailedResponse {
  /** 0 when the server never answered (network failure, timeout). */
  status: number;
  appError?: string | null;
  appParams?: string | null;
  body: unknown;
}

// Bean-validation bound messages are all shown as 'Size' (spec 1 §5).
const SIZE_MESSAGES = new Set(["Min", "Max", "DecimalMin", "DecimalMax", "Size"]);

export const UNKNOWN_ERROR: MessageDescriptor = { key: "error.unknown" };

/** X-App-Params carries URI-encoded JSON; anything unreadable is ignored rather than shown. */
export function parseAppParams(header: string | null | undefined): Record<string, unknown> | undefined {
  if (!header) return undefined;
  try {
    const value: unknown = JSON.parse(decodeURIComponent(header));
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function asRecord(body: unknown): Record<string, unknown> | null {
  return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

/** A server `message` may be a key ('error.x') or words; keys fall back to the title. */
function fromBodyFields(body: unknown): MessageDescriptor | null {
  if (typeof body === "string" && body.trim()) return { text: body.trim() };
  const record = asRecord(body);
  if (!record) return null;
  const params = asRecord(record.params) ?? undefined;
  for (const field of ["message", "error", "title"] as const) {
    const value = record[field];
    if (typeof value !== "string" || !value.trim()) continue;
    if (/^error\.[\w.-]+$/.test(value)) {
      const title = typeof record.title === "string" && record.title !== value ? record.title : undefined;
      return { key: value, params, text: title };
    }
    return { text: value };
  }
  return null;
}

function fieldErrorsOf(body: unknown): MessageDescriptor[] {
  const list = asRecord(body)?.fieldErrors;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const fieldError = asRecord(item);
    if (!fieldError) return [];
    const objectName = String(fieldError.objectName ?? "");
    const field = String(fieldError.field ?? "");
    const message = String(fieldError.message ?? "");
    const name = objectName && field && field !== objectName ? `${objectName}.${field}` : field || objectName;
    return [
      {
        key: "error.field",
        params: { field: name },
        keyParams: { message: `error.${SIZE_MESSAGES.has(message) ? "Size" : message}` },
      },
    ];
  });
}

/**
 * Messages for a failed call: status 0 → not reachable; 400 → app-error header, else field
 * errors, else the body; 401 → nothing (the session is cleared instead); 404 → not found;
 * anything else → the body's words, else 'Unknown error!'.
 */
export function describeHttpError(response: FailedResponse): MessageDescriptor[] {
  const { status, body } = response;
  if (status === 0) return [{ key: "error.http.0" }];
  if (status === 401) return [];
  if (status === 404) return [{ key: "error.http.404" }];
  if (status === 400) {
    if (response.appError) return [{ key: response.appError, params: parseAppParams(response.appParams) }];
    const fieldErrors = fieldErrorsOf(body);
    if (fieldErrors.length) return fieldErrors;
  }
  return [fromBodyFields(body) ?? UNKNOWN_ERROR];
}
