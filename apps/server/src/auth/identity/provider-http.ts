import { type IdentityProfile, IdentityVerificationError } from "./identity-profile.ts";

/** How long one call to a sign-in provider may take before the sign-in is refused. */
export const PROVIDER_TIMEOUT_MS = 10_000;

/** A provider's answer: its HTTP status and its JSON body (not yet trusted). */
export interface ProviderAnswer {
  status: number;
  ok: boolean;
  body: unknown;
}

/**
 * Calls a provider endpoint and reads its JSON answer, whatever the status, so callers can read
 * the provider's own error shape. Network failures, timeouts and non-JSON bodies become
 * IdentityVerificationError; the URL is never quoted since it may carry a token.
 */
export async function fetchProviderJson(
  provider: IdentityProfile["provider"],
  step: string,
  url: URL,
  init: RequestInit = {},
): Promise<ProviderAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    throw new IdentityVerificationError(provider, `${step}: ${describeFetchFailure(error)}`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    const reason = isTimeout(error) ? "timed out" : `HTTP ${response.status} without a JSON body`;
    throw new IdentityVerificationError(provider, `${step}: ${reason}`);
  }
  return { status: response.status, ok: response.ok, body };
}

/** Narrows an untrusted JSON value to an object whose fields can be read. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads an optional string field of a provider answer, treating anything else as absent. */
export function optionalString(record: Record<string, unknown>, key: string): string | null {
  const value = record[key];
  return typeof value === "string" && value !== "" ? value : null;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === "TimeoutError";
}

function describeFetchFailure(error: unknown): string {
  if (isTimeout(error)) return "timed out";
  const cause = error instanceof Error ? error.cause : undefined;
  if (isRecord(cause) && typeof cause.code === "string") return `network error (${cause.code})`;
  return "network error";
}
