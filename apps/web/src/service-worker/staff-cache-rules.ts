/**
 * What the staff apps' service worker does with each request (docs/decisions/043-staff-apps-service-worker.md).
 * Pure rules, apart from the worker itself, so they are tested without a browser; only the
 * worker imports this module, so its build stays one file with no imports.
 */

/** The app's shell (index.html and the build's files), one cache per build. */
export const SHELL_CACHE_PREFIX = "staff-shell-";
/** The staff's last answers from the API, one cache per sign-in token. */
export const DATA_CACHE_PREFIX = "staff-data-";
/** Where a cached answer says until when it may be served: its token's expiry, in ms since the epoch. */
export const CACHED_UNTIL_HEADER = "x-staff-cached-until";
/** The page the worker answers a staff navigation with when the network does not. */
export const SHELL_PAGE = "/index.html";
/** The message a page sends when its session ends: every cached answer goes. */
export const DROP_DATA_MESSAGE = "drop-staff-data";

/**
 * - page: a staff screen opened or reloaded: network first, else the cached shell;
 * - asset: a file of the build: the cache first (hashed names never change), else the network;
 * - data: a signed-in read of the API: network first, else the token's cached answer;
 * - network: anything else (writes, other origins, anonymous reads) goes by as if there were no worker.
 */
export type RequestHandling = "page" | "asset" | "data" | "network";

export interface RequestFacts {
  method: string;
  url: string;
  mode: string;
  /** The worker's own origin. */
  origin: string;
  authorization: string | null;
}

const API_PREFIXES = ["/api/", "/management/"];

export function requestHandling({ method, url, mode, origin, authorization }: RequestFacts): RequestHandling {
  if (method !== "GET") return "network";
  const { origin: requestOrigin, pathname } = new URL(url);
  if (requestOrigin !== origin) return "network";
  if (mode === "navigate") return "page";
  if (API_PREFIXES.some((prefix) => pathname.startsWith(prefix))) {
    return bearerToken(authorization) ? "data" : "network";
  }
  return "asset";
}

export function bearerToken(authorization: string | null): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? "");
  return match ? match[1] : null;
}

function decodeBase64Url(part: string): string {
  const base64 = part.replaceAll("-", "+").replaceAll("_", "/");
  const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "=")), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * When the token stops being valid, in ms since the epoch, from its own `exp` claim (the server
 * signs JWTs with one); null when it carries none, and then nothing is cached under it.
 * The signature is the server's to check: this only bounds how long the device keeps answers.
 */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const { exp } = JSON.parse(decodeBase64Url(payload)) as { exp?: unknown };
    return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** A cached answer is served only while the token it was read with is still valid. */
export function isStillValid(cachedUntil: string | null, now: number): boolean {
  const until = Number(cachedUntil);
  return cachedUntil !== null && Number.isFinite(until) && now < until;
}

/**
 * The cache of one token's answers: named by a digest of the token, never the token itself, so
 * another sign-in (another user, or the same one again) never reads what this one cached.
 */
export async function dataCacheName(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${DATA_CACHE_PREFIX}${hex.slice(0, 32)}`;
}

/** The shell cache of one build, named by the build's file list so a new build gets a new cache. */
export function shellCacheName(version: string): string {
  return `${SHELL_CACHE_PREFIX}${version}`;
}
