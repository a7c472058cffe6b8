/**
 * The staff apps' service worker (docs/decisions/043-staff-apps-service-worker.md), built to
 * /sw.js and registered by the waiter's, the kitchen's and the till's screens for their own paths
 * only, so a guest's server-rendered pages never pass through it. A reload in a dead spot opens
 * the screen from the cached shell with the last answers its token read; the token itself is
 * never stored here, and an answer is not served past the token's expiry.
 */
import {
  bearerToken,
  CACHED_UNTIL_HEADER,
  DATA_CACHE_PREFIX,
  DROP_DATA_MESSAGE,
  dataCacheName,
  isStillValid,
  requestHandling,
  SHELL_CACHE_PREFIX,
  SHELL_PAGE,
  shellCacheName,
  tokenExpiresAt,
} from "./staff-cache-rules.ts";

/** The build's files, written in by the build (apps/web/vite.config.ts, staffServiceWorker). */
declare const __STAFF_SHELL__: { version: string; files: string[] };

// The project's TypeScript knows the page's globals, not a worker's: the few used here.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface MessageEventLike extends ExtendableEvent {
  data: unknown;
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: MessageEventLike) => void): void;
}
const worker = self as unknown as WorkerScope;

const shell = __STAFF_SHELL__;
const SHELL_CACHE = shellCacheName(shell.version);

async function cachesNamed(prefix: string): Promise<string[]> {
  return (await caches.keys()).filter((name) => name.startsWith(prefix));
}

worker.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // The page past any HTTP cache, so the shell and its file list are of the same build.
      await cache.put(SHELL_PAGE, await fetch(SHELL_PAGE, { cache: "reload" }));
      await cache.addAll(shell.files);
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const old = (await cachesNamed(SHELL_CACHE_PREFIX)).filter((name) => name !== SHELL_CACHE);
      await Promise.all(old.map((name) => caches.delete(name)));
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener("message", (event) => {
  if (event.data !== DROP_DATA_MESSAGE) return;
  event.waitUntil(dropData());
});

async function dropData(keep?: string): Promise<void> {
  const names = (await cachesNamed(DATA_CACHE_PREFIX)).filter((name) => name !== keep);
  await Promise.all(names.map((name) => caches.delete(name)));
}

async function page(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    // The freshest shell seen is the one a reload without network gets.
    if (response.ok) await (await caches.open(SHELL_CACHE)).put(SHELL_PAGE, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(SHELL_PAGE, { cacheName: SHELL_CACHE });
    if (cached) return cached;
    throw error;
  }
}

async function asset(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: SHELL_CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).pathname.startsWith("/assets/")) {
    await (await caches.open(SHELL_CACHE)).put(request, response.clone());
  }
  return response;
}

async function data(request: Request, token: string): Promise<Response> {
  const cacheName = await dataCacheName(token);
  const expiresAt = tokenExpiresAt(token);
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    const cache = await caches.open(cacheName);
    const cached = await cache.match(request);
    if (cached && isStillValid(cached.headers.get(CACHED_UNTIL_HEADER), Date.now())) return cached;
    // Past its token's life: nothing under that token is served again.
    if (cached) await caches.delete(cacheName);
    throw error;
  }
  if (response.ok && expiresAt !== null && Date.now() < expiresAt) {
    const headers = new Headers(response.headers);
    headers.set(CACHED_UNTIL_HEADER, String(expiresAt));
    const copy = new Response(await response.clone().arrayBuffer(), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
    // One session per browser: a new token's answers replace every earlier token's.
    await dropData(cacheName);
    await (await caches.open(cacheName)).put(request, copy);
  }
  return response;
}

worker.addEventListener("fetch", (event) => {
  const { request } = event;
  const handling = requestHandling({
    method: request.method,
    url: request.url,
    mode: request.mode,
    origin: worker.location.origin,
    authorization: request.headers.get("authorization"),
  });
  if (handling === "network") return;
  if (handling === "page") event.respondWith(page(request));
  else if (handling === "asset") event.respondWith(asset(request));
  else event.respondWith(data(request, bearerToken(request.headers.get("authorization")) ?? ""));
});
